import { formatEuro } from '../../lib/money.ts';
import type { Order } from '../../shared/contracts/registration.ts';
import { REVERSE_CHARGE_NOTE, vatPercent } from '../../shared/pricing.ts';
import './order-review.css';

/**
 * The order about to be paid, as the server priced it: its lines, net, VAT (or the reverse-charge
 * rule for EU businesses outside Germany) and the total that will be charged. Used before paying
 * for a pass upgrade and for a train ticket.
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
              <td>{formatEuro(line.net)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="order-review__minor">
            <th scope="row">Net</th>
            <td>{formatEuro(order.net)}</td>
          </tr>
          <tr className="order-review__minor">
            <th scope="row">{order.reverseCharge ? 'VAT (reverse charge)' : `VAT ${vatPercent(order.vatRate)} %`}</th>
            <td>{formatEuro(order.vat)}</td>
          </tr>
          <tr className="order-review__total">
            <th scope="row">Total</th>
            <td>{formatEuro(order.gross)}</td>
          </tr>
        </tfoot>
      </table>
      {order.reverseCharge ? <p className="order-review__note">{REVERSE_CHARGE_NOTE}.</p> : null}
    </div>
  );
}
