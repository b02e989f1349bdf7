import { formatEuro, formatPrice } from '../../lib/money.ts';
import type { Order } from '../../shared/contracts/registration.ts';
import { isFreeOrder, orderTotalRows, REVERSE_CHARGE_NOTE, vatPercent } from '../../shared/pricing.ts';
import './order-review.css';

/**
 * The order about to be paid, as the server priced it: its lines, net, VAT (or the reverse-charge
 * rule for EU businesses outside Germany) and the total that will be charged. Used before paying
 * for a pass upgrade and for a train ticket. A free order shows 'Free' without net and VAT.
 */
export function OrderReview({ order }: { order: Order }) {
  return (
    <div className="order-review">
      <table className="order-review__table">
        <caption className="visually-hidden">Your order</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">Item</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={`${line.kind}-${line.description}`}>
              <th scope="row" className="order-review__item">
                {line.description}
                {line.quantity > 1 ? (
                  <span className="order-review__detail">
                    {line.quantity} × {formatEuro(line.unitPrice)}
                  </span>
                ) : null}
              </th>
              <td>{formatPrice(line.net)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {orderTotalRows(
            order,
            order.reverseCharge ? 'VAT (reverse charge)' : `VAT ${vatPercent(order.vatRate)} %`,
            formatEuro,
          ).map((row) => (
            <tr key={row.key} className={row.key === 'total' ? 'order-review__total' : 'order-review__minor'}>
              <th scope="row">{row.label}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tfoot>
      </table>
      {order.reverseCharge && !isFreeOrder(order) ? <p className="order-review__note">{REVERSE_CHARGE_NOTE}.</p> : null}
    </div>
  );
}
