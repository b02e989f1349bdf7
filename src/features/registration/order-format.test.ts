import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadCatalogue, translate } from '../../i18n/i18n.ts';
import { orderTotalRows, priceOrder, vatPercent } from '../../shared/pricing.ts';
import { lineDetail, lineKindLabel, needsPayment, vatLabel } from './order-format.ts';

const t = (key: string, values?: Record<string, unknown>) => translate('registration', key, values);
/** A German translator: German for the call, English again after it. */
function inGerman<T>(read: () => T): T {
  i18n.activate('de');
  try {
    return read();
  } finally {
    i18n.activate('en');
  }
}
const tDe = (key: string, values?: Record<string, unknown>) => inGerman(() => t(key, values));

beforeAll(async () => {
  await loadCatalogue('de', 'registration');
});

describe('order overview texts', () => {
  it('labels each VAT rate as a percentage, in the reader’s number format', () => {
    expect(vatLabel(t)(vatPercent(1900))).toBe('VAT 19 %');
    expect(vatLabel(t)(vatPercent(700))).toBe('VAT 7 %');
    expect(vatLabel(t)(vatPercent(550))).toBe('VAT 5.5 %');
    // German puts a non-breaking space before % (docs/glossary.md).
    expect(vatLabel(tDe)(vatPercent(700))).toBe('USt. 7\u00a0%');
    expect(vatLabel(tDe)(vatPercent(550))).toBe('USt. 5,5\u00a0%');
  });

  it('shows one VAT row per rate: 19 % on the pass, 7 % on the nights', () => {
    const order = priceOrder({
      pass: { name: 'Business Pass', price: 29_900 },
      hotel: { name: 'Colosseo', roomName: 'Double', start: '2026-03-23', end: '2026-03-26', pricePerNight: 12_900 },
    });
    const rows = orderTotalRows(order, vatLabel(t), (cents) => String(cents));
    expect(rows.map((row) => [row.label, row.value])).toEqual([
      ['Net', '68600'],
      ['VAT 19 %', '5681'],
      ['VAT 7 %', '2709'],
      ['Total', '76990'],
    ]);
  });

  it('names every kind of line', () => {
    expect(lineKindLabel('pass', t)).toBe('Pass');
    expect(lineKindLabel('hotel', t)).toBe('Hotel');
    expect(lineKindLabel('train-ticket', t)).toBe('Train ticket');
    expect(lineKindLabel('train-ticket', tDe)).toBe('Bahnticket');
    expect(lineKindLabel('extra', tDe)).toBe('Zusatzleistung');
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
});
