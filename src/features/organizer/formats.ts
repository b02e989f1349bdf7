import { INTL_LOCALES, type Language } from '../../i18n/i18n.ts';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { useLanguage, type Values } from '../../i18n/use-t.ts';
import { VENUE_TIME_ZONE } from '../../shared/venue-time-zone.ts';

/** The console's translator (useT('organizer')), for helpers that build texts outside a component. */
export type ConsoleT = (key: MessageKey<'organizer'>, values?: Values) => string;

/** The console's numbers, dates and times in one language; times on the venue clock (Europe/Berlin). */
export interface ConsoleFormats {
  /** en '1,234', de '1.234'. */
  count: (value: number) => string;
  /** An instant at the venue: en '25 Mar 2026, 10:12', de '25.03.2026, 10:12'. */
  dateTime: (iso: string | number) => string;
  /** The venue clock with seconds: '14:05:09'. */
  clock: (iso: string | number) => string;
  /** A calendar day 'YYYY-MM-DD': en '24 Mar', de '24. März' (unreadable days stay as they are). */
  shortDay: (day: string) => string;
}

const made = new Map<Language, ConsoleFormats>();

/** Intl formatters are costly to build: one set per language, made on first use. */
export function consoleFormats(language: Language): ConsoleFormats {
  let formats = made.get(language);
  if (formats) return formats;
  const locale = INTL_LOCALES[language];
  const integer = new Intl.NumberFormat(locale);
  const dateTime = new Intl.DateTimeFormat(locale, { timeZone: VENUE_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });
  const clock = new Intl.DateTimeFormat(locale, { timeStyle: 'medium', timeZone: VENUE_TIME_ZONE });
  // A calendar day, not an instant: read in UTC so no zone moves it.
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const instant = (value: string | number) => (typeof value === 'number' ? value : Date.parse(value));
  formats = {
    count: (value) => integer.format(value),
    dateTime: (value) => dateTime.format(instant(value)),
    clock: (value) => clock.format(instant(value)),
    shortDay: (value) => {
      const time = Date.parse(`${value}T00:00:00Z`);
      return Number.isNaN(time) ? value : day.format(time);
    },
  };
  made.set(language, formats);
  return formats;
}

/** The formats of the active language; the component re-renders when it changes. */
export function useConsoleFormats(): ConsoleFormats {
  return consoleFormats(useLanguage());
}
