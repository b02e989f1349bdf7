import { describe, expect, it } from 'vitest';
import {
  euros,
  isFreeOrder,
  orderTotalRows,
  priceOrder,
  splitVatId,
  taxedLine,
  totalsOf,
  vatBreakdownOf,
  vatOf,
} from './pricing.ts';
import { nightCount, nightsOf, stayProblem } from './stay.ts';
import { LINE_KINDS, TAX_RULES } from './tax-rules.ts';

const stay = (start: string, end: string, pricePerNight: number) => ({
  name: 'Hotel Colosseo',
  roomName: 'Comfort Single',
  start,
  end,
  pricePerNight,
});

describe('priceOrder', () => {
  it('prices the pass at 19 % and the hotel nights at 7 % (§ 12 (2) no. 11 UStG), whoever buys', () => {
    // Nothing in the input names the buyer: a French company with a valid VAT ID and a German
    // consumer get the same order (no reverse charge for admission or nights in Germany).
    const order = priceOrder({ pass: { name: 'Business Pass', price: 29_900 }, hotel: stay('2026-03-23', '2026-03-27', 16_900) });
    expect(order.lines).toEqual([
      {
        kind: 'pass',
        description: 'Business Pass',
        quantity: 1,
        unitPrice: 29_900,
        net: 29_900,
        vatCategory: 'S',
        vatBasisPoints: 1900,
      },
      {
        kind: 'hotel',
        description: 'Hotel Colosseo, Comfort Single, 2026-03-23 to 2026-03-27 (4 nights)',
        quantity: 4,
        unitPrice: 16_900,
        net: 67_600,
        vatCategory: 'S',
        vatBasisPoints: 700,
      },
    ]);
    expect(order.vatBreakdown).toEqual([
      { category: 'S', basisPoints: 1900, net: 29_900, vat: 5_681 },
      { category: 'S', basisPoints: 700, net: 67_600, vat: 4_732 },
    ]);
    expect(order).toMatchObject({ net: 97_500, vat: 10_413, gross: 107_913 });
  });

  it('gives an order of pass, 3 nights, breakfast and a train ticket its two rates, each rounded once', () => {
    const order = priceOrder({
      pass: { name: 'Business Pass', price: 29_905 },
      hotel: stay('2026-03-23', '2026-03-26', 12_345),
      extras: [{ description: 'Breakfast', quantity: 3, unitPrice: 1_955 }],
    });
    const all = totalsOf([...order.lines, taxedLine('train-ticket', 'Deutsche Bahn return ticket', 1, 9_990)]);
    expect(all.lines.map((line) => [line.kind, line.vatBasisPoints])).toEqual([
      ['pass', 1900],
      ['hotel', 700],
      ['extra', 1900],
      ['train-ticket', 700],
    ]);
    // 19 %: 299.05 + 58.65 = 357.70 → 67.963 → 67.96; 7 %: 370.35 + 99.90 = 470.25 → 32.9175 → 32.92.
    expect(all.vatBreakdown).toEqual([
      { category: 'S', basisPoints: 1900, net: 35_770, vat: 6_796 },
      { category: 'S', basisPoints: 700, net: 47_025, vat: 3_292 },
    ]);
    expect(all).toMatchObject({ net: 82_795, vat: 10_088, gross: 92_883 });
    // Rounding per line would give 56.82 + 11.14 + 25.92 + 6.99 = 100.87 €, not 100.88 €.
    const perLine = all.lines.reduce((sum, line) => sum + vatOf(line.net, line.vatBasisPoints), 0);
    expect(perLine).toBe(10_087);
  });

  it('keeps a free pass as a zero line with nothing to pay', () => {
    const order = priceOrder({ pass: { name: 'Standard Pass', price: 0 }, hotel: null });
    expect(order).toMatchObject({ net: 0, vat: 0, gross: 0 });
    expect(order.lines).toHaveLength(1);
    expect(isFreeOrder(order)).toBe(true);
  });

  it('says night for a single night', () => {
    const order = priceOrder({ pass: { name: 'Standard Pass', price: 0 }, hotel: stay('2026-03-23', '2026-03-24', 9_900) });
    expect(order.lines[1]?.description).toBe('Hotel Colosseo, Comfort Single, 2026-03-23 to 2026-03-24 (1 night)');
    expect(order.gross).toBe(10_593);
  });
});

describe('the tax rules', () => {
  it('give every kind of line a German rate and no kind a reverse charge', () => {
    expect(Object.keys(TAX_RULES).sort()).toEqual([...LINE_KINDS].sort());
    expect(Object.fromEntries(LINE_KINDS.map((kind) => [kind, TAX_RULES[kind].basisPoints]))).toEqual({
      pass: 1900,
      upgrade: 1900,
      hotel: 700,
      extra: 1900,
      'train-ticket': 700,
    });
    expect(LINE_KINDS.every((kind) => TAX_RULES[kind].category === 'S')).toBe(true);
  });
});

