import type { Language } from './language.ts';

/**
 * Country names in the reader's language. The countries table holds the English names the seed
 * took from i18n-iso-countries (server/db/seed/countries.ts); German ones come from the same
 * package, loaded on the first German letter only (they are not needed at start-up).
 */
let german: Promise<(code: string) => string | undefined> | undefined;

function loadGerman() {
  german ??= Promise.all([
    import('i18n-iso-countries'),
    import('i18n-iso-countries/langs/de.json', { with: { type: 'json' } }),
  ]).then(([{ default: countries }, { default: de }]) => {
    countries.registerLocale(de);
    return (code: string) => countries.getName(code, 'de', { select: 'official' });
  });
  return german;
}

/** The name of the country with this ISO code; the stored English name when it is English or unknown. */
export async function countryName(country: { code: string; name: string }, language: Language): Promise<string> {
  if (language === 'en') return country.name;
  return (await loadGerman())(country.code) ?? country.name;
}
