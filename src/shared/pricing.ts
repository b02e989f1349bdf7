import type { z } from 'zod/mini';
import type { orderLineSchema } from './contracts/registration.ts';
import { formatAmount } from './money.ts';
import { nightCount } from './stay.ts';

/**
 * Order pricing, shared by the checkout page and the server so both show the same numbers. Prices
 * are net, in integer cents; VAT is German VAT (the event takes place in Germany) on the order's net
 * total, or nothing under the EU reverse-charge rule.
 */

export type OrderLine = z.infer<typeof orderLineSchema>;

export const GERMAN_VAT_BASIS_POINTS = 1900;
export const SELLER_COUNTRY = 'DE';
export const REVERSE_CHARGE_NOTE = 'Reverse charge: VAT liability passes to the recipient (Art. 196 VAT Directive 2006/112/EC)';

export interface PricingInput {
  pass: { name: string; price: number };
  hotel: { name: string; roomName: string; start: string; end: string; pricePerNight: number } | null;
  reverseCharge: boolean;
}

export interface PricedOrder {
  lines: OrderLine[];
  net: number;
  vatBasisPoints: number;
  /** VAT as a fraction: 0.19, or 0 under reverse charge. */
  vatRate: number;
  vat: number;
  gross: number;
  reverseCharge: boolean;
}

/** VAT in cents on a net amount, rounded half up (commercial rounding), in integers only. */
/** VAT rate as a percentage without trailing zeros, for labels: 0.19 → '19', 0.07 → '7', 0.055 → '5.5'. */
export function vatPercent(rate: number): string {
  return String(Math.round(rate * 10_000) / 100);
}

export function vatOf(net: number, basisPoints: number): number {
  const product = net * basisPoints;
  return product >= 0 ? Math.floor((product + 5_000) / 10_000) : -Math.floor((-product + 5_000) / 10_000);
}

export function priceOrder(input: PricingInput): PricedOrder {
  const lines: OrderLine[] = [
    { kind: 'pass', description: input.pass.name, quantity: 1, unitPrice: input.pass.price, net: input.pass.price },
  ];
  if (input.hotel) {
    const { name, roomName, start, end, pricePerNight } = input.hotel;
    const nights = nightCount(start, end);
    lines.push({
      kind: 'hotel',
      description: `${name}, ${roomName}, ${start} to ${end} (${nights} ${nights === 1 ? 'night' : 'nights'})`,
      quantity: nights,
      unitPrice: pricePerNight,
      net: nights * pricePerNight,
    });
  }
  const net = lines.reduce((sum, line) => sum + line.net, 0);
  const vatBasisPoints = input.reverseCharge ? 0 : GERMAN_VAT_BASIS_POINTS;
  const vat = vatOf(net, vatBasisPoints);
  return {
    lines,
    net,
    vatBasisPoints,
    vatRate: vatBasisPoints / 10_000,
    vat,
    gross: net + vat,
    reverseCharge: input.reverseCharge,
  };
}

/**
 * Reverse charge applies to a business buyer in another EU country: the billing country is an EU
 * member other than Germany and the buyer has a valid VAT ID of that country.
 */
export function qualifiesForReverseCharge(buyer: { countryCode: string | null; isEu: boolean; vatIdValid: boolean }): boolean {
  return buyer.isEu && buyer.countryCode !== null && buyer.countryCode !== SELLER_COUNTRY && buyer.vatIdValid;
}

/** SPEC §5: spaces removed, the first two characters are the country code, the rest the number. */
export function splitVatId(vatId: string): { countryCode: string; number: string } {
  const compact = vatId.replace(/\s+/g, '').toUpperCase();
  return { countryCode: compact.slice(0, 2), number: compact.slice(2) };
}

/** Cents as euros with 2 decimals and thousands separators, without the symbol: 123456 → '1,234.56' (the English formatAmount). */
export function euros(cents: number): string {
  return formatAmount(cents, 'en');
}

/** What a free order or line shows instead of an amount. */
export const FREE_LABEL = 'Free';

/**
 * An order with nothing to pay (e.g. the free Standard Pass without a hotel): it shows 'Free'
 * and no net or VAT lines, since there is no taxable amount.
 */
export function isFreeOrder(order: { net: number; vat: number; gross: number }): boolean {
  return order.gross === 0 && order.net === 0 && order.vat === 0;
}

/**
 * The totals an order shows, in order: net and VAT (or the reverse charge) and the total; a free
 * order has only its total, 'Free'. `vatLabel` words the VAT row for the place it is shown in.
 */
export function orderTotalRows(
  order: { net: number; vat: number; gross: number },
  vatLabel: string,
  amount: (cents: number) => string,
): { key: 'net' | 'vat' | 'total'; label: string; value: string }[] {
  if (isFreeOrder(order)) return [{ key: 'total', label: 'Total', value: FREE_LABEL }];
  return [
    { key: 'net', label: 'Net', value: amount(order.net) },
    { key: 'vat', label: vatLabel, value: amount(order.vat) },
    { key: 'total', label: 'Total', value: amount(order.gross) },
  ];
}
