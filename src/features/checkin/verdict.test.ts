import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadCatalogue } from '../../i18n/i18n.ts';
import { BADGE_REFUSALS, type BadgePerson, type BadgeVerdict } from '../../lib/badges/verify.ts';
import { encodePayload } from '../../shared/pass-token.ts';
import { admits, decideCheckin, listWindowText, verdictText, windowState } from './verdict.ts';

// The verdicts come from the checkin catalogue: the English one, as the app shows them.
beforeAll(async () => {
  await loadCatalogue('en', 'checkin');
  i18n.activate('en');
});

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

describe('the list’s validity window', () => {
  // 17:00 and 23:00 UTC on 24 March 2026 are 18:00 and midnight in Berlin (CET).
  const DINNER = {
    name: 'Speakers dinner',
    passTypes: ['Premium Pass'],
    validFrom: '2026-03-24T17:00:00Z',
    validUntil: '2026-03-24T23:00:00Z',
  };
  const at = (iso: string) => Date.parse(iso);
  const decideAt = (iso: string, list: typeof DINNER | typeof MAIN = DINNER, badge: BadgeVerdict = valid) =>
    decideCheckin({ badge, token: 'x.y', list, known: [], deviceId: HERE, now: at(iso) });

  it('checks a pass in from the opening up to (not including) the closing', () => {
    expect(decideAt('2026-03-24T17:00:00Z').kind).toBe('valid');
    expect(decideAt('2026-03-24T22:59:59Z').kind).toBe('valid');
    expect(windowState(DINNER, at('2026-03-24T20:00:00Z'))).toBeNull();
  });

  it('refuses every pass before the list opens and after it closed, even one of an admitted type', () => {
    expect(decideAt('2026-03-24T16:59:59Z')).toEqual({
      kind: 'outside-window',
      person: ADA,
      listName: 'Speakers dinner',
      when: 'not-yet-open',
      at: '2026-03-24T17:00:00Z',
    });
    expect(decideAt('2026-03-24T23:00:00Z')).toMatchObject({
      kind: 'outside-window',
      when: 'closed',
      at: '2026-03-24T23:00:00Z',
    });
    // Forged and revoked badges are still called what they are.
    expect(decideAt('2026-03-25T10:00:00Z', DINNER, refusal('bad-signature')).kind).toBe('forged');
  });

  it('leaves a side without a limit open, and a list without a window (or cached before windows) open at any time', () => {
    expect(decideAt('2030-01-01T00:00:00Z', { ...DINNER, validUntil: null } as unknown as typeof DINNER).kind).toBe('valid');
    expect(decideAt('2020-01-01T00:00:00Z', { ...DINNER, validFrom: null } as unknown as typeof DINNER).kind).toBe('valid');
    expect(decideAt('2020-01-01T00:00:00Z', MAIN).kind).toBe('valid');
  });

  it('describes the window for the list heading', () => {
    expect(listWindowText(DINNER)).toBe('Open from 24 Mar 2026, 18:00 until 25 Mar 2026, 00:00.');
    expect(listWindowText({ validFrom: null, validUntil: DINNER.validUntil })).toBe('Open until 25 Mar 2026, 00:00.');
    expect(listWindowText({ validFrom: null, validUntil: null })).toBeNull();
  });

  it('says when the list opens or closed, in venue time', () => {
    expect(verdictText(decideAt('2026-03-24T08:00:00Z'))).toMatchObject({
      tone: 'danger',
      title: 'List not open yet',
      holder: ADA,
      detail: 'Speakers dinner opens at 24 Mar 2026, 18:00. Not checked in.',
    });
    expect(verdictText(decideAt('2026-03-25T08:00:00Z'))).toMatchObject({
      tone: 'danger',
      title: 'List closed',
      detail: 'Speakers dinner closed at 25 Mar 2026, 00:00. Not checked in.',
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
