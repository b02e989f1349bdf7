import { eq, sql } from 'drizzle-orm';
import { RateLimiterDrizzle } from 'rate-limiter-flexible';
import type { Db } from '../db/client.ts';
import { rateLimits, users } from '../db/schema/index.ts';
import { type HttpProblem, keyedProblem } from '../plugins/errors.ts';

/** How long an account stays locked after too many wrong passwords (sign-in and password change alike). */
export const LOCK_MINUTES = 5;

/** Seconds until the account's lock lifts, or 0 when it is not locked. */
export function lockedSeconds(user: { lockedUntil: Date | null }, now = Date.now()): number {
  if (!user.lockedUntil || user.lockedUntil.getTime() <= now) return 0;
  return Math.ceil((user.lockedUntil.getTime() - now) / 1000);
}

/** The 429 a locked account answers, with Retry-After. */
export function lockedProblem(seconds: number, action: 'sign-in' | 'password' = 'sign-in'): HttpProblem {
  return keyedProblem(429, 'limit.locked', { action, minutes: Math.ceil(seconds / 60) }, { 'retry-after': String(seconds) });
}

/**
 * Counts one wrong password against the account; the `limit`-th in a row locks it for LOCK_MINUTES.
 * Atomic in one UPDATE and kept in the database, so the lock holds across requests and instances.
 */
export async function recordWrongPassword(db: Db, userId: string, limit: number): Promise<void> {
  await db
    .update(users)
    .set({
      failedLogins: sql`case when ${users.failedLogins} + 1 >= ${limit} then 0 else ${users.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${users.failedLogins} + 1 >= ${limit} then now() + make_interval(mins => ${LOCK_MINUTES}) else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId));
}

/** A right password clears the count (only written when there is something to clear). */
export async function clearWrongPasswords(db: Db, user: { id: string; failedLogins: number; lockedUntil: Date | null }) {
  if (user.failedLogins > 0 || user.lockedUntil) {
    await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));
  }
}

/**
 * The same lock for e-mail addresses without an account (finding 11), so the sign-in cannot tell
 * the two apart: the `limit`-th wrong password in a row locks the address for LOCK_MINUTES, after
 * which counting starts again, exactly as recordWrongPassword does on the account's row. Kept in the
 * shared rate-limit table (rate_limits, key `lock:<e-mail>`), so it holds across instances too; the
 * count has no window, like the account's.
 */
export function createUnknownAddressLock(db: Db, limit: number) {
  const limiter = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: 'lock',
    points: limit,
    // 0: the count never runs out by itself (a lock does, after its block duration).
    duration: 0,
    // The request limiters on the same table already delete expired rows.
    clearExpiredByTimeout: false,
  });
  return {
    /** Seconds until the lock on this address lifts, or 0. */
    async lockedSeconds(email: string): Promise<number> {
      const state = await limiter.get(email);
      if (!state || state.consumedPoints <= limit || state.msBeforeNext <= 0) return 0;
      return Math.ceil(state.msBeforeNext / 1000);
    },
    /** Counts one wrong password for the address; the `limit`-th locks it. */
    async recordWrongPassword(email: string): Promise<void> {
      const state = await limiter.penalty(email, 1);
      if (state.consumedPoints >= limit) await limiter.block(email, LOCK_MINUTES * 60);
    },
  };
}
