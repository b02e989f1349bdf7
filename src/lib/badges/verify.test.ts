import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encodePayload } from '../../shared/pass-token.ts';
import { DURING, TEST_TRUST, testBadge } from '../../testing/badges.ts';
import { checkBadge } from './verify.ts';

const KEYS = TEST_TRUST;
const badge = testBadge;

describe('checkBadge', () => {
  it('reads the person from a valid badge', async () => {
    expect(await checkBadge(badge(), KEYS, DURING)).toEqual({
      ok: true,
      person: {
        personKey: 'badge-ada',
        name: 'Ada Lovelace',
        company: 'Analytical Engines Ltd',
        passType: 'Standard Pass',
        validity: 'valid',
      },
    });
  });

  it('accepts genuine badges outside their validity period and says so', async () => {
    const after = await checkBadge(badge(), KEYS, Date.parse('2026-11-21T10:00:00Z'));
    expect(after.ok && after.person.validity).toBe('expired');
    const before = await checkBadge(badge(), KEYS, Date.parse('2026-01-01T10:00:00Z'));
    expect(before.ok && before.person.validity).toBe('not-yet-valid');
  });

  it('refuses a changed name, a foreign key, an unknown kid and garbage', async () => {
    const [payload, signature] = badge().split('.');
    const forgedPayload = encodePayload({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), n: 'Eve' });
    const tampered = await checkBadge(`${forgedPayload}.${signature}`, KEYS, DURING);
    expect(tampered).toMatchObject({ ok: false, reason: 'bad-signature' });

    const other = generateKeyPairSync('ed25519').privateKey;
    expect(await checkBadge(badge({}, other), KEYS, DURING)).toMatchObject({ ok: false, reason: 'bad-signature' });
    expect(await checkBadge(badge({ kid: 'k9' }), KEYS, DURING)).toMatchObject({ ok: false, reason: 'unknown-key' });
    expect(await checkBadge('hello', KEYS, DURING)).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it("refuses a genuine badge whose barcode is on the revocation list, with the server's words", async () => {
    const revoked = { keys: KEYS.keys, revoked: new Set(['badge-ada']) };
    expect(await checkBadge(badge(), revoked, DURING)).toEqual({
      ok: false,
      reason: 'revoked',
      message: 'This badge has been revoked.',
    });
    expect(await checkBadge(badge({ pid: 'badge-bob' }), revoked, DURING)).toMatchObject({ ok: true });
  });

  it('trims whitespace a keyboard wedge adds around the code', async () => {
    expect(await checkBadge(`  ${badge()}\n`, KEYS, DURING)).toMatchObject({ ok: true });
  });
});
