import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { passPools } from '../db/schema/index.ts';

/** The 2000 free Standard Passes of SPEC §9. */
export const FREE_STANDARD_POOL = 'free-standard';

/**
 * Takes one pass from a pool, or answers false when none is left. A single conditional UPDATE:
 * PostgreSQL locks the row, and a claim that waited on that lock re-checks `taken < total` against
 * the committed value, so concurrent claims can never push `taken` past `total`. Inside a
 * transaction the lock is held until commit, so call it as late as possible there.
 */
export async function claimFromPool(db: Db, key: string = FREE_STANDARD_POOL): Promise<boolean> {
  const claimed = await db
    .update(passPools)
    .set({ taken: sql`${passPools.taken} + 1` })
    .where(and(eq(passPools.key, key), lt(passPools.taken, passPools.total)))
    .returning({ taken: passPools.taken });
  return claimed.length === 1;
}

/** Whether a pool still has passes; a hint before the expensive work, the claim itself decides. */
export async function poolHasRoom(db: Db, key: string = FREE_STANDARD_POOL): Promise<boolean> {
  const [row] = await db
    .select({ key: passPools.key })
    .from(passPools)
    .where(and(eq(passPools.key, key), lt(passPools.taken, passPools.total)))
    .limit(1);
  return row !== undefined;
}

/** The taken share (0..1) of a pool, or null when the pool does not exist. */
export async function takenShare(db: Db, key: string = FREE_STANDARD_POOL): Promise<number | null> {
  const [row] = await db.select().from(passPools).where(eq(passPools.key, key)).limit(1);
  if (!row) return null;
  return row.total > 0 ? Math.min(1, row.taken / row.total) : 1;
}
