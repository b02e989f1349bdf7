import { useAtom } from 'jotai';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Notice } from '../../components/ui/notice.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Text } from '../../i18n/text.tsx';
import { useT } from '../../i18n/use-t.ts';
import { ApiError } from '../../lib/api.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { formatEuro } from '../../lib/money.ts';
import { payOrder } from '../../lib/payment.ts';
import type { HotelChoice, Order } from '../../shared/contracts/registration.ts';
import { BillingDetails } from './billing-details.tsx';
import { needsPayment } from './order-format.ts';
import { OrderSummary } from './order-summary.tsx';
import { PaymentFailedError, paymentFailed } from './payment-failed-error.ts';
import { checkout, hotelChoiceOf, PAYMENT_REDIRECTS } from './registration-api.ts';
import { registrationAtom } from './registration-state.ts';
import './registration-flow.css';

/**
 * /registration/checkout. Back from the payment provider with `?payment=failed` it throws the 402
 * of docs/behaviour.md §2 for the router's error page; opening the checkout again retries the same order.
 */
export function RegistrationCheckoutPage() {
  const [search] = useSearchParams();
  if (paymentFailed(search)) throw new PaymentFailedError();
  return <Checkout />;
}

type Load = { status: 'loading' } | { status: 'ready'; order: Order } | { status: 'failed'; error: unknown };

function Checkout() {
  const t = useT('registration');
  const navigate = useNavigate();
  const [registration, setRegistration] = useAtom(registrationAtom);
  const token = registration.account?.registrationToken;
  const hotel = hotelChoiceOf(registration);
  const hotelKey = JSON.stringify(hotel);
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [paying, setPaying] = useState(false);
  const [payError, setPayError] = useState<string | null>(null);

  // Prices the order and holds the room; the server keeps one order per registration, so running
  // this again (reload, retry after a failed payment) never creates a second one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `hotelKey` stands for `hotel`; `attempt` is "Try again".
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    setLoad({ status: 'loading' });
    checkout(token, JSON.parse(hotelKey) as HotelChoice | null).then(
      (order) => {
        if (cancelled) return;
        setRegistration({ order });
        if (order.status === 'paid') navigate('/registration/finish', { replace: true });
        else setLoad({ status: 'ready', order });
      },
      (error: unknown) => {
        if (!cancelled) setLoad({ status: 'failed', error });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [token, hotelKey, attempt, navigate, setRegistration]);

  // Back from the provider's page via the browser's back button: the page may come from the
  // back/forward cache with the button still busy.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setPaying(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const complete = (order: Order) => {
    setRegistration({ order });
    navigate('/registration/finish');
  };

  // A free order is placed here: until then it stays open and the Checkout step is not complete.
  const place = async () => {
    if (!token) return;
    setPaying(true);
    setPayError(null);
    try {
      complete(await checkout(token, hotel, true));
    } catch (error) {
      setPayError(errorMessage(error));
      setPaying(false);
    }
  };

  const pay = async (order: Order) => {
    if (!token) return;
    setPaying(true);
    setPayError(null);
    try {
      // Off to the provider's hosted page; it returns to /registration/finish or ?payment=failed.
      await payOrder(order, PAYMENT_REDIRECTS, token);
    } catch (error) {
      // 409: paid meanwhile (another tab) or nothing to pay; 400: the total changed. Ask again.
      if (error instanceof ApiError && (error.status === 409 || error.status === 400)) {
        const fresh = await checkout(token, hotel).catch(() => null);
        if (fresh && fresh.status !== 'open') {
          complete(fresh);
          return;
        }
        if (fresh) {
          setRegistration({ order: fresh });
          setLoad({ status: 'ready', order: fresh });
        }
      }
      setPayError(errorMessage(error));
      setPaying(false);
    }
  };

  let body: ReactNode;
  if (!token) {
    body = (
      <Notice tone="warning">
        <Text ns="registration" k="createAccountFirst" components={{ link: <Link to="/registration/account" /> }} />
      </Notice>
    );
  } else if (load.status === 'loading') {
    body = (
      <div className="card reg-summary" role="status" aria-busy="true">
        {t('preparingOrder')}
      </div>
    );
  } else if (load.status === 'failed') {
    body = (
      <CheckoutFailure
        error={load.error}
        hasHotel={hotel !== null}
        onRetry={() => setAttempt((n) => n + 1)}
        onWithoutHotel={() => setRegistration({ hotel: null, noHotel: true })}
      />
    );
  } else {
    const { order } = load;
    const paid = needsPayment(order);
    body = (
      <>
        <section className="card reg-checkout__section" aria-labelledby="checkout-order">
          <h2 id="checkout-order" className="card-title">
            {t('orderOverview')}
          </h2>
          <OrderSummary order={order} />
        </section>
        <BillingDetails />
        {payError ? <Notice tone="danger">{payError}</Notice> : null}
        <div className="reg-checkout__pay">
          <p className="reg-checkout__hint">{paid ? t('paymentHint') : t('noPaymentNeeded')}</p>
          <div className="reg-actions">
            <Link to="/registration/survey" className="btn btn-ghost">
              {t('back')}
            </Link>
            {paid ? (
              <button
                type="button"
                className="btn btn-primary btn-lg"
                onClick={() => void pay(order)}
                disabled={paying}
                aria-busy={paying || undefined}
              >
                {paying ? t('openingPaymentPage') : t('payNow', { amount: formatEuro(order.gross) })}
              </button>
            ) : (
              <button
                type="button"
                className="btn btn-primary btn-lg"
                onClick={() => (order.status === 'open' ? void place() : complete(order))}
                disabled={paying}
                aria-busy={paying || undefined}
              >
                {t('completeRegistration')}
              </button>
            )}
          </div>
        </div>
      </>
    );
  }

  return (
    <div className="reg-step">
      <PageHeader title={t('checkoutStepTitle')} lead={t('checkoutStepLead')} />
      {body}
    </div>
  );
}

interface CheckoutFailureProps {
  error: unknown;
  hasHotel: boolean;
  onRetry: () => void;
  onWithoutHotel: () => void;
}

/** Sold-out room (409): say so and lead back to the Hotel step; anything else: try again. */
function CheckoutFailure({ error, hasHotel, onRetry, onWithoutHotel }: CheckoutFailureProps) {
  const t = useT('registration');
  if (error instanceof ApiError && error.status === 409 && hasHotel) {
    return (
      <div className="card reg-summary">
        <Notice tone="warning">
          {error.problem?.detail ?? t('roomNoLongerAvailable')} {t('chooseAnotherRoomOrNoHotel')}
        </Notice>
        <div className="reg-actions">
          <button type="button" className="btn btn-ghost" onClick={onWithoutHotel}>
            {t('continueWithoutHotel')}
          </button>
          <Link to="/registration/hotel" className="btn btn-primary">
            {t('chooseAnotherRoom')}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="card reg-summary">
      <Notice tone="danger">{errorMessage(error)}</Notice>
      <div className="reg-actions">
        <span />
        <button type="button" className="btn btn-primary" onClick={onRetry}>
          {t('tryAgain')}
        </button>
      </div>
    </div>
  );
}
