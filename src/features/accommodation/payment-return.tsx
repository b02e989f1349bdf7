import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Text } from '../../i18n/text.tsx';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { formatEuro } from '../../lib/money.ts';
import { fetchPaymentSession, type PaymentRedirects, payOrder, settledPaymentSession } from '../../lib/payment.ts';
import type { Order } from '../../shared/contracts/registration.ts';
import { refreshBookings } from './booking-api.ts';
import { describeError } from './describe-error.ts';

/** Where the payment provider sends the browser back to after a hotel payment. */
export const BOOKING_PAYMENT_REDIRECTS: PaymentRedirects = {
  redirectSuccess: '/accommodation',
  redirectCancel: '/accommodation/book?payment=failed',
};

export type PaymentOutcome =
  | { kind: 'checking' }
  | { kind: 'succeeded'; order: Order }
  | { kind: 'open'; order: Order }
  | { kind: 'failed'; order: Order | null }
  /** The session could not be read: the bookings list shows the truth. */
  | { kind: 'unknown' };

/**
 * The provider's return (`?session=<id>`, and `?payment=failed` on the cancel path): reads the
 * payment session (after a success return until the provider confirms, briefly), reloads the bookings (payment confirms the held booking) and takes the
 * parameters out of the address so a reload does not report the payment again.
 */
export function usePaymentReturn(): { outcome: PaymentOutcome | null; dismiss: () => void } {
  const [params, setParams] = useSearchParams();
  const [initial] = useState(() => ({ sessionId: params.get('session'), failed: params.get('payment') === 'failed' }));
  const [outcome, setOutcome] = useState<PaymentOutcome | null>(() =>
    initial.sessionId ? { kind: 'checking' } : initial.failed ? { kind: 'failed', order: null } : null,
  );

  // Runs once per arrival (the parameters were read into `initial`); setParams changes with the location.
  // biome-ignore lint/correctness/useExhaustiveDependencies: see above
  useEffect(() => {
    if (!initial.sessionId && !initial.failed) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('session');
        next.delete('payment');
        return next;
      },
      { replace: true },
    );
    if (!initial.sessionId) {
      void refreshBookings();
      return;
    }
    let active = true;
    // Back from paying: wait briefly for the provider's confirmation; the cancel path needs no wait.
    (initial.failed ? fetchPaymentSession(initial.sessionId) : settledPaymentSession(initial.sessionId))
      .then(
        (session): PaymentOutcome => {
          if (session.status === 'succeeded' || session.order.status === 'paid')
            return { kind: 'succeeded', order: session.order };
          if (session.status === 'open' && !initial.failed) return { kind: 'open', order: session.order };
          return { kind: 'failed', order: session.order };
        },
        (): PaymentOutcome => (initial.failed ? { kind: 'failed', order: null } : { kind: 'unknown' }),
      )
      .then(async (result) => {
        await refreshBookings();
        if (!active) return;
        setOutcome(result);
      });
    return () => {
      active = false;
    };
  }, [initial]);

  return { outcome, dismiss: () => setOutcome(null) };
}

/** What the return from the payment provider came to, above the page's content. */
export function PaymentReturnNotice({ outcome, onDismiss }: { outcome: PaymentOutcome; onDismiss?: () => void }) {
  const t = useT('accommodation');
  const tc = useT('common');
  const language = useLanguage();
  const [retrying, setRetrying] = useState(false);
  const [retryError, setRetryError] = useState<string | null>(null);

  if (outcome.kind === 'checking') {
    return (
      <div className="alert accommodation-notice" role="status" aria-busy="true">
        <p>{t('checkingPayment')}</p>
      </div>
    );
  }
  if (outcome.kind === 'succeeded') {
    return (
      <div className="alert alert-success accommodation-notice" role="status">
        <p>
          {outcome.order.invoiceNumber ? (
            <Text
              ns="accommodation"
              k="paymentReceivedWithInvoice"
              values={{ amount: formatEuro(outcome.order.gross, language), number: outcome.order.invoiceNumber }}
              components={{ strong: <strong />, link: <Link to="/invoices" /> }}
            />
          ) : (
            <Text
              ns="accommodation"
              k="paymentReceived"
              values={{ amount: formatEuro(outcome.order.gross, language) }}
              components={{ strong: <strong /> }}
            />
          )}
        </p>
        {onDismiss ? <DismissButton onDismiss={onDismiss} /> : null}
      </div>
    );
  }
  if (outcome.kind === 'open') {
    return (
      <div className="alert alert-warning accommodation-notice" role="status">
        <p>{t('paymentProcessing')}</p>
      </div>
    );
  }
  if (outcome.kind === 'unknown') {
    return (
      <div className="alert alert-warning accommodation-notice" role="status">
        <p>{t('paymentUnknown')}</p>
      </div>
    );
  }

  const order = outcome.order?.status === 'open' ? outcome.order : null;
  async function retry(open: Order) {
    setRetrying(true);
    setRetryError(null);
    try {
      await payOrder(open, BOOKING_PAYMENT_REDIRECTS);
    } catch (error) {
      setRetryError(describeError(error));
      setRetrying(false);
    }
  }
  return (
    <div className="alert alert-danger accommodation-notice" role="alert">
      <p>
        <strong>{tc('errorPagePaymentTitle')}</strong> {order ? t('paymentFailedReserved') : t('paymentFailed')}
      </p>
      {retryError ? <p>{retryError}</p> : null}
      <div className="accommodation-notice__actions">
        {order ? (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={retrying}
            aria-busy={retrying || undefined}
            onClick={() => void retry(order)}
          >
            {retrying ? t('openingPayment') : t('tryAgainPay', { amount: formatEuro(order.gross, language) })}
          </button>
        ) : null}
        {onDismiss ? <DismissButton onDismiss={onDismiss} /> : null}
      </div>
    </div>
  );
}

function DismissButton({ onDismiss }: { onDismiss: () => void }) {
  const t = useT('accommodation');
  return (
    <button type="button" className="btn btn-ghost btn-sm" onClick={onDismiss}>
      {t('dismiss')}
    </button>
  );
}
