import { translate } from '../../i18n/i18n.ts';
import type { MessageKey } from '../../i18n/namespaces.ts';
import type { Values } from '../../i18n/use-t.ts';
import { BADGE_REFUSALS, type BadgePerson, type BadgeVerdict } from '../../lib/badges/verify.ts';
import type { CheckinListRow, CheckinRow } from '../../lib/db.ts';
import { clockTime, formatVenueDateTime } from '../../lib/venue-time.ts';
import { decodePassToken } from '../../shared/pass-token.ts';

/*
 * The pass check's verdict on one scanned code, decided on the device without a signal:
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

/** The pass check's words, from the checkin catalogue in the active language. */
const text = (key: MessageKey<'checkin'>, values?: Values) => translate('checkin', key, values);

/** A valid verdict's detail, by the badge's validity. */
const VALID_DETAILS: Record<BadgePerson['validity'], MessageKey<'checkin'>> = {
  valid: 'validDetail',
  expired: 'validDetailExpired',
  'not-yet-valid': 'validDetailNotYetValid',
};

/** The badge check's refusals (src/lib/badges keeps them in English, as the server words them) → the verdict's detail. */
const FORGED_DETAILS: ReadonlyMap<string, MessageKey<'checkin'>> = new Map<string, MessageKey<'checkin'>>([
  [BADGE_REFUSALS.malformed, 'forgedMalformed'],
  [BADGE_REFUSALS['unknown-key'], 'forgedUnknownKey'],
  [BADGE_REFUSALS['bad-signature'], 'forgedBadSignature'],
]);

/** A window limit as the halls' clocks read it, e.g. '24 Mar 2026, 18:00' (de '24.03.2026, 18:00'). */
function venueMoment(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : formatVenueDateTime(time);
}

/** The list's window for the pass check's heading, e.g. 'Open from 24 Mar 2026, 18:00 until 25 Mar 2026, 00:00.'; null when always open. */
export function listWindowText(list: Partial<Pick<CheckinListRow, 'validFrom' | 'validUntil'>>): string | null {
  if (list.validFrom && list.validUntil)
    return text('openFromUntil', { from: venueMoment(list.validFrom), until: venueMoment(list.validUntil) });
  if (list.validFrom) return text('openFrom', { from: venueMoment(list.validFrom) });
  if (list.validUntil) return text('openUntil', { until: venueMoment(list.validUntil) });
  return null;
}

/** What the verdict panel says (large title, holder, one line of detail), in the active language. */
export function verdictText(verdict: CheckinVerdict): VerdictText {
  switch (verdict.kind) {
    case 'valid':
      return {
        tone: 'success',
        title: text('validTitle'),
        holder: verdict.person,
        detail: text(VALID_DETAILS[verdict.person.validity]),
      };
    case 'forged': {
      const key = FORGED_DETAILS.get(verdict.message);
      return {
        tone: 'danger',
        title: text('forgedTitle'),
        holder: null,
        detail: key ? text(key) : text('forgedDetail', { message: verdict.message }),
      };
    }
    case 'revoked':
      return {
        tone: 'danger',
        title: text('revokedTitle'),
        holder: verdict.holder,
        detail: verdict.message === BADGE_REFUSALS.revoked ? text('revokedDetail') : verdict.message,
      };
    case 'outside-window': {
      const values = { list: verdict.listName, at: venueMoment(verdict.at) };
      return {
        tone: 'danger',
        title: verdict.when === 'closed' ? text('listClosedTitle') : text('listNotOpenTitle'),
        holder: verdict.person,
        detail: verdict.when === 'closed' ? text('listClosedDetail', values) : text('listNotOpenDetail', values),
      };
    }
    case 'not-admitted':
      return {
        tone: 'danger',
        title: text('notAdmittedTitle'),
        holder: verdict.person,
        detail: text('notAdmittedDetail', {
          list: verdict.listName,
          admitted: verdict.admitted.join(', '),
          passType: verdict.person.passType,
        }),
      };
    case 'already-checked-in': {
      const time = clockTime(verdict.scannedAt);
      return {
        tone: 'warning',
        title: verdict.onThisDevice ? text('alreadyHereTitle') : text('alreadyElsewhereTitle'),
        holder: verdict.person,
        detail: verdict.onThisDevice ? text('alreadyHereDetail', { time }) : text('alreadyElsewhereDetail', { time }),
      };
    }
  }
}
