/**
 * When a hotel booking may be cancelled (shared by the app's button and the server's check):
 * free of charge until 14 days before arrival, and within 24 hours of booking in any case (a
 * booking made by mistake can be undone), never after arrival. Dates are the stay's YYYY-MM-DD
 * nights; the arrival day starts at 00:00 UTC (SPEC §9: dates in UTC by default).
 */
export const FREE_CANCELLATION_DAYS = 14;
export const GRACE_PERIOD_HOURS = 24;

const DAY_MS = 86_400_000;

export interface CancellableBooking {
  status: 'held' | 'confirmed' | 'cancelled';
  start: string;
  createdAt: string | Date;
}

export type CancellationVerdict = { allowed: true } | { allowed: false; reason: string };

export const CANCELLATION_MESSAGES = {
  notConfirmed: 'Only confirmed bookings can be cancelled.',
  arrived: 'This stay has already begun and can no longer be cancelled.',
  tooLate: `Bookings can be cancelled free of charge until ${FREE_CANCELLATION_DAYS} days before arrival.`,
} as const;

export function cancellationVerdict(booking: CancellableBooking, now: Date = new Date()): CancellationVerdict {
  if (booking.status !== 'confirmed') return { allowed: false, reason: CANCELLATION_MESSAGES.notConfirmed };
  const arrival = Date.parse(`${booking.start}T00:00:00Z`);
  if (now.getTime() >= arrival) return { allowed: false, reason: CANCELLATION_MESSAGES.arrived };
  if (now.getTime() <= arrival - FREE_CANCELLATION_DAYS * DAY_MS) return { allowed: true };
  const created = new Date(booking.createdAt).getTime();
  if (now.getTime() - created <= GRACE_PERIOD_HOURS * 3_600_000) return { allowed: true };
  return { allowed: false, reason: CANCELLATION_MESSAGES.tooLate };
}

/** The deadline of free cancellation as YYYY-MM-DD (for the app's hint). */
export function freeCancellationUntil(start: string): string {
  return new Date(Date.parse(`${start}T00:00:00Z`) - FREE_CANCELLATION_DAYS * DAY_MS).toISOString().slice(0, 10);
}
