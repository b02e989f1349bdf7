import { type Order, paymentSessionSchema, paymentSessionStatusSchema } from '../shared/contracts/registration.ts';
import { api } from './api.ts';
import { withNetwork } from './network.ts';

/** Internal paths the payment provider sends the browser back to (SPEC §7 redirectSuccess / redirectCancel). */
export interface PaymentRedirects {
  redirectSuccess: string;
  redirectCancel: string;
}

/**
 * POST /api/payment/session (SPEC §7) for an order's gross, then hands the page over to the
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
export function fetchPaymentSession(paymentSessionId: string, token?: string) {
  return api(`/api/payment/session/${encodeURIComponent(paymentSessionId)}`, paymentSessionStatusSchema, { token });
}
