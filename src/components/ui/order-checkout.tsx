import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../i18n/use-t.ts';
import { formatEuro } from '../../lib/money.ts';
import { type PaymentRedirects, payOrder } from '../../lib/payment.ts';
import { purchaseErrorMessage, usePayingFlag } from '../../lib/purchase.ts';
import type { Order } from '../../shared/contracts/registration.ts';
import { Notice } from './notice.tsx';
import { OrderReview } from './order-review.tsx';
import './order-checkout.css';

interface OrderCheckoutProps {
  order: Order;
  /** Where the payment provider sends the browser back. */
  redirects: PaymentRedirects;
  /** What happens after the payment (the invoice, the ticket code…). */
  hint: string;
  /** The way back to the choice, e.g. 'Change ticket'. */
  backLabel: string;
  onBack: () => void;
}

/**
 * The last step of a purchase in the app (pass upgrade, train ticket): the order as the server
 * priced it, then off to the payment provider. Focus moves to its heading so screen readers
 * announce the order.
 */
export function OrderCheckout({ order, redirects, hint, backLabel, onBack }: OrderCheckoutProps) {
  const t = useT('checkout');
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const [paying, setPaying] = usePayingFlag();
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => heading.current?.focus(), []);

  const pay = async () => {
    setPaying(true);
    setProblem(null);
    try {
      // Leaves the app for the provider's page; it comes back to one of the redirects.
      await payOrder(order, redirects);
    } catch (error) {
      setProblem(purchaseErrorMessage(error));
      setPaying(false);
    }
  };

  return (
    <section className="card order-checkout" aria-labelledby={titleId}>
      <h2 id={titleId} className="card-title" ref={heading} tabIndex={-1}>
        {t('yourOrder')}
      </h2>
      <OrderReview order={order} />
      {problem ? <Notice tone="danger">{problem}</Notice> : null}
      <p className="order-checkout__hint">{hint}</p>
      <div className="order-checkout__actions">
        <button type="button" className="btn btn-ghost" onClick={onBack} disabled={paying}>
          {backLabel}
        </button>
        <button
          type="button"
          className="btn btn-primary btn-lg"
          onClick={() => void pay()}
          disabled={paying}
          aria-busy={paying || undefined}
        >
          {paying ? t('openingPaymentPage') : t('payAmount', { amount: formatEuro(order.gross) })}
        </button>
      </div>
    </section>
  );
}
