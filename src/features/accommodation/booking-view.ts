import { dateFormat } from '../../i18n/formats.ts';
import { activeLanguage, type Language } from '../../i18n/i18n.ts';
import type { MessageKey } from '../../i18n/namespaces.ts';
import type { Values } from '../../i18n/use-t.ts';
import { type AccommodationOrder, type AccommodationSearch, DEFAULT_SEARCH, MAX_OCCUPANCY } from '../../lib/hotel-search.ts';
import {
  CANCELLATION_MESSAGES,
  cancellationVerdict,
  FREE_CANCELLATION_DAYS,
  freeCancellationUntil,
  GRACE_PERIOD_HOURS,
} from '../../shared/booking-rules.ts';
import type { Booking, Pass } from '../../shared/contracts/catalog.ts';
import { addDays, isIsoDate } from '../../shared/stay.ts';

/** Pure rules of the accommodation pages: labels, ordering, the cancel hint, guest places, the search in the URL. */

/** The accommodation namespace's translator (useT('accommodation')), for the texts made here. */
export type AccommodationT = (key: MessageKey<'accommodation'>, values?: Values) => string;

/** The status badge's message for each booking status. */
export const STATUS_LABEL_KEYS: Record<Booking['status'], MessageKey<'accommodation'>> = {
  held: 'statusHeld',
  confirmed: 'statusConfirmed',
  cancelled: 'statusCancelled',
};

/**
 * Puts a booking answered by a change into the list: it replaces the one with its id (keeping the
 * hotel and room names, which only the extended list carries) or comes first when it is new.
 */
export function mergeBooking(list: readonly Booking[], booking: Booking): Booking[] {
  const index = list.findIndex((item) => item.id === booking.id);
  if (index === -1) return [booking, ...list];
  const old = list[index] as Booking;
  const merged: Booking = {
    ...booking,
    accommodationName: booking.accommodationName ?? old.accommodationName,
    roomName: booking.roomName ?? old.roomName,
  };
  return list.map((item, i) => (i === index ? merged : item));
}

/** Upcoming stays first (by arrival, then newest), cancelled ones after them. */
export function sortBookings(list: readonly Booking[]): Booking[] {
  const rank = (booking: Booking) => (booking.status === 'cancelled' ? 1 : 0);
  return [...list].sort((a, b) => rank(a) - rank(b) || a.start.localeCompare(b.start) || b.createdAt.localeCompare(a.createdAt));
}

/** '2026-03-09' → '9 March 2026' (German '9. März 2026'; dates are UTC, docs/behaviour.md §9). */
export function formatDay(isoDate: string, language: Language = activeLanguage()): string {
  return dateFormat(language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}

/** '16 March 2026 at 10:30 UTC' (German '16. März 2026 um 10:30 UTC'). */
export function formatDateTime(date: Date, language: Language = activeLanguage()): string {
  return dateFormat(language, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
    timeZoneName: 'short',
  }).format(date);
}

/** The message for each reason of the shared rule (src/shared/booking-rules.ts, whose words are the server's English). */
const REFUSAL_KEYS: Record<keyof typeof CANCELLATION_MESSAGES, MessageKey<'accommodation'>> = {
  notConfirmed: 'cancelRefusedNotConfirmed',
  arrived: 'cancelRefusedArrived',
  ended: 'cancelRefusedEnded',
  tooLate: 'cancelRefusedTooLate',
};

function refusal(reason: string, t: AccommodationT): string {
  const rule = (Object.keys(CANCELLATION_MESSAGES) as (keyof typeof CANCELLATION_MESSAGES)[]).find(
    (name) => CANCELLATION_MESSAGES[name] === reason,
  );
  return rule ? t(REFUSAL_KEYS[rule], { days: FREE_CANCELLATION_DAYS }) : reason;
}

export interface CancellationInfo {
  /** Show the Cancel button. */
  allowed: boolean;
  /** The rule that applies to this booking now, for the user; null when there is nothing to say. */
  hint: string | null;
}

/**
 * Whether the Cancel button shows and the sentence beside it (src/shared/booking-rules.ts, the
 * server's own rule): free until 14 days before arrival, otherwise within 24 hours of booking.
 */
