import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PassBadges } from '#shared/contracts/pass-token.ts';
import { decodePassToken, verifyPassToken } from '#shared/pass-token.ts';
import { auditLog, passBarcodes, passes, users } from '../../db/schema/index.ts';
import { demoEmail } from '../../db/seed/demo-accounts.ts';
import { createTestApp } from '../../testing/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let dataDir: string;
let organizer: Record<string, string>;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pass-badges-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  organizer = await t.login(demoEmail('organizer'));
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

async function page(query: string, headers = organizer) {
  return t.app.inject({ method: 'GET', url: `/api/pass/badges${query}`, headers });
}

describe('GET /api/pass/badges', () => {
  it('pages through every approved pass once, each badge genuine and the one its holder sees', async () => {
    const keysRes = await t.app.inject({ method: 'GET', url: '/api/pass/keys' });
    const keys = Object.fromEntries(
      (keysRes.json() as { keys: { kid: string; publicKey: string }[] }).keys.map((k) => [k.kid, k.publicKey]),
    );
    const seen: PassBadges['badges'] = [];
    let after: string | null = null;
    do {
      const res = await page(`?limit=7${after ? `&after=${after}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = res.json() as PassBadges;
      expect(body.badges.length).toBeLessThanOrEqual(7);
      seen.push(...body.badges);
      after = body.next;
    } while (after);

    const approved = await t.database.db.select({ id: passes.id }).from(passes).where(eq(passes.status, 'approved'));
    expect(seen.map((badge) => badge.passId).sort()).toEqual(approved.map((row) => row.id).sort());
    for (const badge of seen) {
      const verdict = await verifyPassToken(badge.token, keys, new Date('2026-03-25T10:00:00Z'));
      expect(verdict).toMatchObject({ valid: true, payload: { n: badge.name, c: badge.company, t: badge.passType } });
    }

    // The attendee's own app shows the same barcode the printed badge carries.
    const mine = await t.app.inject({ method: 'GET', url: '/api/pass/barcode', headers: await t.login(demoEmail('attendee')) });
    const pid = decodePassToken((mine.json() as { token: string }).token).payload.pid;
    expect(seen.map((badge) => decodePassToken(badge.token).payload.pid)).toContain(pid);
    // Paging again issues no second barcode for any pass.
    await page('?limit=500');
    const current = await t.database.db
      .select({ passId: passBarcodes.passId, revokedAt: passBarcodes.revokedAt })
      .from(passBarcodes);
    const live = current.filter((row) => row.revokedAt === null).map((row) => row.passId);
    expect(new Set(live).size).toBe(live.length);
  });

  it('is for organizers only, and refuses bad paging with 400', async () => {
    expect((await page('', await t.login(demoEmail('staff')))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/pass/badges' })).statusCode).toBe(401);
    for (const query of ['?limit=0', '?limit=501', '?limit=abc', '?after=not-a-uuid']) {
      expect((await page(query)).statusCode, query).toBe(400);
    }
  });

  it('issues each pass one barcode even when two printers ask at once', async () => {
    const fresh = await t.database.db.select({ id: passes.id }).from(passes).where(eq(passes.status, 'approved'));
    await t.database.db.delete(passBarcodes);
    const [a, b] = await Promise.all([page('?limit=500'), page('?limit=500')]);
    const pidsA = (a.json() as PassBadges).badges.map((badge) => decodePassToken(badge.token).payload.pid);
    const pidsB = (b.json() as PassBadges).badges.map((badge) => decodePassToken(badge.token).payload.pid);
    expect(pidsA).toEqual(pidsB);
    expect(await t.database.db.$count(passBarcodes)).toBe(fresh.length);
  });

  it('writes an audit entry naming the organizer for each page of badges, as badges.pdf does', async () => {
    const [me] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoEmail('organizer')));
    const before = await t.database.db.$count(auditLog);
    const res = await page('?limit=500');
    expect(res.statusCode).toBe(200);
    const count = (res.json() as PassBadges).badges.length;
    expect(await t.database.db.$count(auditLog)).toBe(before + 1);
    const [entry] = await t.database.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({
      actorUserId: me?.id,
      action: 'badge.print',
      details: { via: 'api', count, limit: 500 },
    });
    // A refused call shows no one's badge and records nothing.
    await page('', await t.login(demoEmail('staff')));
    expect(await t.database.db.$count(auditLog)).toBe(before + 1);
  });
});
