import { INTL_LOCALES, type Language } from '../../i18n/i18n.ts';

/*
 * The hotel cards' numbers and dates in the active language (lib/hotel-search.ts has the English
 * ones the other pages use).
 */

const distanceNumbers = new Map<Language, Intl.NumberFormat>();
const nightDates = new Map<Language, Intl.DateTimeFormat>();

/** 350 → '350 m', 2400 → '2.4 km' ('2,4 km' in German), 12000 → '12 km'. */
export function formatDistance(meters: number, language: Language): string {
  let numbers = distanceNumbers.get(language);
  if (!numbers) {
    numbers = new Intl.NumberFormat(INTL_LOCALES[language], { maximumFractionDigits: 1, useGrouping: false });
    distanceNumbers.set(language, numbers);
  }
  if (meters < 1000) return `${numbers.format(Math.max(0, Math.round(meters)))} m`;
  const km = meters / 1000;
  return `${numbers.format(km >= 10 ? Math.round(km) : Math.round(km * 10) / 10)} km`;
}

/** '2026-03-23' → 'Mon 23 Mar' ('Mo., 23. März'); dates are UTC (SPEC §9). */
export function formatNight(isoDate: string, language: Language): string {
  let format = nightDates.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALES[language], {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
    nightDates.set(language, format);
  }
  return format.format(new Date(`${isoDate}T00:00:00Z`));
}
