import { type Order, paymentSessionSchema, paymentSessionStatusSchema } from '../shared/contracts/registration.ts';
import { api } from './api.ts';
import { withNetwork } from './network.ts';

/** Internal paths the payment provider sends the browser back to (docs/behaviour.md §7 redirectSuccess / redirectCancel). */
export interface PaymentRedirects {
  redirectSuccess: string;
  redirectCancel: string;
}

/**
 * POST /api/payment/session (docs/behaviour.md §7) for an order's gross, then hands the page over to the
 * provider's hosted checkout. It comes back to one of the redirects with `?session=<id>`.
 * `token` is only needed where the session token is not the signed-in one (registration).
 * Offline it throws NetworkRequiredError before calling the server (src/lib/network.ts).
 */
export async function payOrder(order: Pick<Order, 'id' | 'gross'>, redirects: PaymentRedirects, token?: string): Promise<void> {
  // Offline (or no answer at all): NetworkRequiredError with NETWORK_REQUIRED_MESSAGE, not a bare failure.
  const session = await withNetwork(() =>
    api('/api/payment/session', paymentSessionSchema, {
      method: 'POST',
      body: { item: order.id, amount: order.gross, ...redirects },
      token,
    }),
  );
  location.assign(session.url);
}

/** GET /api/payment/session/{id}: the outcome and the order after the provider's redirect (`?session=`). */
export function fetchPaymentSession(paymentSessionId: string, token?: string, signal?: AbortSignal) {
  return api(`/api/payment/session/${encodeURIComponent(paymentSessionId)}`, paymentSessionStatusSchema, { token, signal });
}

/**
 * A provider may confirm a moment after the redirect (Stripe's webhook can arrive after the
 * browser): while the session is still 'open', ask again a few times before reporting it open.
 */
const OPEN_RETRIES = 4;
const RETRY_DELAY_MS = 1500;

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal.reason);
      },
      { once: true },
    );
  });
}

/** The payment session after the provider's success return, waiting briefly for its confirmation. */
export async function settledPaymentSession(paymentSessionId: string, token?: string, signal?: AbortSignal) {
  let session = await fetchPaymentSession(paymentSessionId, token, signal);
  for (let attempt = 0; session.status === 'open' && attempt < OPEN_RETRIES; attempt++) {
    await wait(RETRY_DELAY_MS, signal);
    session = await fetchPaymentSession(paymentSessionId, token, signal);
  }
  return session;
}
