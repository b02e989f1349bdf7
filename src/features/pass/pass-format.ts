import { dateFormat } from '../../i18n/formats.ts';
import { activeLanguage, type Language } from '../../i18n/i18n.ts';

const longDate = (language: Language) =>
  dateFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The event days a pass is valid for: '2026-03-24', '2026-03-26' → '24–26 March 2026'
 * (de '24.–26. März 2026'; UTC, docs/behaviour.md §9), in the active language unless one is given.
 */
export function formatValidity(startDate: string, endDate: string, language: Language = activeLanguage()): string | null {
  const start = new Date(`${startDate}T00:00:00Z`);
  const end = new Date(`${endDate}T00:00:00Z`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return null;
  const format = longDate(language);
  return end > start ? format.formatRange(start, end) : format.format(start);
}