describe('vatBreakdownOf', () => {
  it('keeps the reverse charge of invoices issued before the tax rules at 0, apart from taxed lines', () => {
    expect(
      vatBreakdownOf([
        { net: 29_900, vatCategory: 'AE', vatBasisPoints: 0 },
        { net: 100, vatCategory: 'S', vatBasisPoints: 1900 },
      ]),
    ).toEqual([
      { category: 'S', basisPoints: 1900, net: 100, vat: 19 },
      { category: 'AE', basisPoints: 0, net: 29_900, vat: 0 },
    ]);
  });

  it('rounds a credit note (negative lines) like the invoice it mirrors', () => {
    const invoice = totalsOf([taxedLine('hotel', 'Stay', 3, 12_345)]);
    const note = totalsOf(invoice.lines.map((line) => ({ ...line, unitPrice: -line.unitPrice, net: -line.net })));
    expect(note).toMatchObject({ net: -invoice.net, vat: -invoice.vat, gross: -invoice.gross });
  });
});

describe('vatOf', () => {
  it('rounds half a cent up and stays exact in integers', () => {
    expect(vatOf(50, 1900)).toBe(10); // 9.5 → 10
    expect(vatOf(1, 1900)).toBe(0); // 0.19 → 0
    expect(vatOf(3, 1900)).toBe(1); // 0.57 → 1
    expect(vatOf(29_900, 1900)).toBe(5_681);
    expect(vatOf(123_456_789, 1900)).toBe(23_456_790); // 23 456 789.91
    expect(vatOf(-50, 1900)).toBe(-10);
    expect(vatOf(1000, 0)).toBe(0);
  });
});

describe('splitVatId and euros', () => {
  it('removes spaces and splits off the country code', () => {
    expect(splitVatId(' atu 1234 5678 ')).toEqual({ countryCode: 'AT', number: 'U12345678' });
    expect(splitVatId('')).toEqual({ countryCode: '', number: '' });
  });
  it('formats cents with two decimals', () => {
    expect(euros(116_025)).toBe('1,160.25');
    expect(euros(0)).toBe('0.00');
    expect(euros(5)).toBe('0.05');
  });
});

describe('stays', () => {
  it('counts nights and lists them', () => {
    expect(nightCount('2026-03-23', '2026-03-27')).toBe(4);
    expect(nightsOf('2026-03-30', '2026-04-02')).toEqual(['2026-03-30', '2026-03-31', '2026-04-01']);
    // Across the DST change (29 March 2026 in Europe) a night is still one night.
    expect(nightCount('2026-03-28', '2026-03-30')).toBe(2);
  });
  it('rejects impossible dates, empty or reversed stays and stays over 14 nights', () => {
    expect(stayProblem('2026-03-23', '2026-03-27')).toBeNull();
    expect(stayProblem('2026-02-30', '2026-03-02')?.path).toBe('start');
    expect(stayProblem('2026-03-23', '2026-03-23')).toEqual({ path: 'end', key: 'checkOutAfterCheckIn' });
    expect(stayProblem('2026-03-23', '2026-03-22')?.path).toBe('end');
    expect(stayProblem('2026-03-01', '2026-03-15')).toBeNull();
    expect(stayProblem('2026-03-01', '2026-03-16')).toEqual({ path: 'end', key: 'stayTooLong', values: { maximum: 14 } });
  });
});

describe('free orders', () => {
  const euro = (cents: number) => `€${(cents / 100).toFixed(2)}`;

  it('are the orders with nothing to pay', () => {
    expect(isFreeOrder({ net: 0, vat: 0, gross: 0 })).toBe(true);
    expect(isFreeOrder({ net: 29_900, vat: 5_681, gross: 35_581 })).toBe(false);
    expect(isFreeOrder({ net: 29_900, vat: 0, gross: 29_900 })).toBe(false);
  });

  it("show 'Free' without net and VAT lines; other orders show net, VAT per rate and total", () => {
    expect(orderTotalRows({ net: 0, vat: 0, gross: 0, vatBreakdown: [] }, (rate) => `VAT ${rate} %`, euro)).toEqual([
      { key: 'total', label: 'Total', value: 'Free' },
    ]);
    const order = priceOrder({ pass: { name: 'Business Pass', price: 10_000 }, hotel: stay('2026-03-23', '2026-03-24', 10_000) });
    expect(orderTotalRows(order, (rate) => `VAT ${rate} %`, euro)).toEqual([
      { key: 'net', label: 'Net', value: '€200.00' },
      { key: 'vat-S-1900', label: 'VAT 19 %', value: '€19.00' },
      { key: 'vat-S-700', label: 'VAT 7 %', value: '€7.00' },
      { key: 'total', label: 'Total', value: '€226.00' },
    ]);
  });
});
