import { formatEuro } from '../../lib/money.ts';
import type { Order } from '../../shared/contracts/registration.ts';
import { REVERSE_CHARGE_NOTE } from '../../shared/pricing.ts';
import { lineDetail, vatLabel } from './order-format.ts';
import './registration-flow.css';

/** The checkout overview (SPEC §2 'checkout overview'): lines, net, VAT or reverse charge, total. */
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
              <td>{formatEuro(line.net)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="order-summary__subtotal">
            <th scope="row">Net</th>
            <td>{formatEuro(order.net)}</td>
          </tr>
          <tr className="order-summary__vat">
            <th scope="row">{vatLabel(order)}</th>
            <td>{formatEuro(order.vat)}</td>
          </tr>
          <tr className="order-summary__total">
            <th scope="row">Total</th>
            <td>{formatEuro(order.gross)}</td>
          </tr>
        </tfoot>
      </table>
      {order.reverseCharge ? <p className="order-summary__note">{REVERSE_CHARGE_NOTE}.</p> : null}
    </div>
  );
}
