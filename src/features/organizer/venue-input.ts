import { VENUE_TIME_ZONE } from '../../shared/venue-time-zone.ts';

/*
 * <input type="datetime-local"> holds a wall-clock time without a zone. Organizers mean the venue's
 * clock (Europe/Berlin) whatever zone their laptop is in, so the console converts between that
 * wall time and an ISO instant itself.
 */

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: VENUE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The venue's wall clock at an instant, as numbers. */
function wallClock(time: number) {
  const values = Object.fromEntries(parts.formatToParts(time).map((part) => [part.type, part.value]));
  return {
    year: Number(values.year),
    month: Number(values.month),
    day: Number(values.day),
    hour: Number(values.hour),
    minute: Number(values.minute),
    second: Number(values.second),
  };
}

/** How far the venue's clock is ahead of UTC at an instant (ms). */
function offsetAt(time: number): number {
  const wall = wallClock(time);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - (time - (time % 1000));
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * 'YYYY-MM-DDTHH:MM' on the venue's clock → an ISO instant; '' → null; anything else → undefined.
 * In the hour the clocks go forward a time that does not exist is read with the offset before the change.
 */
export function venueInputToIso(value: string): string | null | undefined {
  if (value.trim() === '') return null;
  const match = LOCAL.exec(value.trim());
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return undefined;
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  if (new Date(asUtc).getUTCDate() !== day) return undefined;
  // The offset at the guess, then at the corrected time (they differ only next to a clock change).
  let time = asUtc - offsetAt(asUtc);
  time = asUtc - offsetAt(time);
  return new Date(time).toISOString();
}

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO instant → 'YYYY-MM-DDTHH:MM' on the venue's clock, for a datetime-local input; null → ''. */
export function isoToVenueInput(iso: string | null): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const wall = wallClock(time);
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}T${pad(wall.hour)}:${pad(wall.minute)}`;
}
