const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The event days a pass is valid for: '2026-03-24', '2026-03-26' → '24–26 March 2026' (UTC, SPEC §9). */
export function formatValidity(startDate: string, endDate: string): string | null {
  const start = new Date(`${startDate}T00:00:00Z`);
  const end = new Date(`${endDate}T00:00:00Z`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return null;
  return end > start ? longDate.formatRange(start, end) : longDate.format(start);
}
