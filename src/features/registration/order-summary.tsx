import { useT } from '../../i18n/use-t.ts';
import { formatEuro, formatPrice } from '../../lib/money.ts';
import type { Order } from '../../shared/contracts/registration.ts';
import { isFreeOrder, orderTotalRows } from '../../shared/pricing.ts';
import { lineDetail, lineKindLabel, vatLabel } from './order-format.ts';
import './registration-flow.css';

/** The total rows' classes: net and total by key, every VAT row ('vat-S-1900', …) alike. */
const TOTAL_ROW_CLASS: Record<string, string> = { net: 'order-summary__subtotal', total: 'order-summary__total' };

/** The checkout overview (SPEC §2 'checkout overview'): lines, net, one VAT row per rate, total; 'Free' alone for a free order. */
export function OrderSummary({ order }: { order: Order }) {
  const t = useT('registration');
  const tCommon = useT('common');
  const free = isFreeOrder(order);
  const rowLabel: Record<string, string> = { net: t('net'), total: t('total') };
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
                  <span className="order-summary__kind">{lineKindLabel(line.kind, t)}</span>
                  <span className="order-summary__description">{line.description}</span>
                  {detail ? <span className="order-summary__detail">{detail}</span> : null}
                </th>
                <td>{formatPrice(line.net)}</td>
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          {orderTotalRows(order, vatLabel(t), formatEuro).map((row) => (
            <tr key={row.key} className={TOTAL_ROW_CLASS[row.key] ?? 'order-summary__vat'}>
              <th scope="row">{rowLabel[row.key] ?? row.label}</th>
              <td>{free ? tCommon('free') : row.value}</td>
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}
