import { describe, expect, it } from 'vitest';
import { formatAmount, formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('writes English prices as the app always did: sign first, dot for decimals', () => {
    expect(formatMoney(29_900, 'en')).toBe('€299.00');
    expect(formatMoney(-1250, 'en')).toBe('-€12.50');
    expect(formatMoney(123_456, 'en')).toBe('€1,234.56');
    expect(formatMoney(5, 'en')).toBe('€0.05');
    expect(formatMoney(0, 'en')).toBe('€0.00');
  });

  it('writes German prices with the sign after the number and German marks', () => {
    expect(formatMoney(29_900, 'de')).toBe('299,00 €');
    expect(formatMoney(-1250, 'de')).toBe('-12,50 €');
    expect(formatMoney(123_456, 'de')).toBe('1.234,56 €');
    expect(formatMoney(123_456_789, 'de')).toBe('1.234.567,89 €');
    expect(formatMoney(0, 'de')).toBe('0,00 €');
  });

  it('rounds to whole cents and never shows NaN', () => {
    expect(formatMoney(0.5, 'en')).toBe('€0.01');
    expect(formatMoney(Number.NaN, 'en')).toBe('€0.00');
    expect(formatMoney(Number.POSITIVE_INFINITY, 'de')).toBe('0,00 €');
  });
});

describe('formatAmount', () => {
  it('gives the number without the sign, for texts and tables that place it themselves', () => {
    expect(formatAmount(116_025, 'en')).toBe('1,160.25');
    expect(formatAmount(116_025, 'de')).toBe('1.160,25');
    expect(formatAmount(-71_600, 'de')).toBe('-716,00');
    expect(formatAmount(5, 'en')).toBe('0.05');
  });

  it('agrees with formatMoney, so mails and the app show the same number', () => {
    for (const cents of [0, 7, 1999, 101_500, -2_500_000]) {
      expect(formatMoney(cents, 'de')).toBe(`${formatAmount(cents, 'de')} €`);
      expect(formatMoney(Math.abs(cents), 'en')).toBe(`€${formatAmount(Math.abs(cents), 'en')}`);
    }
  });
});
