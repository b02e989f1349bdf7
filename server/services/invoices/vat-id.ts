import {
  austria,
  belgium,
  bulgaria,
  type Country,
  checkVAT,
  croatia,
  cyprus,
  czechRepublic,
  denmark,
  estonia,
  finland,
  france,
  germany,
  greece,
  hungary,
  ireland,
  italy,
  latvia,
  lithuania,
  luxembourg,
  malta,
  netherlands,
  poland,
  portugal,
  romania,
  slovakiaRepublic,
  slovenia,
  spain,
  sweden,
} from 'jsvat';

/**
 * The 27 EU member states by ISO code. jsvat checks each country's format and check digits offline;
 * its other countries (GB, CH, NO, RS...) are left out on purpose: only EU VAT IDs count here.
 */
const EU_VAT_COUNTRIES: Record<string, Country> = {
  AT: austria,
  BE: belgium,
  BG: bulgaria,
  CY: cyprus,
  CZ: czechRepublic,
  DE: germany,
  DK: denmark,
  EE: estonia,
  ES: spain,
  FI: finland,
  FR: france,
  GR: greece,
  HR: croatia,
  HU: hungary,
  IE: ireland,
  IT: italy,
  LT: lithuania,
  LU: luxembourg,
  LV: latvia,
  MT: malta,
  NL: netherlands,
  PL: poland,
  PT: portugal,
  RO: romania,
  SE: sweden,
  SI: slovenia,
  SK: slovakiaRepublic,
};

/** Greece's VAT prefix is EL, not its ISO code GR; both are accepted as the country code. */
const vatPrefix = (isoCode: string) => (isoCode === 'GR' ? 'EL' : isoCode);

/**
 * Format and check digits of an EU VAT ID, without any network call. `countryCode` is the ISO (or
 * VAT) prefix, `vatNumber` the rest; spaces are removed. A number typed with its own prefix
 * (countryCode DE, vatNumber DE136695976) is accepted too.
 */
export function isValidVatId(countryCode: string, vatNumber: string): boolean {
  const code = countryCode.trim().toUpperCase();
  const isoCode = code === 'EL' ? 'GR' : code;
  const country = EU_VAT_COUNTRIES[isoCode];
  if (!country) return false;
  const prefix = vatPrefix(isoCode);
  const number = vatNumber.replace(/\s+/g, '').toUpperCase();
  if (number.length === 0) return false;
  if (checkVAT(`${prefix}${number}`, [country]).isValid) return true;
  return number.startsWith(prefix) && checkVAT(number, [country]).isValid;
}

/** A whole VAT ID as typed in a form (docs/behaviour.md §5: the first two characters are the country code). */
export function isValidFullVatId(vatId: string): boolean {
  const compact = vatId.replace(/\s+/g, '');
  return isValidVatId(compact.slice(0, 2), compact.slice(2));
}
