import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { passClaims, passPools, users } from '../../db/schema/index.ts';
import { createTestDatabase } from '../../testing/test-app.ts';
import { sha256 } from '../accounts/tokens.ts';
import {
  bindFreeClaim,
  claimantOf,
  claimFreePass,
  claimFromPool,
  FREE_STANDARD_POOL,
  freeClaimIsHeld,
  isFreeClaim,
  poolHasRoom,
  settleFreePass,
  takenShare,
} from './pass-pool.ts';

async function setPool(database: Database, key: string, total: number, taken = 0) {
  await database.db
    .insert(passPools)
    .values({ key, total, taken })
    .onConflictDoUpdate({ target: passPools.key, set: { total, taken } });
}

async function heldOf(database: Database, key: string) {
  return database.db.$count(passClaims, and(eq(passClaims.poolKey, key), eq(passClaims.status, 'held')));
}

/** Lets every held claim of a pool run out. */
async function expireHolds(database: Database, key: string) {
  await database.db
    .update(passClaims)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(and(eq(passClaims.poolKey, key), eq(passClaims.status, 'held')));
}

async function takenOf(database: Database, key: string) {
  const [row] = await database.db.select({ taken: passPools.taken }).from(passPools).where(eq(passPools.key, key));
  return row?.taken;
}

