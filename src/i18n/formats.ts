import { INTL_LOCALES, type Language } from './i18n.ts';

/*
 * Dates and numbers in a language. Intl formatters are costly to make and safe to share,
 * so each language and set of options gets one, made on first use. Times of the venue pass
 * `timeZone: 'Europe/Berlin'`; calendar dates (docs/behaviour.md §9) pass 'UTC'.
 */

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

export function dateFormat(language: Language, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(INTL_LOCALES[language], options);
    dateFormats.set(key, format);
  }
  return format;
}

export function numberFormat(language: Language, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${language} ${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(INTL_LOCALES[language], options);
    numberFormats.set(key, format);
  }
  return format;
}
