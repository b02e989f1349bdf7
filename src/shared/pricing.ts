import type { z } from 'zod/mini';
import type { orderLineSchema, vatBreakdownSchema } from './contracts/registration.ts';
import { formatAmount } from './money.ts';
import { nightCount } from './stay.ts';
import { type LineKind, taxRuleOf } from './tax-rules.ts';

/**
 * Order pricing, shared by the checkout page and the server so both show the same numbers. Prices
 * are net, in integer cents. Each line carries its VAT from the tax rules (tax-rules.ts): German VAT
 * by what is sold, whoever buys it; the VAT of each rate is rounded once, on the sum of its lines
 * (EN 16931, BR-CO-17).
 */

export type OrderLine = z.infer<typeof orderLineSchema>;
export type VatBreakdown = z.infer<typeof vatBreakdownSchema>;

export const SELLER_COUNTRY = 'DE';

export interface PricingInput {
  pass: { name: string; price: number };
  hotel: { name: string; roomName: string; start: string; end: string; pricePerNight: number } | null;
  /** Breakfast or another extra of the stay, priced apart (standard rate). */
  extras?: { description: string; quantity: number; unitPrice: number }[];
}

export interface PricedOrder {
  lines: OrderLine[];
  net: number;
  vatBreakdown: VatBreakdown;
  vat: number;
  gross: number;
}

/** VAT rate as a percentage without trailing zeros, for labels: 1900 → '19', 700 → '7', 550 → '5.5'. */
export function vatPercent(basisPoints: number): string {
  return String(basisPoints / 100);
}

/** VAT in cents on a net amount, rounded half up (commercial rounding), in integers only. */
export function vatOf(net: number, basisPoints: number): number {
  const product = net * basisPoints;
  return product >= 0 ? Math.floor((product + 5_000) / 10_000) : -Math.floor((-product + 5_000) / 10_000);
}

/** A line of `kind` at the rate the tax rules give it today. */
export function taxedLine(
  kind: LineKind,
  description: string,
  quantity: number,
  unitPrice: number,
  net = quantity * unitPrice,
): OrderLine {
  const rule = taxRuleOf(kind);
  return { kind, description, quantity, unitPrice, net, vatCategory: rule.category, vatBasisPoints: rule.basisPoints };
}

/** The hotel line of a stay: one per night at the room's price. */
export function hotelLine(hotel: { name: string; roomName: string; start: string; end: string }, net: number): OrderLine {
  const nights = nightCount(hotel.start, hotel.end);
  const description = `${hotel.name}, ${hotel.roomName}, ${hotel.start} to ${hotel.end} (${nights} ${nights === 1 ? 'night' : 'nights'})`;
  return taxedLine('hotel', description, nights, nights > 0 ? Math.round(net / nights) : net, net);
}

/**
 * VAT per category and rate, highest rate first: the net of the rate's lines and its VAT rounded
 * once on that sum. Lines of one rate never round separately, so 3 × 0.05 € at 19 % is 0.03 €, not 0.
 */
export function vatBreakdownOf(lines: readonly Pick<OrderLine, 'net' | 'vatCategory' | 'vatBasisPoints'>[]): VatBreakdown {
  const groups = new Map<string, VatBreakdown[number]>();
  for (const line of lines) {
    const key = `${line.vatCategory}:${line.vatBasisPoints}`;
    const group = groups.get(key) ?? { category: line.vatCategory, basisPoints: line.vatBasisPoints, net: 0, vat: 0 };
    group.net += line.net;
    groups.set(key, group);
  }
  return [...groups.values()]
    .map((group) => ({ ...group, vat: group.category === 'AE' ? 0 : vatOf(group.net, group.basisPoints) }))
    .sort((a, b) => b.basisPoints - a.basisPoints || a.category.localeCompare(b.category));
}

/** Net, VAT per rate, VAT and gross of lines: the one way every total in the app is computed. */
export function totalsOf(lines: OrderLine[]): PricedOrder {
  const vatBreakdown = vatBreakdownOf(lines);
  const net = lines.reduce((sum, line) => sum + line.net, 0);
  const vat = vatBreakdown.reduce((sum, row) => sum + row.vat, 0);
  return { lines, net, vatBreakdown, vat, gross: net + vat };
}

export function priceOrder(input: PricingInput): PricedOrder {
  const lines: OrderLine[] = [taxedLine('pass', input.pass.name, 1, input.pass.price)];
  if (input.hotel) {
    const nights = nightCount(input.hotel.start, input.hotel.end);
    lines.push(hotelLine(input.hotel, nights * input.hotel.pricePerNight));
  }
  for (const extra of input.extras ?? []) lines.push(taxedLine('extra', extra.description, extra.quantity, extra.unitPrice));
  return totalsOf(lines);
}

/** docs/behaviour.md §5: spaces removed, the first two characters are the country code, the rest the number. */
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
 * The totals an order shows, in order: net, one VAT row per rate and the total; a free order has
 * only its total, 'Free'. `vatLabel` words a VAT row for the place it is shown in ('VAT 19 %').
 */
export function orderTotalRows(
  order: { net: number; vat: number; gross: number; vatBreakdown: VatBreakdown },
  vatLabel: (percent: string) => string,
  amount: (cents: number) => string,
): { key: string; label: string; value: string }[] {
  if (isFreeOrder(order)) return [{ key: 'total', label: 'Total', value: FREE_LABEL }];
  return [
    { key: 'net', label: 'Net', value: amount(order.net) },
    ...order.vatBreakdown.map((row) => ({
      key: `vat-${row.category}-${row.basisPoints}`,
      label: vatLabel(vatPercent(row.basisPoints)),
      value: amount(row.vat),
    })),
    { key: 'total', label: 'Total', value: amount(order.gross) },
  ];
}
