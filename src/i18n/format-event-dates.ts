import { dateFormat } from './formats.ts';
import { activeLanguage, type Language } from './i18n.ts';

const formatter = (language: Language) =>
  dateFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * '2026-03-24', '2026-03-26' → '24–26 March 2026' ('24.–26. März 2026' in German; dates are UTC by
 * default, docs/behaviour.md §9). Components pass the language they render in.
 */
export function formatEventDates(startDate: string, endDate: string, language: Language = activeLanguage()): string {
  const start = new Date(`${startDate}T00:00:00Z`);
  const end = new Date(`${endDate}T00:00:00Z`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return '';
  const format = formatter(language);
  return end > start ? format.formatRange(start, end) : format.format(start);
}
