import { describe, expect, it } from 'vitest';
import { isValidFullVatId, isValidVatId } from './vat-id.ts';

// Published VAT IDs of real companies (format and check digits verified), one or more per EU state.
const VALID: [string, string][] = [
  ['DE', '136695976'],
  ['AT', 'U13585627'],
  ['FR', '40303265045'],
  ['NL', '004495445B01'],
  ['BE', '0411905847'],
  ['IT', '00743110157'],
  ['ES', 'X2482300W'],
  ['ES', 'A28015865'],
  ['GR', '094014201'],
  ['EL', '094014201'],
  ['PL', '5260250995'],
  ['SE', '556703748501'],
  ['DK', '13585628'],
  ['FI', '20774740'],
  ['IE', '6433435F'],
  ['LU', '15027442'],
  ['PT', '501964843'],
  ['CZ', '25123891'],
  ['SK', '2020317068'],
  ['SI', '50223054'],
  ['HU', '12892312'],
  ['RO', '18547290'],
  ['BG', '175074752'],
  ['HR', '33392005961'],
  ['CY', '10259033P'],
  ['MT', '11679112'],
  ['EE', '100931558'],
  ['LV', '40003521600'],
  ['LT', '119511515'],
];

// The same numbers with one digit changed: right format, wrong check digit.
const CORRUPTED: [string, string][] = [
  ['DE', '136695977'],
  ['AT', 'U13585626'],
  ['FR', '40303265046'],
  ['NL', '004495446B01'],
  ['BE', '0411905848'],
  ['IT', '00743110158'],
  ['ES', 'X2482300X'],
  ['GR', '094014202'],
  ['PL', '5260250996'],
  ['SE', '556703748601'],
  ['DK', '13585629'],
  ['PT', '501964844'],
];

describe('EU VAT ID check digits', () => {
  it.each(VALID)('accepts %s %s', (country, number) => {
    expect(isValidVatId(country, number)).toBe(true);
  });

  it.each(CORRUPTED)('rejects the corrupted %s %s', (country, number) => {
    expect(isValidVatId(country, number)).toBe(false);
  });

  it('removes spaces, ignores case and accepts the prefix typed twice', () => {
    expect(isValidVatId('de', ' 136 695 976 ')).toBe(true);
    expect(isValidVatId('AT', 'u 135 856 27')).toBe(true);
    expect(isValidVatId('DE', 'DE136695976')).toBe(true);
    expect(isValidFullVatId('DE 136 695 976')).toBe(true);
    expect(isValidFullVatId('ATU13585627')).toBe(true);
    expect(isValidFullVatId('EL094014201')).toBe(true);
  });

  it('rejects wrong formats: length, letters, a number of another country', () => {
    expect(isValidVatId('DE', '13669597')).toBe(false);
    expect(isValidVatId('DE', '1366959766')).toBe(false);
    expect(isValidVatId('DE', '13669597A')).toBe(false);
    expect(isValidVatId('DE', 'U13585627')).toBe(false);
    expect(isValidVatId('AT', '13585627')).toBe(false);
    expect(isValidVatId('DE', '')).toBe(false);
    expect(isValidFullVatId('')).toBe(false);
    expect(isValidFullVatId('D')).toBe(false);
  });

  it('answers false outside the EU, even for numbers jsvat knows', () => {
    expect(isValidVatId('GB', '980780684')).toBe(false);
    expect(isValidVatId('CH', 'E116281710')).toBe(false);
    expect(isValidVatId('NO', '974760673')).toBe(false);
    expect(isValidVatId('US', '123456789')).toBe(false);
    expect(isValidVatId('EU', '372000041')).toBe(false);
    expect(isValidVatId('XX', '136695976')).toBe(false);
  });
});
