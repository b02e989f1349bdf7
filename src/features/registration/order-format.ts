import type { MessageKey } from '../../i18n/namespaces.ts';
import type { Values } from '../../i18n/use-t.ts';
import { formatEuro } from '../../lib/money.ts';
import type { Order } from '../../shared/contracts/registration.ts';

type Line = Order['lines'][number];

/** The registration namespace's translator (useT('registration')). */
type Translate = (key: MessageKey<'registration'>, values?: Values) => string;

/** The VAT row's label: 'VAT 19 %', or 'Reverse charge' for EU businesses outside Germany. */
export function vatLabel(order: Pick<Order, 'vatRate' | 'reverseCharge'>, t: Translate): string {
  // The rate in percent with at most 2 decimals, as shared/pricing.ts vatPercent: 0.19 → 19, 0.055 → 5.5.
  return order.reverseCharge ? t('vatReverseCharge') : t('vatRate', { rate: Math.round(order.vatRate * 10_000) / 100 });
}

/** '4 nights × €129.00' for a hotel stay, '2 × €10.00' for more than one of anything else, else null. */
export function lineDetail(line: Pick<Line, 'kind' | 'quantity' | 'unitPrice'>, t: Translate): string | null {
  if (line.kind === 'hotel') return t('hotelLineDetail', { nights: line.quantity, unitPrice: formatEuro(line.unitPrice) });
  return line.quantity > 1 ? t('lineQuantity', { quantity: line.quantity, unitPrice: formatEuro(line.unitPrice) }) : null;
}

/** Free orders skip payment; paid ones are done. Only an open order with something to pay is paid for. */
export function needsPayment(order: Pick<Order, 'status' | 'gross'>): boolean {
  return order.status === 'open' && order.gross > 0;
}
