import { isIPv6 } from 'node:net';
import { and, eq, gt, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passClaims, passes, passPools, passTypes } from '../../db/schema/index.ts';
import { randomToken, sha256 } from '../accounts/tokens.ts';
import { revokeCurrentBarcode } from './pass-barcodes.ts';

/** The 2000 free Standard Passes of docs/behaviour.md §9. */
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

/**
 * How long a free pass claimed at the Pass step is held for the account creation
 * (docs/behaviour.md fixes no hold time). Ten minutes cover choosing a hotel and filling in the account
 * form; the app claims again when a hold ran out before the account step.
 */
export const FREE_CLAIM_HOLD_MS = 10 * 60_000;

/**
 * Once the account exists, its hold waits this long for the address to be confirmed: a hold becomes
 * a pass only with a confirmed account. Confirming later still gets a pass while the pool has one.
 */
export const FREE_CLAIM_CONFIRM_MS = 60 * 60_000;

/**
 * Open holds (anonymous or waiting for a confirmation) one client address may have at once. Not 1:
 * at the venue and in offices many people share one public address, but few of them claim a free
 * pass within the same ten minutes; 20 leaves room for a group registering together, while one
 * address can block at most 1 % of the 2,000 passes (it was ~900) and holding the pool would take
 * 100 addresses (an IPv6 /64 counts as one).
 */
export const MAX_OPEN_HOLDS_PER_CLAIMANT = 20;

/** The 429 of a claim over that bound. */
export const TOO_MANY_HOLDS =
  'Too many free passes are being reserved from your network right now. Please try again in a few minutes.';

export interface FreeClaim {
  /** The bearer token (only its SHA-256 is stored). */
  token: string;
  expiresAt: Date;
}

/** A hold, or why there is none: the pool is empty, or the address has its maximum of open holds. */
export type FreeClaimOutcome = FreeClaim | 'sold-out' | 'claimant-limit';

export const isFreeClaim = (outcome: FreeClaimOutcome | null | undefined): outcome is FreeClaim =>
  typeof outcome === 'object' && outcome !== null;

/**
 * The key open holds are counted by: an IPv4 address as it is (also when IPv4-mapped), an IPv6
 * address by its /64 network, since one subscriber gets a whole /64 and could rotate through it.
 */
export function claimantOf(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(address)) return address;
  const [head = '', tail] = address.toLowerCase().split('%')[0]?.split('::') ?? [''];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/**
 * Gives the pool back the passes of expired holds: the UPDATE flips each expired hold to 'released'
 * exactly once (a concurrent release waits on the row lock and then no longer matches 'held'), and
 * `taken` is decremented by what this call released. Run it inside the claim's transaction.
 */
export async function releaseExpiredClaims(db: Db, key: string = FREE_STANDARD_POOL): Promise<number> {
  return releaseHeld(db, key, lt(passClaims.expiresAt, sql`now()`));
}

/** Flips the pool's held claims that match `which` to 'released' and gives their passes back to the pool. */
async function releaseHeld(db: Db, key: string, which: SQL | undefined): Promise<number> {
  const released = await db
    .update(passClaims)
    .set({ status: 'released' })
    .where(and(eq(passClaims.poolKey, key), eq(passClaims.status, 'held'), which))
    .returning({ id: passClaims.id });
  if (released.length > 0) {
    await db
      .update(passPools)
      .set({ taken: sql`${passPools.taken} - ${released.length}` })
      .where(eq(passPools.key, key));
  }
  return released.length;
}

/** Thrown inside the claim's transaction to roll the taken pass back. */
class ClaimantLimitReached extends Error {}

/**
 * Holds one free pass for the Pass step: releases expired holds, takes a pass with the conditional
 * UPDATE and records the hold, all in one transaction. Refused when none is left, or when the
 * claimant already has MAX_OPEN_HOLDS_PER_CLAIMANT open holds: counted after the UPDATE, which
 * locks the pool row until commit, so concurrent claims from one address cannot pass the bound
 * (a refused claim rolls back, giving its pass back).
 */
export async function claimFreePass(
  db: Db,
  key: string = FREE_STANDARD_POOL,
  holdMs: number = FREE_CLAIM_HOLD_MS,
  claimant: string | null = null,
  maxPerClaimant: number = MAX_OPEN_HOLDS_PER_CLAIMANT,
): Promise<FreeClaimOutcome> {
  const token = randomToken();
  const expiresAt = new Date(Date.now() + holdMs);
  try {
    const claimed = await db.transaction(async (tx) => {
      await releaseExpiredClaims(tx, key);
      if (!(await claimFromPool(tx, key))) return false;
      // Inserted only while the claimant is under the bound: one statement, so the pool row's lock
      // is held no longer than before the bound existed.
      // Both drivers (PGlite, node-postgres) answer raw statements with their rows.
      const inserted = (await tx.execute(sql`
        insert into ${passClaims} (${sql.identifier(passClaims.tokenHash.name)}, ${sql.identifier(passClaims.poolKey.name)},
          ${sql.identifier(passClaims.expiresAt.name)}, ${sql.identifier(passClaims.claimant.name)})
        select ${sha256(token)}, ${key}, ${expiresAt.toISOString()}::timestamptz, ${claimant}::text
        where ${claimant}::text is null or (
          select count(*) from ${passClaims}
          where ${passClaims.poolKey} = ${key} and ${passClaims.claimant} = ${claimant}::text
            and ${passClaims.status} = 'held' and ${passClaims.expiresAt} > now()
        ) < ${maxPerClaimant}
        returning ${passClaims.id}`)) as unknown as { rows: unknown[] };
      if (inserted.rows.length !== 1) throw new ClaimantLimitReached();
      return true;
    });
    return claimed ? { token, expiresAt } : 'sold-out';
  } catch (error) {
    if (error instanceof ClaimantLimitReached) return 'claimant-limit';
    throw error;
  }
}

