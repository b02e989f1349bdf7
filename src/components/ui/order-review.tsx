import { useT } from '../../i18n/use-t.ts';
import { formatEuro, formatPrice } from '../../lib/money.ts';
import type { Order } from '../../shared/contracts/registration.ts';
import { isFreeOrder, orderTotalRows } from '../../shared/pricing.ts';
import './order-review.css';

/**
 * The order about to be paid, as the server priced it: its lines, net, one VAT row per rate and the
 * total that will be charged. Used before paying for a pass upgrade, a hotel stay and a train
 * ticket. A free order shows 'Free' without net and VAT.
 */
export function OrderReview({ order }: { order: Order }) {
  const t = useT('checkout');
  const tCommon = useT('common');
  const free = isFreeOrder(order);
  const rowLabel: Record<string, string> = { net: t('net'), total: t('total') };
  // Formatted as a number so German shows '5,5 %'.
  const vatLabel = (percent: string) => t('vatRate', { rate: Number(percent) });
  return (
    <div className="order-review">
      <table className="order-review__table">
        <caption className="visually-hidden">{t('yourOrder')}</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{t('item')}</th>
            <th scope="col">{t('amount')}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={`${line.kind}-${line.description}`}>
              <th scope="row" className="order-review__item">
                {line.description}
                {line.quantity > 1 ? (
                  <span className="order-review__detail">
                    {t('lineQuantity', { quantity: line.quantity, unitPrice: formatEuro(line.unitPrice) })}
                  </span>
                ) : null}
              </th>
              <td>{formatPrice(line.net)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {orderTotalRows(order, vatLabel, formatEuro).map((row) => (
            <tr key={row.key} className={row.key === 'total' ? 'order-review__total' : 'order-review__minor'}>
              <th scope="row">{rowLabel[row.key] ?? row.label}</th>
              <td>{free ? tCommon('free') : row.value}</td>
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}