export function cancellationInfo(booking: Booking, t: AccommodationT, now: Date = new Date()): CancellationInfo {
  if (booking.status !== 'confirmed') return { allowed: false, hint: null };
  const verdict = cancellationVerdict(booking, now);
  if (!verdict.allowed) return { allowed: false, hint: refusal(verdict.reason, t) };
  const deadline = freeCancellationUntil(booking.start);
  if (now.getTime() <= Date.parse(`${deadline}T00:00:00Z`)) {
    // The rule allows cancelling up to 00:00 of the deadline day: the day before is the last full day.
    return {
      allowed: true,
      hint: t('freeCancellationUntil', { date: formatDay(addDays(deadline, -1)), days: FREE_CANCELLATION_DAYS }),
    };
  }
  const graceEnd = new Date(new Date(booking.createdAt).getTime() + GRACE_PERIOD_HOURS * 3_600_000);
  return {
    allowed: true,
    hint: t('graceCancellationUntil', { dateTime: formatDateTime(graceEnd), hours: GRACE_PERIOD_HOURS }),
  };
}

/**
 * Places left for additional guests: the room's occupancy minus the booker and the guests already
 * added; null while the room's occupancy is unknown (the server still refuses a full room).
 */
export function guestPlacesLeft(booking: Pick<Booking, 'guests'>, occupancy: number | null): number | null {
  if (occupancy === null) return null;
  return Math.max(0, occupancy - 1 - booking.guests.length);
}

/** The server's rule: an approved pass, or a vendor (who may enter without one, docs/behaviour.md §6), books rooms. */
export function mayBook(pass: Pick<Pass, 'status'> | null, isVendor: boolean): boolean {
  return pass?.status === 'approved' || isVendor;
}

/** The user's bookings at one accommodation. */
export function bookingsAt(list: readonly Booking[], accommodationId: number): Booking[] {
  return list.filter((booking) => booking.accommodationId === accommodationId);
}

// --- the search in the URL ------------------------------------------------------------------------

const ORDERS: readonly AccommodationOrder[] = ['priceLowHigh', 'priceHighLow'];

/**
 * The search kept in the page's query (docs/behaviour.md §3 names: start, end, roomOccupancy, order,
 * roomIsBookable=null for all hotels), so a reload or the way back keeps it. Anything unreadable
 * falls back to the behaviour §3 default.
 */
export function searchFromParams(params: URLSearchParams): AccommodationSearch {
  const start = params.get('start') ?? '';
  const end = params.get('end') ?? '';
  const occupancy = Number(params.get('roomOccupancy'));
  const order = params.get('order') as AccommodationOrder | null;
  const datesValid = isIsoDate(start) && isIsoDate(end);
  return {
    start: datesValid ? start : DEFAULT_SEARCH.start,
    end: datesValid ? end : DEFAULT_SEARCH.end,
    occupancy: Number.isInteger(occupancy) && occupancy >= 1 && occupancy <= MAX_OCCUPANCY ? occupancy : DEFAULT_SEARCH.occupancy,
    order: order && ORDERS.includes(order) ? order : DEFAULT_SEARCH.order,
    onlyBookable: params.get('roomIsBookable') !== 'null',
  };
}

/** The query for a search: only what differs from the defaults, so the plain page stays at a plain URL. */
export function searchToParams(search: AccommodationSearch): Record<string, string> {
  const params: Record<string, string> = {};
  if (search.start !== DEFAULT_SEARCH.start || search.end !== DEFAULT_SEARCH.end) {
    params.start = search.start;
    params.end = search.end;
  }
  if (search.occupancy !== DEFAULT_SEARCH.occupancy) params.roomOccupancy = String(search.occupancy);
  if (search.order !== DEFAULT_SEARCH.order) params.order = search.order;
  if (!search.onlyBookable) params.roomIsBookable = 'null';
  return params;
}

/** A path with the stay as its query (the detail page shows the same nights as the search). */
export function withStay(path: string, stay: { start: string; end: string }): string {
  if (stay.start === DEFAULT_SEARCH.start && stay.end === DEFAULT_SEARCH.end) return path;
  return `${path}?${new URLSearchParams({ start: stay.start, end: stay.end })}`;
}
