import type { BadgePerson, BadgeVerdict } from '../../lib/badges/verify.ts';
import type { CheckinListRow, CheckinRow } from '../../lib/db.ts';
import { decodePassToken } from '../../shared/pass-token.ts';
import { clockTime, venueDateTime } from '../../lib/venue-time.ts';

/*
 * The pass check's verdict on one scanned code (issue 6), decided on the device without a signal:
 * the badge's signature and revocation (src/lib/badges), the list's validity window and admitted
 * pass types, and the check-ins this device knows of on the list. Only a `valid` verdict is stored and uploaded.
 */

/** Who a badge names, as the verdict shows them. */
export type Holder = Pick<BadgePerson, 'name' | 'company' | 'passType'>;

export type CheckinVerdict =
  | { kind: 'valid'; person: BadgePerson }
  | { kind: 'forged'; message: string }
  /** A genuine badge on the revocation list: who it names is shown, so staff can speak to them. */
  | { kind: 'revoked'; message: string; holder: Holder | null }
  /** The list does not admit anyone at this time: `when` says whether it opens later or has closed. */
  | { kind: 'outside-window'; person: BadgePerson; listName: string; when: 'not-yet-open' | 'closed'; at: string }
  | { kind: 'not-admitted'; person: BadgePerson; listName: string; admitted: string[] }
  | { kind: 'already-checked-in'; person: BadgePerson; scannedAt: string; onThisDevice: boolean };

export interface VerdictInput {
  badge: BadgeVerdict;
  /** The scanned code (to show the holder of a revoked badge). */
  token: string;
  /** The list; a missing window (older callers) admits at any time. */
  list: Pick<CheckinListRow, 'name' | 'passTypes'> & Partial<Pick<CheckinListRow, 'validFrom' | 'validUntil'>>;
  /** Check-ins of the list known on this device (its own and downloaded ones). */
  known: readonly Pick<CheckinRow, 'barcodeId' | 'deviceId' | 'scannedAt' | 'rejectedReason'>[];
  deviceId: string;
  /** The device's clock (ms), for the list's validity window. */
  now?: number;
}

/** An empty list of pass types admits every pass. */
export function admits(list: Pick<CheckinListRow, 'passTypes'>, passType: string): boolean {
  return list.passTypes.length === 0 || list.passTypes.includes(passType);
}

function holderOf(token: string): Holder | null {
  try {
    const { n, c, t } = decodePassToken(token.trim()).payload;
    return { name: n, company: c, passType: t };
  } catch {
    return null;
  }
}

/**
 * Where `now` lies against the list's window: inside it (null), before it opens or after it closed,
 * with the limit passed. An unreadable limit is no limit.
 */
export function windowState(
  list: Partial<Pick<CheckinListRow, 'validFrom' | 'validUntil'>>,
  now: number,
): { when: 'not-yet-open' | 'closed'; at: string } | null {
  const from = list.validFrom ? Date.parse(list.validFrom) : Number.NaN;
  if (list.validFrom && now < from) return { when: 'not-yet-open', at: list.validFrom };
  const until = list.validUntil ? Date.parse(list.validUntil) : Number.NaN;
  if (list.validUntil && now >= until) return { when: 'closed', at: list.validUntil };
  return null;
}

/**
 * In this order: forged (not a badge, unknown key, tampered), revoked, outside the list's validity
 * window (no pass is let in before it opens or after it closed), not admitted by the list,
 * already checked in (this device's check-in first, else the earliest one downloaded from another
 * device; refused check-ins do not count), otherwise valid.
 */
export function decideCheckin({ badge, token, list, known, deviceId, now = Date.now() }: VerdictInput): CheckinVerdict {
  if (!badge.ok) {
    return badge.reason === 'revoked'
      ? { kind: 'revoked', message: badge.message, holder: holderOf(token) }
      : { kind: 'forged', message: badge.message };
  }
  const { person } = badge;
  const outside = windowState(list, now);
  if (outside) return { kind: 'outside-window', person, listName: list.name, ...outside };
  if (!admits(list, person.passType)) {
    return { kind: 'not-admitted', person, listName: list.name, admitted: list.passTypes };
  }
  const earlier = known
    .filter((row) => row.barcodeId === person.personKey && row.rejectedReason === null)
    .sort((a, b) => Number(b.deviceId === deviceId) - Number(a.deviceId === deviceId) || a.scannedAt.localeCompare(b.scannedAt));
  const first = earlier[0];
  if (first) {
    return { kind: 'already-checked-in', person, scannedAt: first.scannedAt, onThisDevice: first.deviceId === deviceId };
  }
  return { kind: 'valid', person };
}

export type VerdictTone = 'success' | 'warning' | 'danger';

export interface VerdictText {
  tone: VerdictTone;
  title: string;
  /** The badge's holder, when the badge is genuine. */
  holder: Holder | null;
  detail: string;
}

const VALIDITY: Record<BadgePerson['validity'], string> = {
  valid: 'Within its validity period.',
  expired: 'Note: outside its validity period (expired).',
  'not-yet-valid': 'Note: its validity period has not begun.',
};

/** A window limit as the halls' clocks read it, e.g. '24 Mar 2026, 18:00'. */
function venueMoment(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : venueDateTime.format(time);
}

/** The list's window for the pass check's heading, e.g. 'Open from 24 Mar 2026, 18:00 until 25 Mar 2026, 00:00.'; null when always open. */
export function listWindowText(list: Partial<Pick<CheckinListRow, 'validFrom' | 'validUntil'>>): string | null {
  if (list.validFrom && list.validUntil) return `Open from ${venueMoment(list.validFrom)} until ${venueMoment(list.validUntil)}.`;
  if (list.validFrom) return `Open from ${venueMoment(list.validFrom)}.`;
  if (list.validUntil) return `Open until ${venueMoment(list.validUntil)}.`;
  return null;
}

/** What the verdict panel says (large title, holder, one line of detail). */
export function verdictText(verdict: CheckinVerdict): VerdictText {
  switch (verdict.kind) {
    case 'valid':
      return {
        tone: 'success',
        title: 'Valid — checked in',
        holder: verdict.person,
        detail: `${VALIDITY[verdict.person.validity]} Saved on this device; uploaded as soon as there is a connection.`,
      };
    case 'forged':
      return { tone: 'danger', title: 'Forged', holder: null, detail: `${verdict.message} Do not let them in.` };
    case 'revoked':
      return { tone: 'danger', title: 'Revoked', holder: verdict.holder, detail: verdict.message };
    case 'outside-window':
      return {
        tone: 'danger',
        title: verdict.when === 'closed' ? 'List closed' : 'List not open yet',
        holder: verdict.person,
        detail:
          verdict.when === 'closed'
            ? `${verdict.listName} closed at ${venueMoment(verdict.at)}. Not checked in.`
            : `${verdict.listName} opens at ${venueMoment(verdict.at)}. Not checked in.`,
      };
    case 'not-admitted':
      return {
        tone: 'danger',
        title: 'Not valid for this list',
        holder: verdict.person,
        detail: `${verdict.listName} admits ${verdict.admitted.join(', ')}; this is a ${verdict.person.passType}.`,
      };
    case 'already-checked-in': {
      const where = verdict.onThisDevice ? 'on this device' : 'on another device';
      return {
        tone: 'warning',
        title: `Already checked in ${where}`,
        holder: verdict.person,
        detail: `Checked in at ${clockTime(verdict.scannedAt)} ${where}. Not checked in again.`,
      };
    }
  }
}
