import { formatEuro, formatPrice } from '../../lib/money.ts';
import type { Order } from '../../shared/contracts/registration.ts';
import { isFreeOrder, orderTotalRows, REVERSE_CHARGE_NOTE } from '../../shared/pricing.ts';
import { lineDetail, vatLabel } from './order-format.ts';
import './registration-flow.css';

const TOTAL_ROW_CLASS = { net: 'order-summary__subtotal', vat: 'order-summary__vat', total: 'order-summary__total' } as const;

/** The checkout overview (SPEC §2 'checkout overview'): lines, net, VAT or reverse charge, total; 'Free' alone for a free order. */
export function OrderSummary({ order }: { order: Order }) {
  return (
    <div className="order-summary">
      <table className="order-summary__table">
        <caption className="visually-hidden">Your order</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={`${line.kind}-${line.description}`} className="order-summary__line">
              <th scope="row">
                <span className="order-summary__kind">{line.kind === 'pass' ? 'Pass' : 'Hotel'}</span>
                <span className="order-summary__description">{line.description}</span>
                {lineDetail(line) ? <span className="order-summary__detail">{lineDetail(line)}</span> : null}
              </th>
              <td>{formatPrice(line.net)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {orderTotalRows(order, vatLabel(order), formatEuro).map((row) => (
            <tr key={row.key} className={TOTAL_ROW_CLASS[row.key]}>
              <th scope="row">{row.label}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tfoot>
      </table>
      {order.reverseCharge && !isFreeOrder(order) ? <p className="order-summary__note">{REVERSE_CHARGE_NOTE}.</p> : null}
    </div>
  );
}
