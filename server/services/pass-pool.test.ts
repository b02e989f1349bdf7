import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.ts';
import { passPools } from '../db/schema/index.ts';
import { createTestDatabase } from '../testing/test-app.ts';
import { claimFromPool, FREE_STANDARD_POOL, poolHasRoom, takenShare } from './pass-pool.ts';

async function setPool(database: Database, key: string, total: number, taken = 0) {
  await database.db
    .insert(passPools)
    .values({ key, total, taken })
    .onConflictDoUpdate({ target: passPools.key, set: { total, taken } });
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
