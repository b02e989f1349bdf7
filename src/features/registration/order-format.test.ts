import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/i18n.ts';
import { REVERSE_CHARGE_NOTE, vatPercent } from '../../shared/pricing.ts';
import { lineDetail, needsPayment, vatLabel } from './order-format.ts';

const t = (key: string, values?: Record<string, unknown>) => translate('registration', key, values);

describe('order overview texts', () => {
  it('shows VAT as a percentage or the reverse charge', () => {
    expect(vatPercent(0.19)).toBe('19');
    expect(vatPercent(0.07)).toBe('7');
    expect(vatPercent(0.055)).toBe('5.5');
    expect(vatLabel({ vatRate: 0.19, reverseCharge: false }, t)).toBe('VAT 19 %');
    expect(vatLabel({ vatRate: 0.055, reverseCharge: false }, t)).toBe(`VAT ${vatPercent(0.055)} %`);
    expect(vatLabel({ vatRate: 0, reverseCharge: true }, t)).toBe('VAT (Reverse charge)');
  });

  it('explains hotel nights and quantities in euros with 2 decimals', () => {
    expect(lineDetail({ kind: 'hotel', quantity: 4, unitPrice: 12_900 }, t)).toBe('4 nights × €129.00');
    expect(lineDetail({ kind: 'hotel', quantity: 1, unitPrice: 9_950 }, t)).toBe('1 night × €99.50');
    expect(lineDetail({ kind: 'pass', quantity: 1, unitPrice: 29_900 }, t)).toBeNull();
    expect(lineDetail({ kind: 'pass', quantity: 2, unitPrice: 1_000 }, t)).toBe('2 × €10.00');
  });

  it('asks for payment only for open orders', () => {
    expect(needsPayment({ status: 'open', gross: 35_581 })).toBe(true);
    // A free order is placed, not paid for, even before it is placed.
    expect(needsPayment({ status: 'open', gross: 0 })).toBe(false);
    expect(needsPayment({ status: 'free', gross: 0 })).toBe(false);
    expect(needsPayment({ status: 'paid', gross: 35_581 })).toBe(false);
  });

  it('words the reverse charge as the invoices do', () => {
    expect(translate('registration', 'reverseChargeNote')).toBe(`${REVERSE_CHARGE_NOTE}.`);
    expect(translate('checkout', 'reverseChargeNote')).toBe(`${REVERSE_CHARGE_NOTE}.`);
  });
});
