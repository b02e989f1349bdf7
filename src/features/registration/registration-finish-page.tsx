import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Notice } from '../../components/ui/notice.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Text } from '../../i18n/text.tsx';
import { useT } from '../../i18n/use-t.ts';
import { formatEuro } from '../../lib/money.ts';
import { settledPaymentSession } from '../../lib/payment.ts';
import type { Order } from '../../shared/contracts/registration.ts';
import { checkout, hotelChoiceOf } from './registration-api.ts';
import { type RegistrationState, registrationAtom, resetRegistrationAtom } from './registration-state.ts';
import './registration-flow.css';

type PassStatus = 'pending' | 'approved';

/**
 * /registration/finish (also the payment provider's return, `?session=`): the registration is
 * complete. Says whether the pass is approved or awaits approval, shows the invoice number of a
 * paid order and what happens next. Leaving for the sign-in (or starting over) resets the
 * registration state (docs/behaviour.md §4).
 */
export function RegistrationFinishPage() {
  const t = useT('registration');
  const tCommon = useT('common');
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
        <PageHeader title={t('almostDone')} documentTitle={t('registrationDocumentTitle')} />
        <Notice tone="warning">
          {paymentStatus === 'failed' ? t('paymentNotSuccessful') : t('orderNotPaid')}{' '}
          <Link to="/registration/checkout">{t('goToCheckout')}</Link>
        </Notice>
      </div>
    );
  }

  return (
    <div className="reg-step">
      <PageHeader title={t('finishTitle')} lead={t('finishLead')} />

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
              {snapshot.pass?.name ?? t('yourPass')}
            </h2>
            <p className={`badge reg-finish__badge reg-finish__badge--${passStatus}`}>
              {passStatus === 'approved' ? t('passApproved') : t('passAwaitingApproval')}
            </p>
          </div>
        </div>
        <p>
          {passStatus === 'approved' ? t('passApprovedNote') : `${tCommon('passAwaitsApproval')} ${t('passApprovalCheckNote')}`}
        </p>
        {refreshing ? (
          <p role="status" className="reg-finish__muted">
            {t('confirmingPayment')}
          </p>
        ) : null}
        {order && order.gross > 0 && order.status === 'paid' ? (
          <dl className="reg-summary__list">
            <div>
              <dt>{t('amountPaid')}</dt>
              <dd>{formatEuro(order.gross)}</dd>
            </div>
            {order.invoiceNumber ? (
              <div>
                <dt>{t('invoiceNumber')}</dt>
                <dd className="reg-finish__invoice">{order.invoiceNumber}</dd>
              </div>
            ) : null}
          </dl>
        ) : null}
      </section>

      <section className="card reg-finish__next" aria-labelledby="finish-next">
        <h2 id="finish-next" className="card-title">
          {t('whatHappensNext')}
        </h2>
        <ol className="reg-finish__steps">
          {passStatus === 'pending' ? (
            <li>
              <Text ns="registration" k="nextWaitForApproval" components={{ strong: <strong /> }} />
            </li>
          ) : null}
          <li>
            <Text
              ns="registration"
              k="nextSignIn"
              values={{
                hotel: snapshot.hotel ? 'yes' : 'no',
                hasInvoice: order?.invoiceNumber ? 'yes' : 'no',
                invoice: order?.invoiceNumber ?? '',
              }}
              components={{ strong: <strong /> }}
            />
          </li>
        </ol>
        <div className="reg-actions">
          <button type="button" className="btn btn-ghost" onClick={() => leave('/registration')}>
            {t('startNewRegistration')}
          </button>
          <Link
            to="/sign-in"
            className="btn btn-primary btn-lg"
            onClick={(event) => {
              event.preventDefault();
              leave('/sign-in');
            }}
          >
            {t('goToSignIn')}
          </Link>
        </div>
      </section>
    </div>
  );
}
