import { and, eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passes, passPools, passTypes, vouchers } from '../../db/schema/index.ts';
import { createTestApp } from '../../testing/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ ADDRESS_RATE_LIMIT_PER_MINUTE: '30' });
  // The seed's codes expire at the event's end; the tests must not depend on today's date.
  await t.database.db.update(vouchers).set({ validUntil: new Date('2099-01-01T00:00:00Z') });
});
afterAll(async () => t?.close());

// Each test gets its own client address, so the per-IP limits of these routes never interfere.
let ipCounter = 0;
const nextIp = () => `10.20.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
const get = (url: string, remoteAddress = nextIp()) => t.app.inject({ method: 'GET', url, remoteAddress });

function expectProblem(res: LightMyRequestResponse, status: number) {
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.json()).toMatchObject({ status, title: expect.any(String) });
}

async function typeId(name: string, kind: 'paid' | 'voucher') {
  const [row] = await t.database.db
    .select({ id: passTypes.id })
    .from(passTypes)
    .where(and(eq(passTypes.name, name), eq(passTypes.kind, kind)));
  if (!row) throw new Error(`no pass type ${name}`);
  return row.id;
}

describe('GET /api/pass/taken-passes', () => {
  it('answers the taken share of the 2000 free Standard Passes, counting the seeded ones', async () => {
    const [free] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(passes)
      .innerJoin(passTypes, eq(passTypes.id, passes.passTypeId))
      .where(eq(passTypes.isFree, true));
    const res = await get('/api/pass/taken-passes');
    expect(res.statusCode).toBe(200);
    expect(res.json().value).toBeCloseTo((free?.n ?? 0) / 2000, 10);
    expect(res.json().value).toBeGreaterThan(0);
  });

  it('answers null without a pool and 1 when the pool is used up', async () => {
    const db = t.database.db;
    const [pool] = await db.select().from(passPools).where(eq(passPools.key, 'free-standard'));
    if (!pool) throw new Error('pool not seeded');
    try {
      await db.update(passPools).set({ taken: pool.total }).where(eq(passPools.key, 'free-standard'));
      expect((await get('/api/pass/taken-passes')).json()).toEqual({ value: 1 });
      await db.delete(passPools).where(eq(passPools.key, 'free-standard'));
      expect((await get('/api/pass/taken-passes')).json()).toEqual({ value: null });
    } finally {
      await db
        .insert(passPools)
        .values(pool)
        .onConflictDoUpdate({ target: passPools.key, set: { taken: pool.taken } });
    }
  });
});

describe('GET /api/pass/type/*', () => {
  it('lists the active paid types in display order, without authentication', async () => {
    const res = await get('/api/pass/type/paid');
    expect(res.statusCode).toBe(200);
    const types = res.json() as { name: string; kind: string; isFree: boolean; price: number; codeType: null }[];
    expect(types.map((p) => p.name)).toEqual(['Standard Pass', 'Business Pass', 'Premium Pass']);
    expect(types[0]).toMatchObject({ kind: 'paid', isFree: true, price: 0, codeType: null });
    expect(types[1]?.price).toBe(29_900);
  });

  it('lists the voucher types', async () => {
    const res = await get('/api/pass/type/voucher');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((p: { name: string }) => p.name)).toEqual(['Host Pass', 'Speaker Pass', 'Press Pass', 'Partner Pass']);
  });

  it('lists the upgrades of one pass type', async () => {
    const standard = await typeId('Standard Pass', 'paid');
    const business = await typeId('Business Pass', 'paid');
    const fromStandard = (await get(`/api/pass/type/paid-upgrade?upgradeableBy=${standard}`)).json();
    expect(fromStandard.map((p: { name: string; price: number }) => [p.name, p.price])).toEqual([
      ['Business Upgrade', 29_900],
      ['Premium Upgrade', 89_900],
    ]);
    for (const p of fromStandard) expect(p.upgradeableBy).toContain(standard);
    const fromBusiness = (await get(`/api/pass/type/paid-upgrade/?upgradeableBy=${business}`)).json();
    expect(fromBusiness.map((p: { price: number }) => p.price)).toEqual([60_000]);
    expect((await get('/api/pass/type/paid-upgrade?upgradeableBy=999999')).json()).toEqual([]);
  });

  it('leaves inactive types out', async () => {
    const db = t.database.db;
    const premium = await typeId('Premium Pass', 'paid');
    await db.update(passTypes).set({ active: false }).where(eq(passTypes.id, premium));
    try {
      const names = (await get('/api/pass/type/paid')).json().map((p: { name: string }) => p.name);
      expect(names).toEqual(['Standard Pass', 'Business Pass']);
    } finally {
      await db.update(passTypes).set({ active: true }).where(eq(passTypes.id, premium));
    }
  });

  it.each([
    '',
    '?upgradeableBy=',
    '?upgradeableBy=abc',
    '?upgradeableBy=0',
    '?upgradeableBy=-3',
    '?upgradeableBy=1.5',
    `?upgradeableBy=${2 ** 31}`,
    '?upgradeableBy=1&upgradeableBy=2',
  ])('answers 400 problem+json to paid-upgrade%s', async (query) => {
    const res = await get(`/api/pass/type/paid-upgrade${query}`);
    expectProblem(res, 400);
    expect(res.json().errors[0].path).toBe('upgradeableBy');
  });
});

describe('GET /api/pass/voucher/:code', () => {
  it('accepts a valid code in any case and with spaces around, naming its type', async () => {
    const res = await get('/api/pass/voucher/%20cf26%20');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      code: 'CF26',
      valid: true,
      codeType: 'discount',
      passType: { name: 'Standard Pass', isFree: true, codeType: 'discount' },
    });
    const host = (await get('/api/pass/voucher/host-europa-2026')).json();
    expect(host).toMatchObject({ code: 'HOST-EUROPA-2026', valid: true, codeType: 'host', passType: { name: 'Host Pass' } });
  });

  it('answers valid: false with no type for an unknown code', async () => {
    const res = await get('/api/pass/voucher/NOT-A-CODE');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 'NOT-A-CODE', valid: false, codeType: null, passType: null });
  });

  it('answers valid: false for a used-up, an expired code and a code of an inactive type', async () => {
    const db = t.database.db;
    await db
      .update(vouchers)
      .set({ maxUses: sql`${vouchers.usedCount}` })
      .where(eq(vouchers.code, 'HOST-PARTNER-7731'));
    expect((await get('/api/pass/voucher/HOST-PARTNER-7731')).json()).toMatchObject({ valid: false, codeType: 'host' });

    await db
      .update(vouchers)
      .set({ validUntil: new Date(Date.now() - 1000) })
      .where(eq(vouchers.code, 'PRESS-2026'));
    expect((await get('/api/pass/voucher/PRESS-2026')).json()).toMatchObject({ valid: false, codeType: 'press' });

    const speaker = await typeId('Speaker Pass', 'voucher');
    await db.update(passTypes).set({ active: false }).where(eq(passTypes.id, speaker));
    try {
      expect((await get('/api/pass/voucher/SPEAKER-2026')).json()).toMatchObject({ valid: false, codeType: 'speaker' });
    } finally {
      await db.update(passTypes).set({ active: true }).where(eq(passTypes.id, speaker));
    }
    // A code without a use limit stays valid however often it was used.
    expect((await get('/api/pass/voucher/PARTNER-2026')).json()).toMatchObject({ valid: true });
  });

  it('answers 400 problem+json to a blank or an overlong code', async () => {
    expectProblem(await get('/api/pass/voucher/%20%20'), 400);
    expectProblem(await get(`/api/pass/voucher/${'A'.repeat(65)}`), 400);
  });

  it('rate-limits code guessing per IP', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) statuses.push((await get(`/api/pass/voucher/GUESS-${i}`, ip)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(30)).toEqual([429, 429]);
    expectProblem(await get('/api/pass/voucher/CF26', ip), 429);
    expect((await get('/api/pass/voucher/CF26')).statusCode).toBe(200);
  });
});

describe('GET /api/pass/check-eligibility', () => {
  const check = async (email: string) => {
    const res = await get(`/api/pass/check-eligibility?email=${encodeURIComponent(email)}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('whitelists listed domains and listed addresses', async () => {
    expect(await check('someone@cloudfest.example')).toEqual({ isBlacklisted: false, isWhitelisted: true });
    expect(await check('Host.Guest@Agency.example')).toEqual({ isBlacklisted: false, isWhitelisted: true });
    expect(await check('other.person@agency.example')).toEqual({ isBlacklisted: false, isWhitelisted: false });
  });

  it('blacklists listed domains and listed addresses', async () => {
    expect(await check('anyone@spam-mail.example')).toEqual({ isBlacklisted: true, isWhitelisted: false });
    expect(await check(' BANNED@attacker.example ')).toEqual({ isBlacklisted: true, isWhitelisted: false });
    expect(await check('friendly@attacker.example')).toEqual({ isBlacklisted: false, isWhitelisted: false });
  });

  it('matches the domain exactly, not a parent domain', async () => {
    expect(await check('x@sub.spam-mail.example')).toEqual({ isBlacklisted: false, isWhitelisted: false });
  });

  it.each(['', '?email=', '?email=not-an-email', `?email=${'a'.repeat(250)}@x.example`])(
    'answers 400 problem+json to %s',
    async (query) => {
      const res = await get(`/api/pass/check-eligibility${query}`);
      expectProblem(res, 400);
      expect(res.json().errors[0].path).toBe('email');
    },
  );

  it('rate-limits per IP', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      statuses.push((await get(`/api/pass/check-eligibility?email=p${i}@company.example`, ip)).statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    expect(statuses[30]).toBe(429);
  });
});
