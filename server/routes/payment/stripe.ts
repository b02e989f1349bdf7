import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { z } from 'zod';
import { publicUrl } from '../../config.ts';
import { paymentSessions } from '../../db/schema/index.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { sendOrderConfirmation } from '../../services/orders/order-completion.ts';
import type { StripePaymentProvider } from '../../services/payments/stripe.ts';
import { applyStripeEvent } from '../../services/payments/stripe-events.ts';
import { withSession } from './sandbox.ts';

export const STRIPE_WEBHOOK_MESSAGES = {
  unsigned: 'A Stripe-Signature header is required.',
  badSignature: 'The Stripe signature does not verify.',
} as const;

export interface StripeRoutesOptions {
  provider: StripePaymentProvider;
}

/** Stripe's events are a few kilobytes; anything much larger is not from Stripe. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

/**
 * POST /api/payment/stripe/webhook: Stripe's word on a Checkout Session, the only way an order
 * becomes paid under Stripe. No session token (Stripe has no account here, so no per-account rate
 * limit either): the Stripe-Signature over the raw body is the authentication, checked with the
 * endpoint's secret before anything is read. A missing or wrong signature is a 400 that changes
 * nothing; a verified event is applied once per event id (stripe-events.ts) and answered 200.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod<StripeRoutesOptions> = async (app, { provider }) => {
  // The signature covers the exact bytes: this plugin (only) keeps JSON bodies raw.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => {
    done(null, body);
  });

  app.post('/webhook', { schema: { hide: true }, bodyLimit: WEBHOOK_BODY_LIMIT }, async (request) => {
    const signature = request.headers['stripe-signature'];
    if (typeof signature !== 'string' || signature === '') throw new HttpProblem(400, STRIPE_WEBHOOK_MESSAGES.unsigned);
    if (!Buffer.isBuffer(request.body)) throw new HttpProblem(400, STRIPE_WEBHOOK_MESSAGES.badSignature);
    let event: Stripe.Event;
    try {
      event = provider.verifyEvent(request.body, signature);
    } catch (error) {
      request.log.warn({ err: error }, 'Stripe webhook refused: signature does not verify');
      throw new HttpProblem(400, STRIPE_WEBHOOK_MESSAGES.badSignature);
    }
    const result = await applyStripeEvent(app.db, provider, event, request.log);
    request.log.info({ eventId: event.id, type: event.type, duplicate: result.duplicate }, 'Stripe event');
    if (result.completed) await sendOrderConfirmation(app, result.completed, publicUrl(app.config), request.log);
    return { received: true };
  });
};

/**
 * GET /payment/stripe/cancel/{orderId}: where Stripe's "back" link leads (cancel_url). Stripe names
 * the session only in the success URL, so this finds the order's newest Stripe session and sends
 * the browser on to its cancel path with ?session=<id>, as the sandbox's page does. It reveals a
 * session id at most, which answers nothing without the owner's token.
 */
export const stripeReturnRoutes: FastifyPluginAsyncZod<StripeRoutesOptions> = async (app, { provider }) => {
  app.get('/cancel/:orderId', { schema: { hide: true, params: z.object({ orderId: z.uuid() }) } }, async (request, reply) => {
    const [session] = await app.db
      .select()
      .from(paymentSessions)
      .where(and(eq(paymentSessions.orderId, request.params.orderId), eq(paymentSessions.provider, provider.name)))
      .orderBy(desc(paymentSessions.createdAt))
      .limit(1);
    reply.header('cache-control', 'no-store');
    return reply.redirect(session ? withSession(session.redirectCancel, session.id) : '/', 303);
  });
};
