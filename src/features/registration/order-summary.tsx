import { useT } from '../../i18n/use-t.ts';
import { formatEuro, formatPrice } from '../../lib/money.ts';
import type { Order } from '../../shared/contracts/registration.ts';
import { isFreeOrder, orderTotalRows } from '../../shared/pricing.ts';
import { lineDetail, vatLabel } from './order-format.ts';
import './registration-flow.css';

const TOTAL_ROW_CLASS = { net: 'order-summary__subtotal', vat: 'order-summary__vat', total: 'order-summary__total' } as const;

/** The checkout overview (SPEC §2 'checkout overview'): lines, net, VAT or reverse charge, total; 'Free' alone for a free order. */
export function OrderSummary({ order }: { order: Order }) {
  const t = useT('registration');
  const tCommon = useT('common');
  const free = isFreeOrder(order);
  const vat = vatLabel(order, t);
  const rowLabel = { net: t('net'), vat, total: t('total') };
  return (
    <div className="order-summary">
      <table className="order-summary__table">
        <caption className="visually-hidden">{t('yourOrder')}</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{t('item')}</th>
            <th scope="col">{t('amount')}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => {
            const detail = lineDetail(line, t);
            return (
              <tr key={`${line.kind}-${line.description}`} className="order-summary__line">
                <th scope="row">
                  <span className="order-summary__kind">{line.kind === 'pass' ? t('linePass') : t('lineHotel')}</span>
                  <span className="order-summary__description">{line.description}</span>
                  {detail ? <span className="order-summary__detail">{detail}</span> : null}
                </th>
                <td>{formatPrice(line.net)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          {orderTotalRows(order, vat, formatEuro).map((row) => (
            <tr key={row.key} className={TOTAL_ROW_CLASS[row.key]}>
              <th scope="row">{rowLabel[row.key]}</th>
              <td>{free ? tCommon('free') : row.value}</td>
            </tr>
          ))}
        </tfoot>
      </table>
      {order.reverseCharge && !free ? <p className="order-summary__note">{t('reverseChargeNote')}</p> : null}
    </div>
  );
}
