const formatter = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** '2026-03-24', '2026-03-26' → '24–26 March 2026' (dates are UTC by default, SPEC §9). */
export function formatEventDates(startDate: string, endDate: string): string {
  const start = new Date(`${startDate}T00:00:00Z`);
  const end = new Date(`${endDate}T00:00:00Z`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return '';
  return end > start ? formatter.formatRange(start, end) : formatter.format(start);
}
