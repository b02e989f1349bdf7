import type Stripe from 'stripe';
import { type Config, publicUrl } from '../../config.ts';
import { HOLD_MINUTES } from '../hotels/booking.ts';
import type { CreateSessionInput, PaymentProvider, PaymentStatus, ProviderSession, RefundInput } from './provider.ts';

/**
 * How long a Checkout Session can be paid: a little past the room hold that opening it renews
 * (Stripe accepts 30 minutes to 24 hours). A payment that arrives after the room was given away is
 * refunded (stripe-events.ts).
 */
export const STRIPE_SESSION_MINUTES = HOLD_MINUTES + 5;

/** Where Stripe's "back" link on its page leads: our server, which knows the session (stripe-return.ts). */
export const stripeCancelPath = (orderId: string) => `/payment/stripe/cancel/${orderId}`;

/** Stripe fills in the session's id where success_url says so (it must stay unencoded). */
const SESSION_ID_TEMPLATE = '{CHECKOUT_SESSION_ID}';
const TEMPLATE_STAND_IN = 'stripe-session-id-stand-in';

/** `base` + the internal path with ?session={CHECKOUT_SESSION_ID} appended (keeping its own query and hash). */
export function successUrl(base: string, path: string): string {
  const url = new URL(path, 'http://internal.invalid');
  url.searchParams.set('session', TEMPLATE_STAND_IN);
  return `${base}${url.pathname}${url.search.replace(TEMPLATE_STAND_IN, SESSION_ID_TEMPLATE)}${url.hash}`;
}

function statusOf(session: Stripe.Checkout.Session): PaymentStatus {
  if (session.status === 'complete' && session.payment_status === 'paid') return 'succeeded';
  if (session.status === 'expired') return 'failed';
  // Open, or complete with a delayed payment method (SEPA debit...) whose money has not arrived yet.
  return 'open';
}

const idOf = (value: string | { id: string } | null) => (typeof value === 'string' ? value : (value?.id ?? null));

const isMissing = (error: unknown) =>
  typeof error === 'object' && error !== null && (error as { statusCode?: number }).statusCode === 404;

export interface StripeProviderOptions {
  /** The app's public base URL, without a trailing slash: Stripe sends the browser back there. */
  publicUrl: string;
  webhookSecret: string;
}

/**
 * Stripe Checkout: Stripe hosts the payment page, so no card data touches us. A session charges
 * the order's gross in euro cents as one line; its id is our payment_sessions id. The outcome is
 * learnt only from Stripe's signed webhook (verifyEvent, routes/payment/stripe.ts); refunds go to
 * the session's payment intent with the caller's idempotency key.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe';

  constructor(
    private readonly stripe: Stripe,
    private readonly options: StripeProviderOptions,
  ) {}

  async createSession(input: CreateSessionInput) {
    if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error(`cannot charge ${input.amount} cents`);
    const session = await this.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'eur',
            unit_amount: input.amount,
            product_data: { name: 'CloudFest 2026', ...(input.description ? { description: input.description } : {}) },
          },
        },
      ],
      client_reference_id: input.orderId,
      metadata: { orderId: input.orderId },
      payment_intent_data: { metadata: { orderId: input.orderId } },
      success_url: successUrl(this.options.publicUrl, input.redirectSuccess),
      cancel_url: `${this.options.publicUrl}${stripeCancelPath(input.orderId)}`,
      expires_at: Math.floor(Date.now() / 1000) + STRIPE_SESSION_MINUTES * 60,
    });
    if (!session.url) throw new Error(`Stripe opened checkout session ${session.id} without a page`);
    return { id: session.id, url: session.url };
  }

  async getSession(id: string): Promise<ProviderSession | null> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.stripe.checkout.sessions.retrieve(id);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    return {
      id: session.id,
      orderId: session.client_reference_id ?? session.metadata?.orderId ?? '',
      amount: session.amount_total ?? 0,
      status: statusOf(session),
      // Stripe keeps the page only while the session is open.
      url: session.status === 'open' ? (session.url ?? '') : '',
    };
  }

  /**
   * Refunds part or all of what the session charged. Stripe answers a repeated idempotency key with
   * the first refund, so a retry after a rolled-back transaction never pays out twice.
   */
  async refund(input: RefundInput): Promise<{ id: string }> {
    if (!Number.isInteger(input.amount) || input.amount <= 0) throw new Error(`cannot refund ${input.amount} cents`);
    const session = await this.stripe.checkout.sessions.retrieve(input.sessionId);
    const paymentIntent = idOf(session.payment_intent);
    if (!paymentIntent) throw new Error(`checkout session ${input.sessionId} has no payment to refund`);
    const refund = await this.stripe.refunds.create(
      { payment_intent: paymentIntent, amount: input.amount, metadata: { sessionId: input.sessionId } },
      { idempotencyKey: input.idempotencyKey },
    );
    return { id: refund.id };
  }

  /** The event of a webhook delivery whose Stripe-Signature verifies against the raw body; throws otherwise. */
  verifyEvent(rawBody: Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret);
  }
}

/** The Stripe client's settings: STRIPE_API_URL (tests only) points it at a local fake. */
export function stripeClientConfig(config: Pick<Config, 'STRIPE_API_URL'>): Stripe.StripeConfig {
  const settings: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (!config.STRIPE_API_URL) return settings;
  const url = new URL(config.STRIPE_API_URL);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { ...settings, host: url.hostname, port: url.port || (protocol === 'http' ? 80 : 443), protocol };
}

/** The provider for PAYMENT_PROVIDER=stripe. The `stripe` package is loaded only then (it is large). */
export async function createStripeProvider(config: Config): Promise<StripePaymentProvider> {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) {
    throw new Error('PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.');
  }
  const { default: StripeClient } = await import('stripe');
  const client = new StripeClient(config.STRIPE_SECRET_KEY, stripeClientConfig(config));
  return new StripePaymentProvider(client, { publicUrl: publicUrl(config), webhookSecret: config.STRIPE_WEBHOOK_SECRET });
}
