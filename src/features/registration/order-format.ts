import type { MessageKey } from '../../i18n/namespaces.ts';
import type { Values } from '../../i18n/use-t.ts';
import { formatEuro } from '../../lib/money.ts';
import type { Order } from '../../shared/contracts/registration.ts';

type Line = Order['lines'][number];

/** The registration namespace's translator (useT('registration')). */
type Translate = (key: MessageKey<'registration'>, values?: Values) => string;

/**
 * A VAT row's label for `orderTotalRows`: 'VAT 19 %', 'USt. 7 %'. The percent ('19', '5.5') is
 * formatted as a number so German shows '5,5'.
 */
export function vatLabel(t: (key: 'vatRate', values: Values) => string): (percent: string) => string {
  return (percent) => t('vatRate', { rate: Number(percent) });
}

/** The word for a line's kind: pass, upgrade, hotel stay, extra or train ticket. */
export function lineKindLabel(kind: Line['kind'], t: Translate): string {
  // ICU select keys cannot hold a hyphen.
  return t('lineKind', { kind: kind === 'train-ticket' ? 'trainTicket' : kind });
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
