import type { ReactNode } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { formatEuro, formatPrice } from '../../lib/money.ts';
import type { Order } from '../../shared/contracts/registration.ts';
import { isFreeOrder, orderTotalRows } from '../../shared/pricing.ts';
import './order-table.css';

type Line = Order['lines'][number];

export interface OrderTableProps {
  order: Order;
  /** The class block: 'order-review' (checkout) or 'order-summary' (registration); the table is `${block}__table`. */
  block: string;
  /** The hidden caption and column headings, and the net and total rows' labels. */
  labels: { caption: string; item: string; amount: string; net: string; total: string };
  /** A VAT row's label from its percent ('19', '5.5'). */
  vatLabel: (percent: string) => string;
  /** A line's row heading (its description and details). */
  line: (line: Line) => ReactNode;
  /** A line's row and heading classes. */
  lineClass?: string;
  itemClass?: string;
  /** A total row's class by its key: 'net', 'total' or a VAT row's ('vat-S-1900', …). */
  totalClass: (key: string) => string;
}

/** An order as the server priced it: its lines, net, one VAT row per rate, the total; 'Free' alone for a free order. */
export function OrderTable({ order, block, labels, vatLabel, line, lineClass, itemClass, totalClass }: OrderTableProps) {
  const tCommon = useT('common');
  const free = isFreeOrder(order);
  const rowLabel: Record<string, string> = { net: labels.net, total: labels.total };
  return (
    <div className={block}>
      <table className={`${block}__table`}>
        <caption className="visually-hidden">{labels.caption}</caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{labels.item}</th>
            <th scope="col">{labels.amount}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((item) => (
            <tr key={`${item.kind}-${item.description}`} className={lineClass}>
              <th scope="row" className={itemClass}>
                {line(item)}
              </th>
              <td>{formatPrice(item.net)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          {orderTotalRows(order, vatLabel, formatEuro).map((row) => (
            <tr key={row.key} className={totalClass(row.key)}>
              <th scope="row">{rowLabel[row.key] ?? row.label}</th>
              <td>{free ? tCommon('free') : row.value}</td>
            </tr>
          ))}
        </tfoot>
      </table>
    </div>
  );
}
