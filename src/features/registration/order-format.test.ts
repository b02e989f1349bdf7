import { describe, expect, it } from 'vitest';
import { vatPercent } from '../../shared/pricing.ts';
import { lineDetail, needsPayment, vatLabel } from './order-format.ts';

describe('order overview texts', () => {
  it('shows VAT as a percentage or the reverse charge', () => {
    expect(vatPercent(0.19)).toBe('19');
    expect(vatPercent(0.07)).toBe('7');
    expect(vatPercent(0.055)).toBe('5.5');
    expect(vatLabel({ vatRate: 0.19, reverseCharge: false })).toBe('VAT 19 %');
    expect(vatLabel({ vatRate: 0, reverseCharge: true })).toBe('VAT (Reverse charge)');
  });

  it('explains hotel nights and quantities in euros with 2 decimals', () => {
    expect(lineDetail({ kind: 'hotel', quantity: 4, unitPrice: 12_900 })).toBe('4 nights × €129.00');
    expect(lineDetail({ kind: 'hotel', quantity: 1, unitPrice: 9_950 })).toBe('1 night × €99.50');
    expect(lineDetail({ kind: 'pass', quantity: 1, unitPrice: 29_900 })).toBeNull();
    expect(lineDetail({ kind: 'pass', quantity: 2, unitPrice: 1_000 })).toBe('2 × €10.00');
  });

  it('asks for payment only for open orders', () => {
    expect(needsPayment({ status: 'open', gross: 35_581 })).toBe(true);
    // A free order is placed, not paid for, even before it is placed.
    expect(needsPayment({ status: 'open', gross: 0 })).toBe(false);
    expect(needsPayment({ status: 'free', gross: 0 })).toBe(false);
    expect(needsPayment({ status: 'paid', gross: 35_581 })).toBe(false);
  });
});
