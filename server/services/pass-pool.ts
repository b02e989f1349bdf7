import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { passClaims, passPools } from '../db/schema/index.ts';
import { randomToken, sha256 } from './tokens.ts';

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

/** How long a free pass claimed at the Pass step is held for the account creation. */
export const FREE_CLAIM_HOLD_MS = 30 * 60_000;

export interface FreeClaim {
  /** The bearer token (only its SHA-256 is stored). */
  token: string;
  expiresAt: Date;
}

/**
 * Gives the pool back the passes of expired holds: the UPDATE flips each expired hold to 'released'
 * exactly once (a concurrent release waits on the row lock and then no longer matches 'held'), and
 * `taken` is decremented by what this call released. Run it inside the claim's transaction.
 */
export async function releaseExpiredClaims(db: Db, key: string = FREE_STANDARD_POOL): Promise<number> {
  const released = await db
    .update(passClaims)
    .set({ status: 'released' })
    .where(and(eq(passClaims.poolKey, key), eq(passClaims.status, 'held'), lt(passClaims.expiresAt, sql`now()`)))
    .returning({ id: passClaims.id });
  if (released.length > 0) {
    await db
      .update(passPools)
      .set({ taken: sql`${passPools.taken} - ${released.length}` })
      .where(eq(passPools.key, key));
  }
  return released.length;
}

/**
 * Holds one free pass for the Pass step: releases expired holds, takes a pass with the conditional
 * UPDATE and records the hold, all in one transaction. Null when none is left.
 */
export async function claimFreePass(
  db: Db,
  key: string = FREE_STANDARD_POOL,
  holdMs: number = FREE_CLAIM_HOLD_MS,
): Promise<FreeClaim | null> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + holdMs);
  const claimed = await db.transaction(async (tx) => {
    await releaseExpiredClaims(tx, key);
    if (!(await claimFromPool(tx, key))) return false;
    await tx.insert(passClaims).values({ tokenHash: sha256(token), poolKey: key, expiresAt });
    return true;
  });
  return claimed ? { token, expiresAt } : null;
}

/** Whether a claim token is held and unexpired; a hint before the expensive work, consuming decides. */
export async function freeClaimIsHeld(db: Db, token: string, key: string = FREE_STANDARD_POOL): Promise<boolean> {
  const [row] = await db.select({ id: passClaims.id }).from(passClaims).where(heldClaim(token, key)).limit(1);
  return row !== undefined;
}

/** Marks a held, unexpired claim consumed by `userId`; false when it is unknown, expired, released or used. */
export async function consumeFreeClaim(
  db: Db,
  token: string,
  userId: string,
  key: string = FREE_STANDARD_POOL,
): Promise<boolean> {
  const consumed = await db
    .update(passClaims)
    .set({ status: 'consumed', userId })
    .where(heldClaim(token, key))
    .returning({ id: passClaims.id });
  return consumed.length === 1;
}

const heldClaim = (token: string, key: string) =>
  and(
    eq(passClaims.tokenHash, sha256(token)),
    eq(passClaims.poolKey, key),
    eq(passClaims.status, 'held'),
    gt(passClaims.expiresAt, sql`now()`),
  );
