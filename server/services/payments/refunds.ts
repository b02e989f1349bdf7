import { and, desc, eq, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { totalsOf } from '#shared/pricing.ts';
import type { Db } from '../../db/client.ts';
import { invoices, type OrderLine, orders, paymentSessions, refunds } from '../../db/schema/index.ts';
import { type InvoiceBalance, invoiceBalance } from '../invoices/invoice-balance.ts';
import { createCreditNote, type InvoiceRow, negated } from '../invoices/invoices.ts';
import type { PaymentProvider } from './provider.ts';

type OrderRow = typeof orders.$inferSelect;

/** The session that paid a paid order and the provider that took it: refunds go back the same way. */
export async function paymentOf(tx: Db, providers: readonly PaymentProvider[], orderId: string) {
  const [session] = await tx
    .select()
    .from(paymentSessions)
    .where(and(eq(paymentSessions.orderId, orderId), eq(paymentSessions.status, 'succeeded')))
    .orderBy(desc(paymentSessions.completedAt))
    .limit(1);
  if (!session) throw new Error(`paid order ${orderId} has no succeeded payment session`);
  const provider = providers.find((candidate) => candidate.name === session.provider);
  if (!provider) throw new Error(`no payment provider named ${session.provider} to refund order ${orderId}`);
  return { session, provider };
}

/** An invoice that replaces another (an old VAT correction's reverse-charge invoice, before migration 0020). */
const replacement = alias(invoices, 'replacement');

/**
 * The order's current invoice: the one no later invoice replaced. After an old VAT correction (issued
 * before migration 0020) that is the invoice without VAT, not the first one (cancelled by the correction's
 * credit note); refunds are credited against it, at its lines' rates.
 */
export async function currentInvoiceOf(tx: Db, orderId: string): Promise<InvoiceRow | null> {
  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(
      and(
        eq(invoices.orderId, orderId),
        eq(invoices.kind, 'invoice'),
        notExists(
          tx
            .select({ id: replacement.id })
            .from(replacement)
            .where(and(eq(replacement.correctsInvoiceId, invoices.id), eq(replacement.kind, 'invoice'))),
        ),
      ),
    )
    .orderBy(desc(invoices.issuedAt), desc(invoices.sequence))
    .limit(1);
  return invoice ?? null;
}

export interface LinesRefund {
  /** Cents returned to the payer; 0 when nothing was (left) to return. */
  refunded: number;
  creditNote: InvoiceRow | null;
}

export interface LinesRefundOptions {
  /** The provider's idempotency key: a retried transaction never pays out twice. */
  idempotencyKey: string;
  /** The cancelled booking the refund is for (unique in `refunds`), if any. */
  bookingId?: string;
  now: Date;
}

/**
 * Returns what was paid for some lines of a paid order, inside the caller's transaction (which holds
 * the per-user lock, lockUser in server/db/locking.ts). The lines are those of the order's current
 * invoice that `select` picks and no earlier credit note cancelled (a line is credited once). The
 * credit note cancels them at the rates they were invoiced at (totalsOf of the negated lines, VAT per
 * rate); its gross is what goes back through the provider that took the payment, recorded in
 * `refunds`. Never more than the invoice still bills (its gross less its credit notes): per-rate
 * rounding of lines credited apart can differ from the invoice's by a cent, which is never paid out.
 */
export async function refundOrderLines(
  tx: Db,
  providers: readonly PaymentProvider[],
  order: OrderRow,
  select: (line: OrderLine) => boolean,
  options: LinesRefundOptions,
): Promise<LinesRefund> {
  const none: LinesRefund = { refunded: 0, creditNote: null };
  const invoice = await currentInvoiceOf(tx, order.id);
  const open: InvoiceBalance = invoice ? await invoiceBalance(tx, invoice) : order;
  const lines = open.lines.filter(select);
  if (lines.reduce((total, line) => total + line.net, 0) <= 0) return none;
  const amount = Math.min(-totalsOf(negated(lines)).gross, open.gross);
  if (amount <= 0) return none;

  const { session, provider } = await paymentOf(tx, providers, order.id);
  const refund = await provider.refund({ sessionId: session.id, amount, idempotencyKey: options.idempotencyKey });
  await tx.insert(refunds).values({
    orderId: order.id,
    bookingId: options.bookingId ?? null,
    amount,
    provider: provider.name,
    providerRefundId: refund.id,
    createdAt: options.now,
  });
  const creditNote = invoice ? await createCreditNote(tx, invoice, lines, options.now) : null;
  return { refunded: amount, creditNote };
}

export type BookingRefund = LinesRefund;

/**
 * Returns what was paid for a cancelled booking, inside the cancellation's transaction: the hotel
 * lines of the paid order that holds the booking (a registration order also holds the pass, which
 * stays paid), refunded once per booking (unique in `refunds`). The caller holds the per-user lock
 * and has cancelled the confirmed booking.
 */
export async function refundCancelledBooking(
  tx: Db,
  providers: readonly PaymentProvider[],
  bookingId: string,
  now = new Date(),
): Promise<BookingRefund> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.bookingId, bookingId), eq(orders.status, 'paid')))
    .limit(1);
  if (!order) return { refunded: 0, creditNote: null };
  return refundOrderLines(tx, providers, order, (line) => line.kind === 'hotel', {
    idempotencyKey: `booking-refund-${bookingId}`,
    bookingId,
    now,
  });
}
