import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassToken } from '#shared/pass-token.ts';
import { passBarcodes, passes, users } from '../../db/schema/index.ts';
import { demoEmail } from '../../db/seed/demo-accounts.ts';
import { currentBarcode } from '../../services/passes/pass-barcodes.ts';
import { changesSettled, drainPages, insertBadgedPeople, whileBusy } from '../../testing/lead.ts';
import { createTestApp } from '../../testing/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pass-barcode-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const DURING_EVENT = new Date('2026-03-25T10:00:00Z');

async function servedKeys() {
  const res = await t.app.inject({ method: 'GET', url: '/api/pass/keys' });
  expect(res.statusCode).toBe(200);
  const { keys } = res.json() as { keys: { kid: string; publicKey: string }[] };
  return Object.fromEntries(keys.map((k) => [k.kid, k.publicKey]));
}

async function passOf(email: string) {
  const [row] = await t.database.db
    .select({ pass: passes, user: users })
    .from(passes)
    .innerJoin(users, eq(users.id, passes.userId))
    .where(eq(users.email, email));
  if (!row) throw new Error(`no pass for ${email}`);
  return row;
}

/** The id of the pass's current barcode, which the token carries as `pid`. */
async function currentBarcodeId(passId: string) {
  const rows = await t.database.db.select().from(passBarcodes).where(eq(passBarcodes.passId, passId));
  const current = rows.filter((row) => row.revokedAt === null);
  expect(current).toHaveLength(1);
  return current[0]?.id;
}

async function revocations(query = '', headers: Record<string, string> = {}) {
  return whileBusy(
    () => t.app.inject({ method: 'GET', url: `/api/pass/revocations${query}`, headers }),
    (answer) => answer.statusCode === 503,
  );
}

async function barcodeOf(email: string) {
  const res = await t.app.inject({ method: 'GET', url: '/api/pass/barcode', headers: await t.login(email) });
  expect(res.statusCode).toBe(200);
  return (res.json() as { token: string }).token;
}

