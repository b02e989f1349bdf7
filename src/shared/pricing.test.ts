import { describe, expect, it } from 'vitest';
import { euros, isFreeOrder, orderTotalRows, priceOrder, qualifiesForReverseCharge, splitVatId, vatOf } from './pricing.ts';
import { nightCount, nightsOf, stayProblem } from './stay.ts';

describe('priceOrder', () => {
  it('prices a pass and a hotel stay with 19 % German VAT', () => {
    const order = priceOrder({
      pass: { name: 'Business Pass', price: 29_900 },
      hotel: {
        name: 'Hotel Colosseo',
        roomName: 'Comfort Single',
        start: '2026-03-23',
        end: '2026-03-27',
        pricePerNight: 16_900,
      },
      reverseCharge: false,
    });
    expect(order.lines).toEqual([
      { kind: 'pass', description: 'Business Pass', quantity: 1, unitPrice: 29_900, net: 29_900 },
      {
        kind: 'hotel',
        description: 'Hotel Colosseo, Comfort Single, 2026-03-23 to 2026-03-27 (4 nights)',
        quantity: 4,
        unitPrice: 16_900,
        net: 67_600,
      },
    ]);
    expect(order).toMatchObject({ net: 97_500, vatBasisPoints: 1900, vatRate: 0.19, vat: 18_525, gross: 116_025 });
  });

  it('charges no VAT under reverse charge', () => {
    const order = priceOrder({ pass: { name: 'Premium Pass', price: 89_900 }, hotel: null, reverseCharge: true });
    expect(order).toMatchObject({ net: 89_900, vat: 0, gross: 89_900, vatRate: 0, reverseCharge: true });
  });

  it('keeps a free pass as a zero line', () => {
    const order = priceOrder({ pass: { name: 'Standard Pass', price: 0 }, hotel: null, reverseCharge: false });
    expect(order).toMatchObject({ net: 0, vat: 0, gross: 0 });
    expect(order.lines).toHaveLength(1);
  });

  it('says night for a single night', () => {
    const order = priceOrder({
      pass: { name: 'Standard Pass', price: 0 },
      hotel: { name: 'H', roomName: 'R', start: '2026-03-23', end: '2026-03-24', pricePerNight: 9_900 },
      reverseCharge: false,
    });
    expect(order.lines[1]?.description).toBe('H, R, 2026-03-23 to 2026-03-24 (1 night)');
    expect(order.gross).toBe(11_781);
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

describe('qualifiesForReverseCharge', () => {
  it('needs an EU country other than Germany and a valid VAT ID', () => {
    expect(qualifiesForReverseCharge({ countryCode: 'AT', isEu: true, vatIdValid: true })).toBe(true);
    expect(qualifiesForReverseCharge({ countryCode: 'AT', isEu: true, vatIdValid: false })).toBe(false);
    expect(qualifiesForReverseCharge({ countryCode: 'DE', isEu: true, vatIdValid: true })).toBe(false);
    expect(qualifiesForReverseCharge({ countryCode: 'CH', isEu: false, vatIdValid: true })).toBe(false);
    expect(qualifiesForReverseCharge({ countryCode: null, isEu: false, vatIdValid: false })).toBe(false);
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

  it("show 'Free' without net and VAT lines; other orders show all three", () => {
    expect(orderTotalRows({ net: 0, vat: 0, gross: 0 }, 'VAT 19 %', euro)).toEqual([
      { key: 'total', label: 'Total', value: 'Free' },
    ]);
    expect(orderTotalRows({ net: 10_000, vat: 1_900, gross: 11_900 }, 'VAT 19 %', euro)).toEqual([
      { key: 'net', label: 'Net', value: '€100.00' },
      { key: 'vat', label: 'VAT 19 %', value: '€19.00' },
      { key: 'total', label: 'Total', value: '€119.00' },
    ]);
  });
});
