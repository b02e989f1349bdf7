/**
 * Thrown by the checkout page when the payment provider sent the browser back with
 * `?payment=failed`: the router's error page reads `status` (src/app/errors/error-status.ts) and
 * shows docs/behaviour.md §2's 402 page, 'Oops. Payment was not successful.'
 */
export class PaymentFailedError extends Error {
  readonly status = 402;

  constructor() {
    super('The payment was not successful.');
    this.name = 'PaymentFailedError';
  }
}

/** The provider's cancel redirect (registration-api.ts PAYMENT_REDIRECTS.redirectCancel) lands with this. */
export function paymentFailed(search: URLSearchParams): boolean {
  return search.get('payment') === 'failed';
}
