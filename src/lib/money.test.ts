import { describe, expect, it } from 'vitest';
import { formatEuro, formatPrice } from './money.ts';

describe('formatEuro', () => {
  it('shows cents as euros with two decimals', () => {
    expect(formatEuro(29_900)).toBe('€299.00');
    expect(formatEuro(5)).toBe('€0.05');
    expect(formatEuro(0)).toBe('€0.00');
    expect(formatEuro(123_456_789)).toBe('€1,234,567.89');
  });

  it('keeps the sign of credits', () => {
    expect(formatEuro(-1250)).toBe('-€12.50');
  });

  it('never shows NaN', () => {
    expect(formatEuro(Number.NaN)).toBe('€0.00');
  });
});

describe('formatPrice', () => {
  it("says 'Free' for zero", () => {
    expect(formatPrice(0)).toBe('Free');
    expect(formatPrice(89_900)).toBe('€899.00');
  });
});
