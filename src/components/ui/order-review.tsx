import { useT } from '../../i18n/use-t.ts';
import { formatEuro } from '../../lib/money.ts';
import type { Order } from '../../shared/contracts/registration.ts';
import { OrderTable } from './order-table.tsx';
import './order-review.css';

/**
 * The order about to be paid, as the server priced it: its lines, net, one VAT row per rate and the
 * total that will be charged. Used before paying for a pass upgrade, a hotel stay and a train
 * ticket. A free order shows 'Free' without net and VAT.
 */
export function OrderReview({ order }: { order: Order }) {
  const t = useT('checkout');
  return (
    <OrderTable
      order={order}
      block="order-review"
      labels={{ caption: t('yourOrder'), item: t('item'), amount: t('amount'), net: t('net'), total: t('total') }}
      // Formatted as a number so German shows '5,5 %'.
      vatLabel={(percent) => t('vatRate', { rate: Number(percent) })}
      itemClass="order-review__item"
      line={(line) => (
        <>
          {line.description}
          {line.quantity > 1 ? (
            <span className="order-review__detail">
              {t('lineQuantity', { quantity: line.quantity, unitPrice: formatEuro(line.unitPrice) })}
            </span>
          ) : null}
        </>
      )}
      totalClass={(key) => (key === 'total' ? 'order-review__total' : 'order-review__minor')}
    />
  );
}
