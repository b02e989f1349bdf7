import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassToken } from '../../../src/shared/pass-token.ts';
import { demoEmail } from '../../db/seed/demo-accounts.ts';
import { passes, users } from '../../db/schema/index.ts';
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
        pid: pass.id,
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
    expect(vendorVerdict).toMatchObject({ valid: true, payload: { pid: vendor.pass.id } });
    // Query strings naming another pass or user are ignored: the token is always the caller's own.
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/pass/barcode?userId=${attendee.user.id}&passId=${attendee.pass.id}`,
      headers: await t.login(demoEmail('vendor')),
    });
    const verdict = await verifyPassToken((res.json() as { token: string }).token, keys, DURING_EVENT);
    expect(verdict).toMatchObject({
      valid: true,
      payload: { pid: vendor.pass.id, n: `${vendor.user.firstName} ${vendor.user.lastName}`.trim() },
    });
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
  it('lists cancelled and rejected passes without authentication, never approved or pending ones', async () => {
    const vendor = await passOf(demoEmail('vendor'));
    const pending = await passOf(demoEmail('pending'));
    const attendee = await passOf(demoEmail('attendee'));
    try {
      await t.database.db.update(passes).set({ status: 'cancelled' }).where(eq(passes.id, vendor.pass.id));
      await t.database.db.update(passes).set({ status: 'rejected' }).where(eq(passes.id, pending.pass.id));
      const res = await t.app.inject({ method: 'GET', url: '/api/pass/revocations' });
      expect(res.statusCode).toBe(200);
      const body = res.json() as { revoked: string[]; updatedAt: string };
      expect(body.revoked).toEqual(expect.arrayContaining([vendor.pass.id, pending.pass.id]));
      expect(body.revoked).not.toContain(attendee.pass.id);
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
      await t.database.db.update(passes).set({ status: pending.pass.status }).where(eq(passes.id, pending.pass.id));
    }
  });
});
