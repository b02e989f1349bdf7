import { and, desc, eq } from 'drizzle-orm';
import { vatOf } from '#shared/pricing.ts';
import type { Db } from '../../db/client.ts';
import { invoices, orders, paymentSessions, refunds } from '../../db/schema/index.ts';
import { createCreditNote, type InvoiceRow } from '../invoices.ts';
import type { PaymentProvider } from './provider.ts';

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

export interface BookingRefund {
  /** Cents returned to the payer; 0 when the booking was never paid for (a seeded or free booking). */
  refunded: number;
  creditNote: InvoiceRow | null;
}

/**
 * Returns what was paid for a cancelled booking, inside the cancellation's transaction: the hotel
 * lines of the paid order that holds the booking, with their VAT at the order's rate (a
 * registration order also holds the pass, which stays paid). The refund goes through the provider
 * that took the payment, is recorded in `refunds` (unique per booking: a second attempt fails
 * instead of paying out twice) and is documented by a credit note cancelling those lines of the
 * order's invoice. The caller has locked the booking and checked it was confirmed.
 */
export async function refundCancelledBooking(
  tx: Db,
  providers: readonly PaymentProvider[],
  bookingId: string,
  now = new Date(),
): Promise<BookingRefund> {
  const none: BookingRefund = { refunded: 0, creditNote: null };
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.bookingId, bookingId), eq(orders.status, 'paid')))
    .limit(1);
  if (!order) return none;
  const lines = order.lines.filter((line) => line.kind === 'hotel');
  const net = lines.reduce((sum, line) => sum + line.net, 0);
  if (net <= 0) return none;
  const vat = vatOf(net, order.vatBasisPoints);
  const amount = Math.min(net + vat, order.gross);

  const { session, provider } = await paymentOf(tx, providers, order.id);

  const refund = await provider.refund({ sessionId: session.id, amount, idempotencyKey: `booking-refund-${bookingId}` });
  await tx.insert(refunds).values({
    orderId: order.id,
    bookingId,
    amount,
    provider: provider.name,
    providerRefundId: refund.id,
    createdAt: now,
  });

  const [invoice] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice')))
    // The newest: after a VAT correction, the invoice without VAT that replaced the first.
    .orderBy(desc(invoices.issuedAt))
    .limit(1);
  const creditNote = invoice ? await createCreditNote(tx, invoice, { lines, net, vat: amount - net }, now) : null;
  return { refunded: amount, creditNote };
}
