import { fromZonedTime } from 'date-fns-tz';
import { VENUE_TIME_ZONE } from './venue-time-zone.ts';

/**
 * Europe/Berlin wall-clock times ('YYYY-MM-DDTHH:mm:ss', no offset), as the event configuration
 * writes countdown phases, turned into instants. The server does this once (GET /api/config sends
 * the instants), so the time-zone library stays out of the app's bundle.
 */
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A Berlin wall-clock time → the instant it denotes (summer and winter time included); NaN when malformed. */
export function berlinInstant(wallClock: string): number {
  const match = WALL_CLOCK.exec(wallClock);
  if (!match) return Number.NaN;
  const [month, day, hour, minute, second] = match.slice(2).map((part) => Number(part ?? 0));
  if (!month || month > 12 || !day || day > 31 || (hour ?? 0) > 23 || (minute ?? 0) > 59 || (second ?? 0) > 59) {
    return Number.NaN;
  }
  return fromZonedTime(wallClock, VENUE_TIME_ZONE).getTime();
}

/** A configured phase with its start and end as instants (ms since epoch; NaN when malformed). */
export function phaseInstants(phase: { name: string; startDate: string; endDate: string }) {
  return { name: phase.name, startsAt: berlinInstant(phase.startDate), endsAt: berlinInstant(phase.endDate) };
}