describe('GET /api/pass/keys', () => {
  it('serves the active public key without authentication', async () => {
    const keys = await servedKeys();
    expect(Object.keys(keys)).toHaveLength(1);
    const [kid, key] = Object.entries(keys)[0] ?? [];
    expect(kid).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('GET /api/pass/barcode', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/pass/barcode' })).statusCode).toBe(401);
  });

  it('gives the attendee a token of their own approved pass that verifies with the served keys', async () => {
    const email = demoEmail('attendee');
    const token = await barcodeOf(email);
    const { pass, user } = await passOf(email);
    const verdict = await verifyPassToken(token, await servedKeys(), DURING_EVENT);
    expect(verdict).toEqual({
      valid: true,
      payload: expect.objectContaining({
        v: 1,
        pid: await currentBarcodeId(pass.id),
        n: `${user.firstName} ${user.lastName}`.trim(),
        c: user.company,
        t: 'Standard Pass',
      }),
    });
    expect(await verifyPassToken(token, await servedKeys(), new Date('2026-04-01T00:00:00Z'))).toEqual({
      valid: false,
      reason: 'expired',
    });
  });

  it("never gives one user another user's pass", async () => {
    const attendee = await passOf(demoEmail('attendee'));
    const vendor = await passOf(demoEmail('vendor'));
    const keys = await servedKeys();
    const vendorVerdict = await verifyPassToken(await barcodeOf(demoEmail('vendor')), keys, DURING_EVENT);
    const vendorBarcode = await currentBarcodeId(vendor.pass.id);
    expect(vendorVerdict).toMatchObject({ valid: true, payload: { pid: vendorBarcode } });
    // Query strings naming another pass or user are ignored: the token is always the caller's own.
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/pass/barcode?userId=${attendee.user.id}&passId=${attendee.pass.id}`,
      headers: await t.login(demoEmail('vendor')),
    });
    const verdict = await verifyPassToken((res.json() as { token: string }).token, keys, DURING_EVENT);
    expect(verdict).toMatchObject({
      valid: true,
      payload: { pid: vendorBarcode, n: `${vendor.user.firstName} ${vendor.user.lastName}`.trim() },
    });
  });

  it('issues one barcode per pass, also to many first requests at once, and keeps it', async () => {
    const email = demoEmail('vip');
    const { pass } = await passOf(email);
    const headers = await t.login(email);
    const tokens = await Promise.all(
      Array.from({ length: 5 }, () => t.app.inject({ method: 'GET', url: '/api/pass/barcode', headers })),
    );
    const keys = await servedKeys();
    const pids = new Set<string>();
    for (const res of tokens) {
      const verdict = await verifyPassToken((res.json() as { token: string }).token, keys, DURING_EVENT);
      if (verdict.valid) pids.add(verdict.payload.pid);
    }
    const rows = await t.database.db.select().from(passBarcodes).where(eq(passBarcodes.passId, pass.id));
    expect(rows).toHaveLength(1);
    expect([...pids]).toEqual([rows[0]?.id]);
  });

  it('answers 404 to a user whose pass is pending or who has none', async () => {
    for (const role of ['pending', 'vendor-nopass'] as const) {
      const res = await t.app.inject({ method: 'GET', url: '/api/pass/barcode', headers: await t.login(demoEmail(role)) });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 404, detail: 'You have no approved pass yet.' });
    }
  });
});

describe('GET /api/pass/revocations', () => {
  type Page = { revoked: string[]; cursor: string; complete: boolean };
  /**
   * Every revoked id from the start (or a cursor), page by page, until at least `expected` came (on
   * PostgreSQL a transaction in another database of the cluster can hold the newest back a moment).
   */
  async function allRevoked(cursor?: string, expected = 0) {
    await changesSettled(t.database.db);
    return drainPages(
      async (next) => {
        const res = await revocations(next ? `?cursor=${next}` : '');
        expect(res.statusCode, res.body).toBe(200);
        const page = res.json() as Page;
        return { ids: page.revoked, cursor: page.cursor, complete: page.complete, bytes: Buffer.byteLength(res.body) };
      },
      undefined,
      cursor,
      (ids) => ids.length >= expected,
    );
  }

  it('lists the barcodes of cancelled and rejected passes without authentication, never current ones', async () => {
    const [cancelled, rejected, kept] = await insertBadgedPeople(t.database.db, 3);
    const before = await allRevoked();
    // Written straight into the table, as no service does: the barcodes are revoked all the same.
    await t.database.db
      .update(passes)
      .set({ status: 'cancelled' })
      .where(eq(passes.id, cancelled?.passId ?? ''));
    await t.database.db
      .update(passes)
      .set({ status: 'rejected' })
      .where(eq(passes.id, rejected?.passId ?? ''));
    const after = await allRevoked(before.cursor, 2);
    expect(after.ids).toEqual(expect.arrayContaining([cancelled?.barcodeId, rejected?.barcodeId]));
    expect(after.ids).toHaveLength(2);
    expect((await allRevoked()).ids).not.toContain(kept?.barcodeId);
    // A cancelled pass no longer gets a barcode.
    const vendor = await passOf(demoEmail('vendor'));
    await barcodeOf(demoEmail('vendor'));
    try {
      await t.database.db.update(passes).set({ status: 'cancelled' }).where(eq(passes.id, vendor.pass.id));
      const barcode = await t.app.inject({
        method: 'GET',
        url: '/api/pass/barcode',
        headers: await t.login(demoEmail('vendor')),
      });
      expect(barcode.statusCode).toBe(404);
    } finally {
      await t.database.db.update(passes).set({ status: vendor.pass.status }).where(eq(passes.id, vendor.pass.id));
    }
  });

  it('issues a barcode asked for a pass closed meanwhile as revoked, so the list still holds it', async () => {
    const [person] = await insertBadgedPeople(t.database.db, 1);
    await t.database.db.delete(passBarcodes).where(eq(passBarcodes.passId, person?.passId ?? ''));
    await t.database.db
      .update(passes)
      .set({ status: 'cancelled' })
      .where(eq(passes.id, person?.passId ?? ''));
    const { cursor } = await allRevoked();
    const issued = await currentBarcode(t.database.db, person?.passId ?? '');
    expect(issued.revokedReason).toBe('cancelled');
    expect((await allRevoked(cursor, 1)).ids).toEqual([issued.id]);
  });

  it('hands out only what was revoked since the cursor, in the order of revocation', async () => {
    const { cursor } = await allRevoked();
    const [first, second] = await t.database.db
      .insert(passBarcodes)
      .values([
        {
          passId: (await passOf(demoEmail('staff'))).pass.id,
          revokedAt: new Date('2026-02-01T10:00:00Z'),
          revokedReason: 'upgraded',
        },
        { passId: (await passOf(demoEmail('organizer'))).pass.id },
      ])
      .returning();
    expect((await allRevoked(cursor, 1)).ids).toEqual([first?.id]);
    // Revoked later (an older revocation time does not matter: the cursor follows the writes).
    await t.database.db
      .update(passBarcodes)
      .set({ revokedAt: new Date('2026-01-01T00:00:00Z'), revokedReason: 'upgraded' })
      .where(eq(passBarcodes.id, second?.id ?? ''));
    const next = await allRevoked(cursor, 2);
    expect(next.ids).toEqual([first?.id, second?.id]);
    expect((await allRevoked(next.cursor)).ids).toEqual([]);
  });

  it('gives a device paging by 1,000 all 5,000 revocations of 20 transactions at one instant exactly once, also while they come', async () => {
    const people = await insertBadgedPeople(t.database.db, 250);
    const { cursor: start } = await allRevoked();
    // 20 barcodes per pass, current until 20 transactions revoke 250 each with the same time.
    const barcodes = await t.database.db
      .insert(passBarcodes)
      .values(people.flatMap((person) => Array.from({ length: 20 }, () => ({ passId: person.passId }))))
      .returning({ id: passBarcodes.id });
    const ids = barcodes.map((row) => row.id);
    const idSet = new Set(ids);
    const now = new Date();
    let done = 0;
    const writing = Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        await whileBusy(() =>
          t.database.db
            .update(passBarcodes)
            .set({ revokedAt: now, revokedReason: 'upgraded' })
            .where(inArray(passBarcodes.id, ids.slice(i * 250, (i + 1) * 250))),
        );
        done++;
      }),
    );
    // The device pages while the revocations still come, until it has caught up after the last.
    const received = await drainPages(
      async (next) => {
        const res = await revocations(next ? `?cursor=${next}` : '');
        const page = res.json() as Page;
        return { ids: page.revoked, cursor: page.cursor, complete: page.complete, bytes: Buffer.byteLength(res.body) };
      },
      () => done === 20,
      start,
      (received) => received.filter((id) => idSet.has(id)).length >= 5000,
    );
    await writing;
    // Each exactly once (a revocation of an earlier test held back at the start may come along).
    expect(new Set(received.ids).size).toBe(received.ids.length);
    expect(received.ids.filter((id) => idSet.has(id))).toHaveLength(5000);
    expect(received.pages).toBeGreaterThanOrEqual(5);
  }, 120_000);

  it('is cacheable for a minute and answers 304 to a matching If-None-Match', async () => {
    const res = await revocations();
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const etag = res.headers.etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await revocations('', { 'if-none-match': String(etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect((await revocations('', { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304);
    expect((await revocations('', { 'if-none-match': '"other"' })).statusCode).toBe(200);
    // Another cursor is another answer with its own tag.
    const { cursor } = res.json() as Page;
    expect((await revocations(`?cursor=${cursor}`)).headers.etag).not.toBe(etag);
  });

  it('answers 400 to a malformed cursor or page size, never 500', async () => {
    for (const query of ['?cursor=yesterday', '?cursor=', `?cursor=1.${'0'.repeat(36)}`, '?limit=0', '?limit=5000']) {
      const res = await revocations(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });
});
