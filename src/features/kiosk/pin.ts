import { z } from 'zod/mini';
import { base64urlToBytes, bytesToBase64url } from '../../shared/pass-token.ts';

/*
 * The kiosk's staff PIN: chosen at set-up, asked before a badge is printed a second
 * time, the list is changed or kiosk mode is left. The device keeps only a salted PBKDF2 hash
 * (WebCrypto), and wrong guesses lock the PIN for a while, so a short PIN is not tried out at the
 * kiosk by hand.
 */

/** 4 to 8 digits: typed on a tablet's number pad, long enough with the lock below. */
export const PIN_PATTERN = /^\d{4,8}$/;

/** OWASP's figure for PBKDF2-HMAC-SHA256 (2023); a check takes a fraction of a second on a tablet. */
export const PIN_ITERATIONS = 600_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

export const pinHashSchema = z.object({
  salt: z.string().check(z.minLength(16), z.maxLength(200)),
  hash: z.string().check(z.minLength(32), z.maxLength(200)),
  iterations: z.int().check(z.gte(1), z.lte(10_000_000)),
});
export type PinHash = z.infer<typeof pinHashSchema>;

/** Why a new PIN cannot be used (keys of the kiosk catalogue), or null. */
export function newPinProblem(pin: string, repeated: string): 'pinFormat' | 'pinMismatch' | null {
  if (!PIN_PATTERN.test(pin)) return 'pinFormat';
  return pin === repeated ? null : 'pinMismatch';
}

async function derive(pin: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(pin), 'PBKDF2', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, HASH_BITS));
}

/** A fresh random salt and the PIN's hash; `iterations` is lowered by tests only. */
export async function hashPin(pin: string, iterations = PIN_ITERATIONS): Promise<PinHash> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  return { salt: bytesToBase64url(salt), hash: bytesToBase64url(await derive(pin, salt, iterations)), iterations };
}

/** Whether `pin` is the one hashed; a malformed PIN is refused without hashing anything. */
export async function verifyPin(pin: string, stored: PinHash): Promise<boolean> {
  if (!PIN_PATTERN.test(pin)) return false;
  let salt: Uint8Array<ArrayBuffer>;
  let expected: Uint8Array<ArrayBuffer>;
  try {
    salt = base64urlToBytes(stored.salt);
    expected = base64urlToBytes(stored.hash);
  } catch {
    return false;
  }
  const actual = await derive(pin, salt, stored.iterations);
  // Every byte compared whatever the first difference: the time says nothing about the PIN.
  let difference = actual.length ^ expected.length;
  for (let i = 0; i < actual.length; i++) difference |= (actual[i] ?? 0) ^ (expected[i] ?? 0);
  return difference === 0;
}

/** Wrong PINs in a row, and until when (ms since the epoch) no PIN is taken. */
export interface PinAttempts {
  failures: number;
  lockedUntil: number;
}

export const NO_ATTEMPTS: PinAttempts = { failures: 0, lockedUntil: 0 };
/** Wrong PINs allowed before the first lock. */
export const PIN_FREE_FAILURES = 5;
export const PIN_LOCK_MS = 30_000;
const PIN_LOCK_MAX_MS = 15 * 60_000;

export const pinAttemptsSchema = z.object({ failures: z.int().check(z.gte(0)), lockedUntil: z.number() });

/** Milliseconds until a PIN is taken again (0: now). */
export function pinLockRemaining(attempts: PinAttempts, now: number): number {
  return Math.max(0, attempts.lockedUntil - now);
}

/**
 * The attempts after one PIN was checked: a right one clears them; from the fifth wrong one in a
 * row each locks the PIN, 30 s and twice as long each time (at most 15 minutes).
 */
export function afterPinAttempt(attempts: PinAttempts, correct: boolean, now: number): PinAttempts {
  if (correct) return NO_ATTEMPTS;
  const failures = attempts.failures + 1;
  if (failures < PIN_FREE_FAILURES) return { failures, lockedUntil: attempts.lockedUntil };
  const lock = Math.min(PIN_LOCK_MS * 2 ** (failures - PIN_FREE_FAILURES), PIN_LOCK_MAX_MS);
  return { failures, lockedUntil: now + lock };
}
