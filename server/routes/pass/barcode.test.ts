import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassToken } from '#shared/pass-token.ts';
import { demoEmail } from '../../db/seed/demo-accounts.ts';
import { passBarcodes, passes, users } from '../../db/schema/index.ts';
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
  return t.app.inject({ method: 'GET', url: `/api/pass/revocations${query}`, headers });
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
  it('lists the barcodes of cancelled and rejected passes without authentication, never current ones', async () => {
    const vendor = await passOf(demoEmail('vendor'));
    const host = await passOf(demoEmail('host'));
    const attendee = await passOf(demoEmail('attendee'));
    // Each has had a barcode issued.
    await barcodeOf(demoEmail('vendor'));
    await barcodeOf(demoEmail('host'));
    await barcodeOf(demoEmail('attendee'));
    const [vendorBarcode, hostBarcode, attendeeBarcode] = [
      await currentBarcodeId(vendor.pass.id),
      await currentBarcodeId(host.pass.id),
      await currentBarcodeId(attendee.pass.id),
    ];
    try {
      await t.database.db.update(passes).set({ status: 'cancelled' }).where(eq(passes.id, vendor.pass.id));
      await t.database.db.update(passes).set({ status: 'rejected' }).where(eq(passes.id, host.pass.id));
      const res = await revocations();
      expect(res.statusCode).toBe(200);
      const body = res.json() as { revoked: string[]; updatedAt: string };
      expect(body.revoked).toEqual(expect.arrayContaining([vendorBarcode, hostBarcode]));
      expect(body.revoked).not.toContain(attendeeBarcode);
      expect(Number.isNaN(Date.parse(body.updatedAt))).toBe(false);
      // A cancelled pass no longer gets a barcode.
      const barcode = await t.app.inject({
        method: 'GET',
        url: '/api/pass/barcode',
        headers: await t.login(demoEmail('vendor')),
      });
      expect(barcode.statusCode).toBe(404);
    } finally {
      await t.database.db.update(passes).set({ status: vendor.pass.status }).where(eq(passes.id, vendor.pass.id));
      await t.database.db.update(passes).set({ status: host.pass.status }).where(eq(passes.id, host.pass.id));
    }
  });

  it('lists revoked barcodes, only those revoked after `since` when asked', async () => {
    const [first, second] = await t.database.db
      .insert(passBarcodes)
      .values([
        {
          passId: (await passOf(demoEmail('staff'))).pass.id,
          revokedAt: new Date('2026-02-01T10:00:00Z'),
          revokedReason: 'upgraded',
        },
        {
          passId: (await passOf(demoEmail('organizer'))).pass.id,
          revokedAt: new Date('2026-02-03T10:00:00Z'),
          revokedReason: 'upgraded',
        },
      ])
      .returning();
    const all = (await revocations()).json() as { revoked: string[]; updatedAt: string };
    expect(all.revoked).toEqual(expect.arrayContaining([first?.id, second?.id]));
    const later = (await revocations('?since=2026-02-02T00:00:00.000Z')).json() as { revoked: string[] };
    expect(later.revoked).toContain(second?.id);
    expect(later.revoked).not.toContain(first?.id);
    expect(Date.parse(all.updatedAt)).toBeGreaterThanOrEqual(Date.parse('2026-02-03T10:00:00Z'));
  });

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
    // Another `since` is another answer with its own tag.
    expect((await revocations('?since=2030-01-01T00:00:00Z')).headers.etag).not.toBe(etag);
  });

  it('answers 400 to a malformed since, never 500', async () => {
    for (const since of ['yesterday', '2026-13-01T00:00:00Z', '']) {
      const res = await revocations(`?since=${encodeURIComponent(since)}`);
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });
});
