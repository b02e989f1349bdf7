import isoCountries from 'i18n-iso-countries';
import en from 'i18n-iso-countries/langs/en.json' with { type: 'json' };

/** The 27 member states of the European Union (VAT ID checks apply to them). */
export const EU_CODES: ReadonlySet<string> = new Set([
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
]);

export interface CountryRow {
  code: string;
  name: string;
  isEu: boolean;
}

/** Every ISO 3166-1 alpha-2 country with its English name, sorted by name for the select box. */
export function countryRows(): CountryRow[] {
  isoCountries.registerLocale(en);
  const names = isoCountries.getNames('en', { select: 'official' });
  return Object.entries(names)
    .map(([code, name]) => ({ code, name, isEu: EU_CODES.has(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, 'en'));
}
