import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Notice } from '../../components/ui/notice.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { formatEuro } from '../../lib/money.ts';
import type { Order } from '../../shared/contracts/registration.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { settledPaymentSession } from '../../lib/payment.ts';
import { checkout, hotelChoiceOf } from './registration-api.ts';
import { type RegistrationState, registrationAtom, resetRegistrationAtom } from './registration-state.ts';
import './registration-flow.css';

type PassStatus = 'pending' | 'approved';

/**
 * /registration/finish (also the payment provider's return, `?session=`): the registration is
 * complete. Says whether the pass is approved or awaits approval, shows the invoice number of a
 * paid order and what happens next. Leaving for the sign-in (or starting over) resets the
 * registration state (SPEC §4).
 */
export function RegistrationFinishPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const registration = useAtomValue(registrationAtom);
  const setRegistration = useSetAtom(registrationAtom);
  const reset = useSetAtom(resetRegistrationAtom);
  // What this page shows stays as it was on arrival, also while the reset on leaving takes effect.
  const [snapshot] = useState<RegistrationState>(registration);
  const [order, setOrder] = useState<Order | null>(snapshot.order);
  const sessionId = search.get('session');
  const token = snapshot.account?.registrationToken;
  // Back from the payment page (or with an order still open) the stored order is stale: fetch it
  // for its paid status, invoice number and pass status (paid passes are approved at once).
  const [refreshing, setRefreshing] = useState(
    () => token !== undefined && (sessionId !== null || snapshot.order?.status !== 'paid'),
  );
  const [paymentStatus, setPaymentStatus] = useState<'open' | 'succeeded' | 'failed' | null>(null);

  useEffect(() => {
    if (!refreshing || !token) return;
    let cancelled = false;
    const fresh: Promise<{ order: Order; payment: typeof paymentStatus }> = sessionId
      ? settledPaymentSession(sessionId, token).then((session) => ({ order: session.order, payment: session.status }))
      : checkout(token, hotelChoiceOf(snapshot)).then((order) => ({ order, payment: null }));
    fresh
      .then(
        (result) => {
          if (cancelled) return;
          setOrder(result.order);
          setPaymentStatus(result.payment);
          setRegistration({ order: result.order });
        },
        () => undefined, // keep what we know; the e-mail and the invoices page carry the rest
      )
      .finally(() => {
        if (!cancelled) setRefreshing(false);
      });
    return () => {
      cancelled = true;
    };
  }, [refreshing, token, sessionId, snapshot, setRegistration]);

  const unpaid = !refreshing && order?.status === 'open';

  useEffect(() => {
    if (!refreshing && !unpaid) setRegistration({ finished: true });
  }, [refreshing, unpaid, setRegistration]);

  const passStatus: PassStatus = order?.passStatus ?? snapshot.account?.passStatus ?? 'pending';
  const leave = (to: string) => {
    reset();
    navigate(to);
  };

  if (unpaid) {
    return (
      <div className="reg-step">
        <PageHeader title="Almost done" documentTitle="Registration" />
        <Notice tone="warning">
          {paymentStatus === 'failed' ? 'Your payment was not successful.' : 'Your order has not been paid yet.'}{' '}
          <Link to="/registration/checkout">Go to the checkout</Link>
        </Notice>
      </div>
    );
  }

  return (
    <div className="reg-step">
      <PageHeader title="Thank you for registering!" lead="Your registration for CloudFest 2026 is complete." />

      <section className="card reg-finish" aria-labelledby="finish-pass" aria-busy={refreshing || undefined}>
        <div className={`reg-finish__status reg-finish__status--${passStatus}`}>
          <span className="reg-finish__icon" aria-hidden="true">
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              width="24"
              height="24"
              fill="none"
              strokeWidth="2.5"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path
                d={passStatus === 'approved' ? 'M5 12.5l4.5 4.5L19 7.5' : 'M12 7v5l3 2M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z'}
              />
            </svg>
          </span>
          <div>
            <h2 id="finish-pass" className="reg-finish__title">
              {snapshot.pass?.name ?? 'Your pass'}
            </h2>
            <p className={`badge reg-finish__badge reg-finish__badge--${passStatus}`}>
              {passStatus === 'approved' ? 'Approved' : 'Awaiting approval'}
            </p>
          </div>
        </div>
        <p>
          {passStatus === 'approved'
            ? 'Your pass is approved. You can sign in as soon as you have confirmed your e-mail address.'
            : `${MESSAGES.passAwaitsApproval} Our team checks free and voucher passes and lets you know by e-mail.`}
        </p>
        {refreshing ? (
          <p role="status" className="reg-finish__muted">
            Confirming your payment…
          </p>
        ) : null}
        {order && order.gross > 0 && order.status === 'paid' ? (
          <dl className="reg-summary__list">
            <div>
              <dt>Amount paid</dt>
              <dd>{formatEuro(order.gross)}</dd>
            </div>
            {order.invoiceNumber ? (
              <div>
                <dt>Invoice number</dt>
                <dd className="reg-finish__invoice">{order.invoiceNumber}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
      </section>

      <section className="card reg-finish__next" aria-labelledby="finish-next">
        <h2 id="finish-next" className="card-title">
          What happens next
        </h2>
        <ol className="reg-finish__steps">
          <li>
            <strong>Confirm your e-mail address.</strong> We have sent a link to{' '}
            {snapshot.email ? <strong>{snapshot.email}</strong> : 'your e-mail address'}. Please open it to confirm your address.
            {snapshot.pass?.isFree ? ' Your free pass is reserved for you for one hour; confirming makes it yours.' : null}
          </li>
          {passStatus === 'pending' ? (
            <li>
              <strong>Wait for the approval of your pass.</strong> The organizers approve free and voucher passes; we will let you
              know by e-mail.
            </li>
          ) : null}
          <li>
            <strong>Sign in</strong> with your e-mail address and password to see your pass
            {snapshot.hotel ? ', your hotel booking' : ''}
            {order?.invoiceNumber ? ` and your invoice ${order.invoiceNumber}` : ''}, and to plan your days at CloudFest.
          </li>
        </ol>
        <div className="reg-actions">
          <button type="button" className="btn btn-ghost" onClick={() => leave('/registration')}>
            Start a new registration
          </button>
          <Link
            to="/sign-in"
            className="btn btn-primary btn-lg"
            onClick={(event) => {
              event.preventDefault();
              leave('/sign-in');
            }}
          >
            Go to sign in
          </Link>
        </div>
      </section>
    </div>
  );
}