/** Whether a claim token is held, unexpired and not yet bound to an account; a hint before the expensive work, binding decides. */
export async function freeClaimIsHeld(db: Db, token: string, key: string = FREE_STANDARD_POOL): Promise<boolean> {
  const [row] = await db.select({ id: passClaims.id }).from(passClaims).where(unboundHold(token, key)).limit(1);
  return row !== undefined;
}

/**
 * Binds a held, unexpired, unbound claim to the account just created for it: it stays a hold (the
 * pool keeps counting it, the claimant's bound too) until the account's address is confirmed
 * (settleFreePass), for FREE_CLAIM_CONFIRM_MS at least. False when it is unknown, expired, released,
 * consumed or bound already.
 */
export async function bindFreeClaim(
  db: Db,
  token: string,
  userId: string,
  key: string = FREE_STANDARD_POOL,
  confirmMs: number = FREE_CLAIM_CONFIRM_MS,
): Promise<boolean> {
  const bound = await db
    .update(passClaims)
    .set({ userId, expiresAt: sql`greatest(${passClaims.expiresAt}, now() + make_interval(secs => ${confirmMs / 1000}))` })
    .where(unboundHold(token, key))
    .returning({ id: passClaims.id });
  return bound.length === 1;
}

/**
 * Turns the free pass of an account whose address was just confirmed into a counted pass: its live
 * hold is consumed; a hold that ran out meanwhile is replaced by a pass taken from the pool now; and
 * when none is left, the pass is cancelled (it was never more than a hold; the caller mails the
 * holder, freePassGoneMail). Call it in the transaction that confirms the address, only when the
 * address was not confirmed before.
 */
export async function settleFreePass(
  tx: Db,
  userId: string,
  key: string = FREE_STANDARD_POOL,
): Promise<'none' | 'consumed' | 'taken' | 'cancelled'> {
  const consumed = await tx
    .update(passClaims)
    .set({ status: 'consumed' })
    .where(
      and(
        eq(passClaims.userId, userId),
        eq(passClaims.poolKey, key),
        eq(passClaims.status, 'held'),
        gt(passClaims.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: passClaims.id });
  if (consumed.length > 0) return 'consumed';

  const [own] = await tx
    .select({ id: passes.id })
    .from(passes)
    .innerJoin(passTypes, eq(passTypes.id, passes.passTypeId))
    .where(and(eq(passes.userId, userId), eq(passTypes.isFree, true), inArray(passes.status, ['pending', 'approved'])))
    .for('update', { of: passes });
  if (!own) return 'none';
  const [counted] = await tx
    .select({ id: passClaims.id })
    .from(passClaims)
    .where(and(eq(passClaims.userId, userId), eq(passClaims.poolKey, key), eq(passClaims.status, 'consumed')))
    .limit(1);
  if (counted) return 'consumed';

  // The hold ran out before the confirmation: give it back first, so the count stays exact.
  await releaseExpiredClaims(tx, key);
  if (await claimFromPool(tx, key)) {
    await tx
      .insert(passClaims)
      .values({ tokenHash: sha256(randomToken()), poolKey: key, status: 'consumed', expiresAt: new Date(), userId });
    return 'taken';
  }
  await tx.update(passes).set({ status: 'cancelled' }).where(eq(passes.id, own.id));
  // A whitelisted free pass is approved at once and may have shown its barcode already.
  await revokeCurrentBarcode(tx, own.id, 'cancelled');
  return 'cancelled';
}

const unboundHold = (token: string, key: string) =>
  and(
    eq(passClaims.tokenHash, sha256(token)),
    eq(passClaims.poolKey, key),
    eq(passClaims.status, 'held'),
    isNull(passClaims.userId),
    gt(passClaims.expiresAt, sql`now()`),
  );

/**
 * Gives back the holds bound to an unconfirmed account whose newest registration replaces its pass
 * choice: released at once and uncounted, so confirming later cannot consume them.
 */
export async function releaseHoldsOf(db: Db, userId: string, key: string = FREE_STANDARD_POOL): Promise<void> {
  await releaseHeld(db, key, eq(passClaims.userId, userId));
}
