import { eq, like, or, sql } from 'drizzle-orm';
import { RateLimiterDrizzle } from 'rate-limiter-flexible';
import type { Db } from '../../db/client.ts';
import { rateLimits, users } from '../../db/schema/index.ts';
import { type HttpProblem, keyedProblem } from '../../plugins/errors.ts';
import { claimantOf } from '../passes/pass-pool.ts';

/** How long a lock lasts after too many wrong passwords in a row (sign-in locks and the password change alike). */
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
 * The signed-in password change's lock (users.failed_logins, locked_until): a stolen session must
 * not become a way to guess the password. Counts one wrong current password; the `limit`-th in a row
 * locks the change for LOCK_MINUTES. Only the holder of a session can trip it, so it locks no one out
 * of signing in (that is createSignInLocks). Atomic in one UPDATE, kept in the database.
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

/** Wrong passwords for one account from all addresses within an hour before it locks for unknown devices. */
export const ACCOUNT_WIDE_FACTOR = 4;
/** How long that account-wide lock lasts: the guesses a distributed guesser gets per hour stay bounded. */
export const ACCOUNT_WIDE_LOCK_MINUTES = 60;

/** Who is trying: the e-mail address typed, the client's address, and the device's known-device token (when it has one for this account). */
export interface SignInAttempt {
  email: string;
  address: string;
  /** SHA-256 of the device cookie, only when it belongs to the account of `email`. */
  knownDevice?: string | null;
}

/**
 * Sign-in locks that stop guessing without letting a guesser lock the owner out:
 * - a device that signed in to the account before counts on its own: `limit` wrong passwords in a
 *   row lock that device for LOCK_MINUTES, and nothing else locks it;
 * - any other device counts per (e-mail, client address; an IPv6 /64 as one): `limit` in a row lock
 *   that pair, so a guesser locks only their own address;
 * - and all those together per e-mail: `limit` × ACCOUNT_WIDE_FACTOR within an hour lock the account
 *   for ACCOUNT_WIDE_LOCK_MINUTES against unknown devices, so spreading guesses over many addresses
 *   gains little, while the owner's own phone still signs in.
 * Keyed by the e-mail typed, so an address without an account locks exactly like one.
 * Kept in the shared rate_limits table: the locks hold across instances.
 */
export function createSignInLocks(db: Db, limit: number) {
  const limiter = (keyPrefix: string, points: number, duration: number) =>
    new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix,
      points,
      // 0: a count that never runs out by itself ("in a row"); a lock does, after its block.
      duration,
      // The request limiters on the same table already delete expired rows.
      clearExpiredByTimeout: false,
    });
  const devices = limiter('signin-device', limit, 0);
  const pairs = limiter('signin-pair', limit, 0);
  const wideLimit = limit * ACCOUNT_WIDE_FACTOR;
  const accounts = limiter('signin-account', wideLimit, 3600);

  interface Counter {
    limiter: RateLimiterDrizzle;
    key: string;
    points: number;
    lockSeconds: number;
  }
  const countersOf = (attempt: SignInAttempt): Counter[] => {
    const email = attempt.email.toLowerCase();
    if (attempt.knownDevice)
      return [{ limiter: devices, key: attempt.knownDevice, points: limit, lockSeconds: LOCK_MINUTES * 60 }];
    return [
      { limiter: pairs, key: `${email}|${claimantOf(attempt.address)}`, points: limit, lockSeconds: LOCK_MINUTES * 60 },
      { limiter: accounts, key: email, points: wideLimit, lockSeconds: ACCOUNT_WIDE_LOCK_MINUTES * 60 },
    ];
  };

  return {
    /** Seconds until this attempt may try again, or 0. */
    async lockedSeconds(attempt: SignInAttempt): Promise<number> {
      let seconds = 0;
      for (const { limiter, key, points } of countersOf(attempt)) {
        const state = await limiter.get(key);
        if (state && state.consumedPoints > points && state.msBeforeNext > 0)
          seconds = Math.max(seconds, Math.ceil(state.msBeforeNext / 1000));
      }
      return seconds;
    },
    /** Counts one wrong password; a counter reaching its limit locks. */
    async recordWrongPassword(attempt: SignInAttempt): Promise<void> {
      for (const { limiter, key, points, lockSeconds } of countersOf(attempt)) {
        const state = await limiter.penalty(key, 1);
        if (state.consumedPoints >= points) await limiter.block(key, lockSeconds);
      }
    },
    /** A right password ends the "in a row" count of this device or address (the account-wide hour runs on). */
    async clear(attempt: SignInAttempt): Promise<void> {
      const [first] = countersOf(attempt);
      if (first) await first.limiter.delete(first.key);
    },
    /** The inbox was proven (a reset link): every lock on the address lifts. */
    async clearAll(email: string): Promise<void> {
      const lower = email.toLowerCase();
      await db
        .delete(rateLimits)
        .where(or(eq(rateLimits.key, `signin-account:${lower}`), like(rateLimits.key, `signin-pair:${escapeLike(lower)}|%`)));
    },
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
