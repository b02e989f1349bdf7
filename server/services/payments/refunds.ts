import { and, desc, eq, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { vatOf } from '#shared/pricing.ts';
import type { Db } from '../../db/client.ts';
import { invoices, type OrderLine, orders, paymentSessions, refunds } from '../../db/schema/index.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { createCreditNote, type InvoiceRow } from '../invoices.ts';
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

/** An invoice that replaces another (a VAT correction's invoice without VAT). */
const replacement = alias(invoices, 'replacement');

/**
 * The order's current invoice: the one no later invoice replaced. After a VAT correction that is the
 * invoice without VAT, not the first one (cancelled by the correction's credit note); refunds are
 * credited against it and priced at its VAT rate.
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

/** The credit note that cancels (part of) this invoice, if any (at most one: invoices_order_kind_corrects). */
export async function creditNoteOf(tx: Db, invoiceId: string): Promise<InvoiceRow | null> {
  const [note] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.correctsInvoiceId, invoiceId), eq(invoices.kind, 'credit-note')))
    .limit(1);
  return note ?? null;
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
  /** The 409 answer when the current invoice was credited already by another cancellation. */
  creditedAlready: (invoice: InvoiceRow, note: InvoiceRow) => string;
  now: Date;
}

/**
 * Returns what was paid for some lines of a paid order, inside the caller's transaction (which holds
 * the per-user lock, order-completion.ts's lockUser, so a VAT correction cannot run alongside). The
 * lines are priced at the VAT rate of the order's current invoice (none after a VAT correction),
 * never more than that invoice's gross (what was paid less what was refunded); the money goes back
 * through the provider that took it, is recorded in `refunds` and documented by a credit note
 * cancelling those lines of the current invoice. An invoice has at most one credit note: when another cancellation
 * used it, the answer is 409 before any money moves.
 */
export async function refundOrderLines(
  tx: Db,
  providers: readonly PaymentProvider[],
  order: OrderRow,
  lines: readonly OrderLine[],
  options: LinesRefundOptions,
): Promise<LinesRefund> {
  const none: LinesRefund = { refunded: 0, creditNote: null };
  const net = lines.reduce((total, line) => total + line.net, 0);
  if (net <= 0) return none;
  const invoice = await currentInvoiceOf(tx, order.id);
  const credited = invoice ? await creditNoteOf(tx, invoice.id) : null;
  if (invoice && credited) throw new HttpProblem(409, options.creditedAlready(invoice, credited));

  const { session, provider } = await paymentOf(tx, providers, order.id);
  const due = net + vatOf(net, invoice?.vatBasisPoints ?? order.vatBasisPoints);
  // The current invoice, with no credit note yet, is what was paid and not refunded: the first
  // payment less a VAT correction's refund. (A refund of a payment that could not buy the order,
  // stripe-events.ts, was never part of it.)
  const amount = Math.min(due, invoice?.gross ?? order.gross);
  if (amount <= 0) return none;

  const refund = await provider.refund({ sessionId: session.id, amount, idempotencyKey: options.idempotencyKey });
  await tx.insert(refunds).values({
    orderId: order.id,
    bookingId: options.bookingId ?? null,
    amount,
    provider: provider.name,
    providerRefundId: refund.id,
    createdAt: options.now,
  });
  // Less than due only by a rounding cent or an inconsistent order: the VAT share shrinks first.
  const vat = Math.max(0, amount - net);
  const creditNote = invoice
    ? await createCreditNote(tx, invoice, { lines: [...lines], net: amount - vat, vat }, options.now)
    : null;
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
  const lines = order.lines.filter((line) => line.kind === 'hotel');
  return refundOrderLines(tx, providers, order, lines, {
    idempotencyKey: `booking-refund-${bookingId}`,
    bookingId,
    creditedAlready: (invoice) =>
      `This booking cannot be cancelled here: invoice ${invoice.number} was already partly refunded, so the refund needs our team. Please reply to your booking confirmation e-mail.`,
    now,
  });
}
