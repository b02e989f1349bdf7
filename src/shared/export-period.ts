/**
 * The period of the accountant's exports: venue days (Europe/Berlin) as YYYY-MM-DD, both
 * included, at most a year. Checked alike by the console before it offers the download and by the
 * server (a 400 naming the field).
 */
export interface Period {
  from: string;
  to: string;
}

export type PeriodError = 'invalidDate' | 'reversed' | 'tooLong';

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar day as [year, month, day]; null for anything else ('2026-02-30', '26-3-1'). */
function dayParts(text: string): [number, number, number] | null {
  const match = ISO_DAY.exec(text);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? [year, month, day]
    : null;
}

/** The period, or the field at fault and why: not a real day, ending before it starts, a year or longer (2026-01-01 to 2026-12-31 at most). */
export function checkPeriod(from: string, to: string): Period | { field: 'from' | 'to'; error: PeriodError } {
  const start = dayParts(from);
  if (!start) return { field: 'from', error: 'invalidDate' };
  if (!dayParts(to)) return { field: 'to', error: 'invalidDate' };
  if (to < from) return { field: 'to', error: 'reversed' };
  const [year, month, day] = start;
  const yearLater = new Date(Date.UTC(year + 1, month - 1, day)).toISOString().slice(0, 10);
  if (to >= yearLater) return { field: 'to', error: 'tooLong' };
  return { from, to };
}

/** The calendar month before the one `today` (YYYY-MM-DD) is in: what the accountant usually asks for. */
export function previousMonth(today: string): Period {
  const [year = 0, month = 1] = today.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}
