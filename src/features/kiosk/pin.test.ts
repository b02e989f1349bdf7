import { describe, expect, it } from 'vitest';
import {
  afterPinAttempt,
  hashPin,
  NO_ATTEMPTS,
  newPinProblem,
  PIN_FREE_FAILURES,
  PIN_ITERATIONS,
  PIN_LOCK_MS,
  pinHashSchema,
  pinLockRemaining,
  verifyPin,
} from './pin.ts';

// Few iterations keep the tests quick; the stored count is what verifyPin uses.
const FAST = 1000;

describe('the staff PIN', () => {
  it('is 4 to 8 digits, typed the same twice', () => {
    expect(newPinProblem('2468', '2468')).toBeNull();
    expect(newPinProblem('12345678', '12345678')).toBeNull();
    expect(newPinProblem('123', '123')).toBe('pinFormat');
    expect(newPinProblem('123456789', '123456789')).toBe('pinFormat');
    expect(newPinProblem('12a4', '12a4')).toBe('pinFormat');
    expect(newPinProblem('', '')).toBe('pinFormat');
    expect(newPinProblem('2468', '2469')).toBe('pinMismatch');
  });

  it('is stored as a salted PBKDF2 hash, never as the PIN', async () => {
    const stored = await hashPin('2468', FAST);
    expect(pinHashSchema.safeParse(stored).success).toBe(true);
    expect(JSON.stringify(stored)).not.toContain('2468');
    expect(stored.iterations).toBe(FAST);
    // A new salt each time: the same PIN on two kiosks hashes differently.
    const again = await hashPin('2468', FAST);
    expect(again.salt).not.toBe(stored.salt);
    expect(again.hash).not.toBe(stored.hash);
    // The default follows OWASP's PBKDF2-HMAC-SHA256 figure.
    expect(PIN_ITERATIONS).toBeGreaterThanOrEqual(600_000);
  });

  it('verifies the right PIN only', async () => {
    const stored = await hashPin('2468', FAST);
    expect(await verifyPin('2468', stored)).toBe(true);
    expect(await verifyPin('2469', stored)).toBe(false);
    expect(await verifyPin('24680', stored)).toBe(false);
    expect(await verifyPin('', stored)).toBe(false);
    // Another kiosk's hash (its own salt) does not accept this kiosk's PIN.
    expect(await verifyPin('2468', { ...(await hashPin('1357', FAST)) })).toBe(false);
    // The salt counts: the hash with another salt is refused.
    expect(await verifyPin('2468', { ...stored, salt: (await hashPin('2468', FAST)).salt })).toBe(false);
    // Unreadable stored values refuse rather than throw.
    expect(await verifyPin('2468', { ...stored, hash: 'not base64url!' })).toBe(false);
  });

  it('matches a PBKDF2-HMAC-SHA256 computed independently (node:crypto)', async () => {
    const { pbkdf2Sync } = await import('node:crypto');
    const stored = await hashPin('8642', FAST);
    const salt = Buffer.from(stored.salt, 'base64url');
    expect(pbkdf2Sync('8642', salt, FAST, 32, 'sha256').toString('base64url')).toBe(stored.hash);
  });
});

describe('wrong PINs', () => {
  const NOW = 1_000_000;

  it('are free four times, then lock the PIN for 30 s, twice as long after each further one', () => {
    let attempts = NO_ATTEMPTS;
    for (let i = 1; i < PIN_FREE_FAILURES; i++) {
      attempts = afterPinAttempt(attempts, false, NOW);
      expect(pinLockRemaining(attempts, NOW)).toBe(0);
    }
    attempts = afterPinAttempt(attempts, false, NOW);
    expect(pinLockRemaining(attempts, NOW)).toBe(PIN_LOCK_MS);
    expect(pinLockRemaining(attempts, NOW + PIN_LOCK_MS)).toBe(0);
    attempts = afterPinAttempt(attempts, false, NOW + PIN_LOCK_MS);
    expect(pinLockRemaining(attempts, NOW + PIN_LOCK_MS)).toBe(2 * PIN_LOCK_MS);
    // Capped at 15 minutes.
    for (let i = 0; i < 20; i++) attempts = afterPinAttempt(attempts, false, NOW);
    expect(pinLockRemaining(attempts, NOW)).toBe(15 * 60_000);
  });

  it('are forgotten after the right PIN', () => {
    let attempts = NO_ATTEMPTS;
    for (let i = 0; i < PIN_FREE_FAILURES; i++) attempts = afterPinAttempt(attempts, false, NOW);
    expect(afterPinAttempt(attempts, true, NOW)).toEqual(NO_ATTEMPTS);
  });
});
