/**
 * What the app needs from a payment provider with a hosted checkout page (Stripe Checkout, Mollie,
 * Adyen...). The app never sees card data: it opens a session for an order's amount, sends the
 * browser to the provider's page, and learns the outcome from the provider.
 */

export type PaymentStatus = 'open' | 'succeeded' | 'failed';

export interface CreateSessionInput {
  orderId: string;
  /** Cents; the order's gross. */
  amount: number;
  /** Internal paths the provider sends the browser back to. */
  redirectSuccess: string;
  redirectCancel: string;
  /** What the order buys, for the provider's page (the order's lines). */
  description?: string;
}

export interface ProviderSession {
  id: string;
  orderId: string;
  amount: number;
  status: PaymentStatus;
  /** The hosted checkout page. */
  url: string;
}

export interface RefundInput {
  /** The provider's session that took the payment. */
  sessionId: string;
  /** Cents to return; at most what the session charged. */
  amount: number;
  /**
   * The same key answers the same refund instead of a second one (providers' idempotency keys), so
   * a refund whose database transaction rolled back can be retried without paying out twice.
   */
  idempotencyKey: string;
}

export interface PaymentProvider {
  /** Stored with each session (payment_sessions.provider). */
  readonly name: string;
  createSession(input: CreateSessionInput): Promise<{ id: string; url: string }>;
  getSession(id: string): Promise<ProviderSession | null>;
  /** Returns money of a succeeded session to the payer; answers the provider's refund id. */
  refund(input: RefundInput): Promise<{ id: string }>;
}
