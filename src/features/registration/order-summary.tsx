import { OrderTable } from '../../components/ui/order-table.tsx';
import { useT } from '../../i18n/use-t.ts';
import type { Order } from '../../shared/contracts/registration.ts';
import { lineDetail, lineKindLabel, vatLabel } from './order-format.ts';
import './registration-flow.css';

/** The total rows' classes: net and total by key, every VAT row ('vat-S-1900', …) alike. */
const TOTAL_ROW_CLASS: Record<string, string> = { net: 'order-summary__subtotal', total: 'order-summary__total' };

/** The checkout overview (docs/behaviour.md §2 'checkout overview'): lines, net, one VAT row per rate, total; 'Free' alone for a free order. */
export function OrderSummary({ order }: { order: Order }) {
  const t = useT('registration');
  return (
    <OrderTable
      order={order}
      block="order-summary"
      labels={{ caption: t('yourOrder'), item: t('item'), amount: t('amount'), net: t('net'), total: t('total') }}
      vatLabel={vatLabel(t)}
      lineClass="order-summary__line"
      line={(line) => {
        const detail = lineDetail(line, t);
        return (
          <>
            <span className="order-summary__kind">{lineKindLabel(line.kind, t)}</span>
            <span className="order-summary__description">{line.description}</span>
            {detail ? <span className="order-summary__detail">{detail}</span> : null}
          </>
        );
      }}
      totalClass={(key) => TOTAL_ROW_CLASS[key] ?? 'order-summary__vat'}
    />
  );
}
