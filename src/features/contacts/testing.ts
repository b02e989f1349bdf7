import { generateKeyPairSync, randomUUID, sign } from 'node:crypto';
import type { LeadRow } from '../../lib/db.ts';
import type { Lead } from '../../shared/contracts/leads.ts';
import { bytesToBase64url, encodePayload, type PassPayload } from '../../shared/pass-token.ts';

/* Test helpers of the contacts feature: badges signed with a test key, device rows and server leads. */

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

export function localRow(personKey: string, name: string, company: string, at: string, extra: Partial<LeadRow> = {}): LeadRow {
  return {
    userId: 'u',
    personKey,
    token: testBadge({ pid: personKey, n: name, c: company }),
    name,
    company,
    passType: 'Standard Pass',
    createdAt: at,
    changedAt: at,
    notes: '',
    rating: null,
    tags: [],
    answers: [],
    status: 'pending',
    reason: null,
    ...extra,
  };
}

export function serverLead(badgeId: string, firstName: string, lastName: string, at: string, extra: Partial<Lead> = {}): Lead {
  return {
    id: randomUUID(),
    createdAt: at,
    changedAt: at,
    scanCount: 1,
    passiveUser: { uuid: '00000000-0000-4000-8000-000000000001', firstName, lastName, company: 'Server Co', image: null },
    notes: '',
    rating: 0,
    tags: [],
    answers: [],
    badgeId,
    token: testBadge({ pid: badgeId, n: `${firstName} ${lastName}`, c: 'Server Co', t: 'Business Pass' }),
    ...extra,
  };
}
