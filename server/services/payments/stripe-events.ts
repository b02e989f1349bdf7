import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import { lockUser } from '../../db/locking.ts';
import { orders, paymentSessions, refunds, stripeEvents } from '../../db/schema/index.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { CompletedOrder } from '../orders/completed-order.ts';
import { completeOrderInTx } from '../orders/order-completion.ts';
import type { PaymentProvider } from './provider.ts';

export interface StripeEventResult {
  /** The event id was handled before: this delivery changed nothing. */
  duplicate: boolean;
  /** Set only by the delivery that completed the order, so its confirmation mail is sent exactly once. */
  completed: CompletedOrder | null;
}

/** The Checkout Session an event is about, for the events the app acts on. */
function checkoutSessionOf(event: Stripe.Event): Stripe.Checkout.Session | null {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired':
      return event.data.object;
    default:
      return null;
  }
}

/**
 * Applies a verified Stripe event, exactly once per event id: the id is recorded in the same
 * transaction as the event's effect, so a redelivery (Stripe delivers at least once) or a second
 * instance receiving the same event changes nothing. A failure rolls both back and answers 5xx, and
 * Stripe delivers again later.
 *
 * - checkout.session.completed with payment_status paid, or async_payment_succeeded (a delayed
 *   method's money arrived): the order completes through the same code as the sandbox's (invoice,
 *   pass approval, room confirmation...), once per order whatever the number of events.
 * - checkout.session.expired and async_payment_failed: the session is marked failed; a paid event
 *   arriving for it later is refunded at once (settlePaid), never dropped.
 * - anything else is recorded and ignored.
 */
export async function applyStripeEvent(
  db: Db,
  provider: PaymentProvider,
  event: Stripe.Event,
  log: FastifyBaseLogger,
): Promise<StripeEventResult> {
  const session = checkoutSessionOf(event);
  return db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(stripeEvents)
      .values({ id: event.id, type: event.type, sessionId: session?.id ?? null })
      .onConflictDoNothing()
      .returning({ id: stripeEvents.id });
    if (!fresh) return { duplicate: true, completed: null };
    if (!session) return { duplicate: false, completed: null };

    const paid =
      (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') &&
      session.payment_status === 'paid';
    if (paid) return { duplicate: false, completed: await settlePaid(tx, provider, session, log) };
    if (event.type === 'checkout.session.expired' || event.type === 'checkout.session.async_payment_failed') {
      await tx
        .update(paymentSessions)
        .set({ status: 'failed', completedAt: new Date() })
        .where(
          and(
            eq(paymentSessions.id, session.id),
            eq(paymentSessions.provider, provider.name),
            eq(paymentSessions.status, 'open'),
          ),
        );
    }
    return { duplicate: false, completed: null };
  });
}

/**
 * Stripe has the money of this session. Under the user's lock (as every order change), the order
 * completes if it still is what the session charged for; otherwise (paid meanwhile through another
 * session, changed since, its held room given away, or the session given up as expired before the
 * payment was reported) the money goes back to the payer at once, recorded in `refunds`, and the
 * session counts as failed.
 */
async function settlePaid(
  tx: Db,
  provider: PaymentProvider,
  session: Stripe.Checkout.Session,
  log: FastifyBaseLogger,
): Promise<CompletedOrder | null> {
  const [owner] = await tx
    .select({ userId: orders.userId, orderId: orders.id })
    .from(paymentSessions)
    .innerJoin(orders, eq(orders.id, paymentSessions.orderId))
    .where(and(eq(paymentSessions.id, session.id), eq(paymentSessions.provider, provider.name)));
  if (!owner) {
    // Not opened by this app (another integration on the same Stripe account): not ours to settle.
    log.warn({ sessionId: session.id }, 'Stripe reported a payment for a checkout session this app does not know');
    return null;
  }
  await lockUser(tx, owner.userId);
  const [order] = await tx.select().from(orders).where(eq(orders.id, owner.orderId)).for('update');
  const [row] = await tx.select().from(paymentSessions).where(eq(paymentSessions.id, session.id)).for('update');
  if (!order || !row) throw new Error(`payment session ${session.id} vanished`);
  // Another event for the same session got here first and paid the order with this money.
  if (row.status === 'succeeded') return null;

  const now = new Date();
  const charged = session.amount_total ?? 0;
  const usable = row.status === 'open' && order.status === 'open';
  if (usable && order.gross === row.amount && charged === row.amount && session.currency === 'eur') {
    try {
      // A savepoint: a room lost meanwhile (409) undoes the completion, not the event's record.
      const completed = await tx.transaction((sp) => completeOrderInTx(sp, order.id, 'paid', now));
      if (completed) {
        await tx.update(paymentSessions).set({ status: 'succeeded', completedAt: now }).where(eq(paymentSessions.id, row.id));
        return completed;
      }
    } catch (error) {
      if (!(error instanceof HttpProblem && error.status === 409)) throw error;
    }
  }

  // A session already failed was given up (expired) or its payment returned by an earlier event:
  // the refund's idempotency key makes Stripe answer that earlier refund, which is not recorded twice.
  const why = row.status === 'failed' ? 'the payment session had already expired or failed' : 'the order can no longer take it';
  const refunded = charged > 0 ? await refundOnce(tx, provider, row.id, order.id, charged, now) : false;
  await tx.update(paymentSessions).set({ status: 'failed', completedAt: now }).where(eq(paymentSessions.id, row.id));
  if (refunded) {
    await recordAudit(tx, {
      actorUserId: null,
      action: 'payment.refund-unusable',
      subjectUserId: order.userId,
      subject: `order ${order.id}`,
      details: { sessionId: row.id, orderStatus: order.status, sessionStatus: row.status, amount: charged, reason: why },
    });
    log.warn(
      { sessionId: row.id, orderId: order.id, orderStatus: order.status, sessionStatus: row.status, amount: charged },
      `a Stripe payment could not buy its order (${why}) and was refunded`,
    );
  }
  return null;
}

/** Returns `amount` of the session's payment; false when this refund was made and recorded before. */
async function refundOnce(tx: Db, provider: PaymentProvider, sessionId: string, orderId: string, amount: number, now: Date) {
  const refund = await provider.refund({ sessionId, amount, idempotencyKey: `unusable-payment-${sessionId}` });
  const [known] = await tx
    .select({ id: refunds.id })
    .from(refunds)
    .where(and(eq(refunds.provider, provider.name), eq(refunds.providerRefundId, refund.id)));
  if (known) return false;
  await tx.insert(refunds).values({ orderId, amount, provider: provider.name, providerRefundId: refund.id, createdAt: now });
  return true;
}
