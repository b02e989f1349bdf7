import { describe, expect, it } from 'vitest';
import { BADGE_REFUSALS, type BadgePerson, type BadgeVerdict } from '../../lib/badges/verify.ts';
import { encodePayload } from '../../shared/pass-token.ts';
import { admits, decideCheckin, verdictText } from './verdict.ts';

const ADA: BadgePerson = {
  personKey: 'badge-ada',
  name: 'Ada Lovelace',
  company: 'Analytical Engines Ltd',
  passType: 'Premium Pass',
  validity: 'valid',
};
const valid: BadgeVerdict = { ok: true, person: ADA };
const refusal = (reason: keyof typeof BADGE_REFUSALS): BadgeVerdict => ({ ok: false, reason, message: BADGE_REFUSALS[reason] });
const MAIN = { name: 'Main entrance', passTypes: [] as string[] };
const LOUNGE = { name: 'Premium lounge', passTypes: ['Premium Pass', 'Host Pass'] };
const HERE = 'device-here';
const known = (deviceId: string, scannedAt: string, rejectedReason: string | null = null, barcodeId = 'badge-ada') => ({
  barcodeId,
  deviceId,
  scannedAt,
  rejectedReason,
});
const decide = (badge: BadgeVerdict, rows: ReturnType<typeof known>[] = [], list = MAIN, token = 'x.y') =>
  decideCheckin({ badge, token, list, known: rows, deviceId: HERE });

describe('decideCheckin', () => {
  it('checks in a genuine badge the list admits and nobody checked in yet', () => {
    expect(decide(valid)).toEqual({ kind: 'valid', person: ADA });
    expect(decide(valid, [], LOUNGE)).toEqual({ kind: 'valid', person: ADA });
    // Another pass on the list, or a refused check-in of this one, does not count.
    expect(decide(valid, [known(HERE, '2026-03-24T08:00:00Z', null, 'badge-bob')]).kind).toBe('valid');
    expect(decide(valid, [known(HERE, '2026-03-24T08:00:00Z', 'This badge has been revoked.')]).kind).toBe('valid');
  });

  it('calls malformed, unknown-key and tampered badges forged, with the badge check’s words', () => {
    for (const reason of ['malformed', 'unknown-key', 'bad-signature'] as const) {
      expect(decide(refusal(reason))).toEqual({ kind: 'forged', message: BADGE_REFUSALS[reason] });
    }
  });

  it('calls a revoked badge revoked and still says whom it names', () => {
    const token = `${encodePayload({ v: 1, kid: 'k1', pid: 'p', n: 'Eve Cancelled', c: 'Acme', t: 'Standard Pass', vf: 0, vt: 1 })}.${'A'.repeat(86)}`;
    expect(decide(refusal('revoked'), [], MAIN, token)).toEqual({
      kind: 'revoked',
      message: BADGE_REFUSALS.revoked,
      holder: { name: 'Eve Cancelled', company: 'Acme', passType: 'Standard Pass' },
    });
    expect(decide(refusal('revoked'), [], MAIN, 'garbage')).toMatchObject({ kind: 'revoked', holder: null });
  });

  it('refuses a pass type the list does not admit, before looking for earlier check-ins', () => {
    const standard = { ok: true as const, person: { ...ADA, passType: 'Standard Pass' } };
    expect(decide(standard, [known(HERE, '2026-03-24T08:00:00Z')], LOUNGE)).toEqual({
      kind: 'not-admitted',
      person: standard.person,
      listName: 'Premium lounge',
      admitted: ['Premium Pass', 'Host Pass'],
    });
    expect(admits(MAIN, 'Anything')).toBe(true);
    expect(admits(LOUNGE, 'Host Pass')).toBe(true);
    expect(admits(LOUNGE, 'Standard Pass')).toBe(false);
  });

  it('says already checked in, naming this device first, else the earliest other device', () => {
    expect(decide(valid, [known('device-b', '2026-03-24T08:01:00Z'), known(HERE, '2026-03-24T08:05:00Z')])).toEqual({
      kind: 'already-checked-in',
      person: ADA,
      scannedAt: '2026-03-24T08:05:00Z',
      onThisDevice: true,
    });
    expect(decide(valid, [known('device-c', '2026-03-24T08:03:00Z'), known('device-b', '2026-03-24T08:01:00Z')])).toEqual({
      kind: 'already-checked-in',
      person: ADA,
      scannedAt: '2026-03-24T08:01:00Z',
      onThisDevice: false,
    });
  });
});

describe('verdictText', () => {
  it('gives each verdict a large title, the holder where genuine, and a tone', () => {
    expect(verdictText({ kind: 'valid', person: ADA })).toMatchObject({
      tone: 'success',
      title: 'Valid — checked in',
      holder: ADA,
    });
    expect(verdictText({ kind: 'valid', person: { ...ADA, validity: 'expired' } }).detail).toContain(
      'outside its validity period (expired)',
    );
    expect(verdictText({ kind: 'forged', message: BADGE_REFUSALS['bad-signature'] })).toMatchObject({
      tone: 'danger',
      title: 'Forged',
      holder: null,
      detail: 'This badge has been tampered with (invalid signature). Do not let them in.',
    });
    expect(verdictText({ kind: 'revoked', message: BADGE_REFUSALS.revoked, holder: null })).toMatchObject({
      tone: 'danger',
      title: 'Revoked',
    });
    expect(
      verdictText({
        kind: 'not-admitted',
        person: { ...ADA, passType: 'Standard Pass' },
        listName: 'Premium lounge',
        admitted: ['Premium Pass'],
      }),
    ).toMatchObject({
      tone: 'danger',
      title: 'Not valid for this list',
      detail: 'Premium lounge admits Premium Pass; this is a Standard Pass.',
    });
    // 08:05 UTC is 09:05 in Berlin (CET) on 24 March 2026.
    expect(
      verdictText({ kind: 'already-checked-in', person: ADA, scannedAt: '2026-03-24T08:05:00Z', onThisDevice: true }),
    ).toMatchObject({
      tone: 'warning',
      title: 'Already checked in on this device',
      detail: 'Checked in at 09:05 on this device. Not checked in again.',
    });
    expect(
      verdictText({ kind: 'already-checked-in', person: ADA, scannedAt: '2026-03-24T08:05:00Z', onThisDevice: false }).title,
    ).toBe('Already checked in on another device');
  });
});