describe('pass pool', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => database?.close());

  it('is seeded with 2000 free Standard Passes, the demo ones already taken', async () => {
    const [row] = await database.db.select().from(passPools).where(eq(passPools.key, FREE_STANDARD_POOL));
    expect(row?.total).toBe(2000);
    expect(row?.taken).toBeGreaterThan(0);
    expect(await takenShare(database.db)).toBeCloseTo((row?.taken ?? 0) / 2000, 10);
  });

  it('hands out exactly the pool size under concurrent claims (5 of 8)', async () => {
    await setPool(database, 'small', 5);
    const results = await Promise.all(Array.from({ length: 8 }, () => claimFromPool(database.db, 'small')));
    expect(results.filter(Boolean)).toHaveLength(5);
    expect(await takenOf(database, 'small')).toBe(5);
    expect(await poolHasRoom(database.db, 'small')).toBe(false);
    expect(await takenShare(database.db, 'small')).toBe(1);
  });

  it('gives a claim back when its transaction rolls back', async () => {
    await setPool(database, 'rollback', 1);
    await expect(
      database.db.transaction(async (tx) => {
        expect(await claimFromPool(tx, 'rollback')).toBe(true);
        throw new Error('registration failed later');
      }),
    ).rejects.toThrow('registration failed later');
    expect(await takenOf(database, 'rollback')).toBe(0);
    expect(await claimFromPool(database.db, 'rollback')).toBe(true);
  });

  it('holds a free pass for 10 minutes, binds it once, and gives expired holds back exactly once', async () => {
    await setPool(database, 'claims', 2);
    const first = await claimFreePass(database.db, 'claims');
    const second = await claimFreePass(database.db, 'claims');
    if (!isFreeClaim(first) || !isFreeClaim(second)) throw new Error('expected two holds');
    expect(await claimFreePass(database.db, 'claims')).toBe('sold-out');
    expect(await takenOf(database, 'claims')).toBe(2);
    const minutes = (first.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.9);
    expect(minutes).toBeLessThanOrEqual(10);
    const [row] = await database.db
      .select()
      .from(passClaims)
      .where(eq(passClaims.tokenHash, sha256(first.token)));
    expect(row).toMatchObject({ status: 'held', poolKey: 'claims', userId: null });

    const [user] = await database.db.select({ id: users.id }).from(users).limit(1);
    expect(await freeClaimIsHeld(database.db, first.token, 'claims')).toBe(true);
    expect(await bindFreeClaim(database.db, first.token, user?.id ?? '', 'claims')).toBe(true);
    expect(await bindFreeClaim(database.db, first.token, user?.id ?? '', 'claims')).toBe(false);
    expect(await freeClaimIsHeld(database.db, first.token, 'claims')).toBe(false);
    expect(await settleFreePass(database.db, user?.id ?? '', 'claims')).toBe('consumed');

    // The second hold runs out: the next claim releases it and takes its pass; consumed ones stay taken.
    await expireHolds(database, 'claims');
    expect(await bindFreeClaim(database.db, second.token, user?.id ?? '', 'claims')).toBe(false);
    const results = await Promise.all(Array.from({ length: 3 }, () => claimFreePass(database.db, 'claims')));
    expect(results.filter(isFreeClaim)).toHaveLength(1);
    expect(await takenOf(database, 'claims')).toBe(2);
    expect(await heldOf(database, 'claims')).toBe(1);
  });

  it('bounds the open holds of one claimant, also under concurrent claims', async () => {
    await setPool(database, 'bounded', 100);
    const results = await Promise.all(
      Array.from({ length: 30 }, () => claimFreePass(database.db, 'bounded', undefined, '192.0.2.7')),
    );
    expect(results.filter(isFreeClaim)).toHaveLength(20);
    expect(results.filter((r) => r === 'claimant-limit')).toHaveLength(10);
    // Refused claims gave their pass back.
    expect(await takenOf(database, 'bounded')).toBe(20);
    expect(isFreeClaim(await claimFreePass(database.db, 'bounded', undefined, '192.0.2.8'))).toBe(true);
  });

  it('counts IPv4 as it is and IPv6 by its /64 network', () => {
    expect(claimantOf('192.0.2.7')).toBe('192.0.2.7');
    expect(claimantOf('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(claimantOf('2001:db8:7:7::1')).toBe('2001:db8:7:7::/64');
    expect(claimantOf('2001:0db8:0007:0007:ffff:ffff:ffff:ffff')).toBe('2001:db8:7:7::/64');
    expect(claimantOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(claimantOf('::1')).toBe('0:0:0:0::/64');
    expect(claimantOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
  });

  it('answers false and null for an unknown pool', async () => {
    expect(await claimFromPool(database.db, 'nope')).toBe(false);
    expect(await takenShare(database.db, 'nope')).toBeNull();
  });
});

const url = process.env.TEST_DATABASE_URL;

describe.runIf(url)('pass pool on PostgreSQL under load', () => {
  let database: Database;
  let pool: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
    pool = await openDatabase({ url: url ?? '', poolSize: 20 });
  });
  afterAll(async () => {
    await pool?.close();
    await database?.close();
  });

  it('2,100 concurrent claims on 20 connections take exactly 2,000 passes', async () => {
    await setPool(database, FREE_STANDARD_POOL, 2000, 0);
    const results = await Promise.all(Array.from({ length: 2100 }, () => claimFromPool(pool.db)));
    expect(results.filter(Boolean)).toHaveLength(2000);
    expect(await takenOf(database, FREE_STANDARD_POOL)).toBe(2000);
  });

  it('2,100 concurrent free-pass holds on 20 connections hold exactly 2,000', async () => {
    await setPool(database, 'holds', 2000, 0);
    const results = await Promise.all(Array.from({ length: 2100 }, () => claimFreePass(pool.db, 'holds')));
    expect(results.filter(isFreeClaim)).toHaveLength(2000);
    expect(await takenOf(database, 'holds')).toBe(2000);
    expect(await heldOf(database, 'holds')).toBe(2000);
    expect(new Set(results.filter(isFreeClaim).map((c) => c.token)).size).toBe(2000);
  });

  it('releases expired holds exactly once when claims race after they ran out', async () => {
    await setPool(database, 'expiring', 100, 0);
    const first = await Promise.all(Array.from({ length: 100 }, () => claimFreePass(pool.db, 'expiring')));
    expect(first.filter(isFreeClaim)).toHaveLength(100);
    await expireHolds(database, 'expiring');
    // 150 racing claims: the 100 expired holds go back exactly once, so exactly 100 new holds fit.
    const second = await Promise.all(Array.from({ length: 150 }, () => claimFreePass(pool.db, 'expiring')));
    expect(second.filter(isFreeClaim)).toHaveLength(100);
    expect(await takenOf(database, 'expiring')).toBe(100);
    expect(await heldOf(database, 'expiring')).toBe(100);
    expect(await database.db.$count(passClaims, and(eq(passClaims.poolKey, 'expiring'), eq(passClaims.status, 'released')))).toBe(
      100,
    );
  });

  it('keeps the count exact when each claim runs in its own transaction, some rolled back', async () => {
    await setPool(database, 'tx', 100, 0);
    const attempt = (i: number) =>
      pool.db
        .transaction(async (tx) => {
          const claimed = await claimFromPool(tx, 'tx');
          // Every third registration fails after claiming: its claim must be given back.
          if (claimed && i % 3 === 0) throw new Error('rollback');
          return claimed;
        })
        .catch(() => false);
    const results = await Promise.all(Array.from({ length: 300 }, (_, i) => attempt(i)));
    const committed = results.filter(Boolean).length;
    expect(committed).toBe(await takenOf(database, 'tx'));
    expect(committed).toBeLessThanOrEqual(100);
    // 300 attempts, a third rolling back: the pool is full at the end.
    expect(committed).toBe(100);
  });
});
