import { formatEuro } from '../../lib/money.ts';
import type { Order } from '../../shared/contracts/registration.ts';
import { vatPercent } from '../../shared/pricing.ts';

type Line = Order['lines'][number];

/** The VAT row's label: 'VAT 19 %', or 'Reverse charge' for EU businesses outside Germany. */
export function vatLabel(order: Pick<Order, 'vatRate' | 'reverseCharge'>): string {
  return order.reverseCharge ? 'VAT (Reverse charge)' : `VAT ${vatPercent(order.vatRate)} %`;
}

/** '4 nights × €129.00' for a hotel stay, '2 × €10.00' for more than one of anything else, else null. */
export function lineDetail(line: Pick<Line, 'kind' | 'quantity' | 'unitPrice'>): string | null {
  if (line.kind === 'hotel')
    return `${line.quantity} ${line.quantity === 1 ? 'night' : 'nights'} × ${formatEuro(line.unitPrice)}`;
  return line.quantity > 1 ? `${line.quantity} × ${formatEuro(line.unitPrice)}` : null;
}

/** Free orders skip payment; paid ones are done. Only an open order with something to pay is paid for. */
export function needsPayment(order: Pick<Order, 'status' | 'gross'>): boolean {
  return order.status === 'open' && order.gross > 0;
}
