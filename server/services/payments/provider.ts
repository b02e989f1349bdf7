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
}

export interface ProviderSession {
  id: string;
  orderId: string;
  amount: number;
  status: PaymentStatus;
  /** The hosted checkout page. */
  url: string;
}

export interface PaymentProvider {
  /** Stored with each session (payment_sessions.provider). */
  readonly name: string;
  createSession(input: CreateSessionInput): Promise<{ id: string; url: string }>;
  getSession(id: string): Promise<ProviderSession | null>;
}
