import { and, desc, eq, gt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type PaymentSessionStatus,
  paymentSessionBodySchema,
  paymentSessionSchema,
  paymentSessionStatusSchema,
} from '#shared/contracts/registration.ts';
import { safeRedirectPath } from '#shared/safe-redirect.ts';
import { lockUser } from '../../db/locking.ts';
import { orders, paymentSessions } from '../../db/schema/index.ts';
import { HttpProblem, notFound } from '../../plugins/errors.ts';
import { assertConfirmed } from '../../services/accounts/confirmed-account.ts';
import { secureBooking } from '../../services/hotels/booking.ts';
import { loadOrderDto } from '../../services/orders/order-completion.ts';
import type { PaymentProvider } from '../../services/payments/provider.ts';
import { SandboxPaymentProvider } from '../../services/payments/sandbox.ts';
import { STRIPE_SESSION_MINUTES } from '../../services/payments/stripe.ts';
import { authOf } from '../../types.ts';

export const PAYMENT_MESSAGES = {
  alreadyPaid: 'This order is already paid.',
  nothingToPay: 'This order is free: there is nothing to pay.',
  amountMismatch: 'The amount does not match the order total.',
  paymentPending: 'A payment for this order is being processed.',
  externalRedirect: 'Must be a path inside this app, such as /registration/finish.',
} as const;

/** Redirect targets are internal paths only (docs/architecture.md §7): the provider must not become an open redirect. */
function internalPath(candidate: string, field: string): string {
  const safe = safeRedirectPath(candidate, '');
  if (!safe)
    throw new HttpProblem(400, PAYMENT_MESSAGES.externalRedirect, [{ path: field, message: PAYMENT_MESSAGES.externalRedirect }]);
  return safe;
}

export interface PaymentRoutesOptions {
  /** The provider that opens sessions (buildApp passes PAYMENT_PROVIDER's); defaults to the built-in sandbox. */
  provider?: PaymentProvider;
}

/** An open session is offered again only while its page surely lives (a Stripe page expires after STRIPE_SESSION_MINUTES). */
const REUSE_MINUTES = STRIPE_SESSION_MINUTES - 15;

/** POST /api/payment/session (docs/behaviour.md §7) and the session's outcome for the finish page. */
export const paymentRoutes: FastifyPluginAsyncZod<PaymentRoutesOptions> = async (app, options) => {
  const { db } = app;
  const provider = options.provider ?? new SandboxPaymentProvider(db);

  app.post(
    '/session',
    {
      onRequest: app.authenticateRegistration,
      schema: { tags: ['payment'], body: paymentSessionBodySchema, response: { 200: paymentSessionSchema } },
    },
    async (request) => {
      const { item, amount } = request.body;
      const redirectSuccess = internalPath(request.body.redirectSuccess, 'redirectSuccess');
      const redirectCancel = internalPath(request.body.redirectCancel, 'redirectCancel');
      const userId = authOf(request).userId;
      // Nothing is paid (nor a room kept) for an unconfirmed registration.
      await assertConfirmed(db, userId);

      // The user's lock is held while we decide, so two clicks open one session, not two.
      const session = await db.transaction(async (tx) => {
        await lockUser(tx, userId);
        const [order] = await tx
          .select()
          .from(orders)
          .where(and(eq(orders.id, item), eq(orders.userId, userId)))
          .for('update');
        if (!order) throw notFound('Order');
        if (order.status === 'paid') throw new HttpProblem(409, PAYMENT_MESSAGES.alreadyPaid);
        // A free order (placed or not yet) is never paid for.
        if (order.status === 'free' || order.gross === 0) throw new HttpProblem(409, PAYMENT_MESSAGES.nothingToPay);
        if (amount !== order.gross) {
          throw new HttpProblem(400, PAYMENT_MESSAGES.amountMismatch, [
            { path: 'amount', message: PAYMENT_MESSAGES.amountMismatch },
          ]);
        }
        // The room stays held for the payment window (or 409 now, before paying, if it was lost).
        if (order.bookingId) await secureBooking(tx, order.bookingId, 'held');

        const [open] = await tx
          .select({ id: paymentSessions.id })
          .from(paymentSessions)
          .where(
            and(
              eq(paymentSessions.orderId, order.id),
              eq(paymentSessions.provider, provider.name),
              eq(paymentSessions.status, 'open'),
              eq(paymentSessions.amount, amount),
              gt(paymentSessions.createdAt, new Date(Date.now() - REUSE_MINUTES * 60_000)),
            ),
          )
          .orderBy(desc(paymentSessions.createdAt))
          .limit(1);
        if (open) {
          await tx.update(paymentSessions).set({ redirectSuccess, redirectCancel }).where(eq(paymentSessions.id, open.id));
          return { id: open.id, url: null };
        }
        // A real provider is called here with the lock held, so a retry cannot open a second session.
        const description = order.lines.map((line) => line.description).join(' · ');
        const created = await provider.createSession({ orderId: order.id, amount, redirectSuccess, redirectCancel, description });
        await tx.insert(paymentSessions).values({
          id: created.id,
          orderId: order.id,
          provider: provider.name,
          amount,
          redirectSuccess,
          redirectCancel,
        });
        return created;
      });
      // Read after the commit: the provider may use its own connection.
      const page = session.url ? null : await provider.getSession(session.id);
      const url = session.url ?? (page?.status === 'open' ? page.url : null);
      // Paid meanwhile, its webhook on the way (or a delayed method's money pending): never a second payment.
      if (!url && (page?.status === 'succeeded' || page?.status === 'open'))
        throw new HttpProblem(409, PAYMENT_MESSAGES.paymentPending);
      if (!url) throw new Error(`payment session ${session.id} has no page`);
      return { paymentSessionId: session.id, url };
    },
  );

  app.get(
    '/session/:id',
    {
      onRequest: app.authenticateRegistration,
      schema: {
        tags: ['payment'],
        // Provider session ids (sbx_…, cs_…) are word characters and dashes; anything else is no session (and no NUL reaches SQL).
        params: z.object({ id: z.string().regex(/^[\w-]{1,100}$/) }),
        response: { 200: paymentSessionStatusSchema },
      },
    },
    async (request): Promise<PaymentSessionStatus> => {
      const [row] = await db
        .select({ session: paymentSessions, order: orders })
        .from(paymentSessions)
        .innerJoin(orders, eq(orders.id, paymentSessions.orderId))
        .where(and(eq(paymentSessions.id, request.params.id), eq(orders.userId, authOf(request).userId)))
        .limit(1);
      if (!row) throw notFound('Payment session');
      return { paymentSessionId: row.session.id, status: row.session.status, order: await loadOrderDto(db, row.order) };
    },
  );
};
