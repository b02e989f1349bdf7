import { VENUE_TIME_ZONE } from './venue-time-zone.ts';
/**
 * When a hotel booking may be cancelled (shared by the app's button and the server's check):
 * free of charge until 14 days before arrival, and within 24 hours of booking in any case (a
 * booking made by mistake can be undone), never after arrival. Dates are the stay's YYYY-MM-DD
 * nights; the arrival day starts at 00:00 UTC (docs/behaviour.md §9: dates in UTC by default).
 */
export const FREE_CANCELLATION_DAYS = 14;
export const GRACE_PERIOD_HOURS = 24;

const DAY_MS = 86_400_000;

export interface CancellableBooking {
  status: 'held' | 'confirmed' | 'cancelled';
  start: string;
  /** The check-out day; with it, a stay that is over says so rather than that it has begun. */
  end?: string;
  createdAt: string | Date;
}

/** The venue's zone: a stay begins and ends by the calendar in the hotels, not on the phone. */
const venueDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: VENUE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date at the venue as YYYY-MM-DD. */
export function venueToday(now: Date = new Date()): string {
  return venueDay.format(now);
}

export type StayPhase = 'upcoming' | 'begun' | 'ended';

/**
 * Where a stay is by the venue's calendar: upcoming before the arrival day, begun from the arrival
 * day, ended from the check-out day (the last night is over).
 */
export function stayPhase(stay: { start: string; end: string }, now: Date = new Date()): StayPhase {
  const today = venueToday(now);
  if (today < stay.start) return 'upcoming';
  return today < stay.end ? 'begun' : 'ended';
}

export type CancellationVerdict = { allowed: true } | { allowed: false; reason: string };

export const CANCELLATION_MESSAGES = {
  notConfirmed: 'Only confirmed bookings can be cancelled.',
  arrived: 'This stay has already begun and can no longer be cancelled.',
  ended: 'This stay has ended and can no longer be cancelled.',
  tooLate: `Bookings can be cancelled free of charge until ${FREE_CANCELLATION_DAYS} days before arrival.`,
} as const;

export function cancellationVerdict(booking: CancellableBooking, now: Date = new Date()): CancellationVerdict {
  if (booking.status !== 'confirmed') return { allowed: false, reason: CANCELLATION_MESSAGES.notConfirmed };
  const arrival = Date.parse(`${booking.start}T00:00:00Z`);
  if (now.getTime() >= arrival) {
    const ended = booking.end !== undefined && stayPhase({ start: booking.start, end: booking.end }, now) === 'ended';
    return { allowed: false, reason: ended ? CANCELLATION_MESSAGES.ended : CANCELLATION_MESSAGES.arrived };
  }
  if (now.getTime() <= arrival - FREE_CANCELLATION_DAYS * DAY_MS) return { allowed: true };
  const created = new Date(booking.createdAt).getTime();
  if (now.getTime() - created <= GRACE_PERIOD_HOURS * 3_600_000) return { allowed: true };
  return { allowed: false, reason: CANCELLATION_MESSAGES.tooLate };
}

/** The deadline of free cancellation as YYYY-MM-DD (for the app's hint). */
export function freeCancellationUntil(start: string): string {
  return new Date(Date.parse(`${start}T00:00:00Z`) - FREE_CANCELLATION_DAYS * DAY_MS).toISOString().slice(0, 10);
}
