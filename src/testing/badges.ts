import { generateKeyPairSync, sign } from 'node:crypto';
import { bytesToBase64url, encodePayload, type PassPayload } from '../shared/pass-token.ts';

/* Test helpers: badges signed with a test key, and the trust (keys, no revocations) that accepts them. */

const { privateKey, publicKey } = generateKeyPairSync('ed25519');

/** Keys and no revocation list, as checkBadge takes them. */
export const TEST_TRUST = { keys: { k1: publicKey.export({ format: 'jwk' }).x as string }, revoked: null };

/** A moment inside the test badges' validity. */
export const DURING = Date.parse('2026-03-25T10:00:00Z');

/** A badge signed with the test key (Ada Lovelace unless told otherwise); `key` signs it instead. */
export function testBadge(overrides: Partial<PassPayload> = {}, key = privateKey): string {
  const encoded = encodePayload({
    v: 1,
    kid: 'k1',
    pid: 'badge-ada',
    n: 'Ada Lovelace',
    c: 'Analytical Engines Ltd',
    t: 'Standard Pass',
    vf: Date.parse('2026-03-23T00:00:00Z') / 1000,
    vt: Date.parse('2026-03-27T00:00:00Z') / 1000,
    ...overrides,
  });
  return `${encoded}.${bytesToBase64url(sign(null, Buffer.from(encoded), key))}`;
}
