import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Order } from '../../src/shared/contracts/registration.ts';
import type { Db } from '../db/client.ts';
import { accommodations, bookings, invoices, orders, passes, passTypes, rooms, users } from '../db/schema/index.ts';
import { secureBooking } from './booking.ts';
import { createInvoice, type InvoiceRow } from './invoices.ts';
import type { Mailer } from './mail.ts';
import { orderConfirmationMail } from './order-mail.ts';

export type OrderRow = typeof orders.$inferSelect;
export type PassStatus = 'pending' | 'approved';

/** What the completion did, for the answer and the confirmation mail. */
export interface CompletedOrder {
  order: OrderRow;
  user: { email: string; firstName: string };
  pass: { name: string; status: PassStatus };
  hotel: { name: string; roomName: string; start: string; end: string } | null;
  invoice: InvoiceRow | null;
}

/**
 * The per-user lock: every transaction that changes a user's order (checkout, payment session,
 * completion) locks the user's pass row first, so one user's transactions run one after another.
 * Across users only rooms and bookings are shared, locked by booking.ts's rule (rooms in id order
 * first, then booking rows), so they cannot deadlock either.
 */
export async function lockUser(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: passes.id }).from(passes).where(eq(passes.userId, userId)).for('update');
}

/** The order schema knows pending and approved; anything else has not been approved. */
export const passStatusOf = (status: string): PassStatus => (status === 'approved' ? 'approved' : 'pending');

/**
 * Completes an open order inside the caller's transaction, exactly once: the guarded status update
 * lets only one caller through, every later call gets null. Confirms the held room (409 if it was
 * released and is gone, which rolls the whole completion back), approves a paid pass, and issues
 * the invoice of a paid order (free orders need none).
 */
export async function completeOrderInTx(
  tx: Db,
  orderId: string,
  outcome: 'paid' | 'free',
  now = new Date(),
): Promise<CompletedOrder | null> {
  const [order] = await tx
    .update(orders)
    .set({ status: outcome, paidAt: now })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'open')))
    .returning();
  if (!order) return null;

  let hotel: CompletedOrder['hotel'] = null;
  if (order.bookingId) {
    const booking = await secureBooking(tx, order.bookingId, 'confirmed', now);
    const [names] = await tx
      .select({ name: accommodations.name, roomName: rooms.name })
      .from(bookings)
      .innerJoin(rooms, eq(rooms.id, bookings.roomId))
      .innerJoin(accommodations, eq(accommodations.id, bookings.accommodationId))
      .where(eq(bookings.id, booking.id));
    hotel = { name: names?.name ?? '', roomName: names?.roomName ?? '', start: booking.start, end: booking.end };
  }

  const [row] = await tx
    .select({ pass: passes, type: passTypes, user: users })
    .from(passes)
    .innerJoin(passTypes, eq(passTypes.id, passes.passTypeId))
    .innerJoin(users, eq(users.id, passes.userId))
    .where(eq(passes.userId, order.userId))
    .for('update', { of: passes });
  if (!row) throw new Error(`order ${order.id} has no pass`);
  let status = row.pass.status;
  // A paid pass is approved by its payment; free and voucher passes keep their own approval path.
  if (outcome === 'paid' && row.type.priceCents > 0 && status === 'pending') {
    await tx.update(passes).set({ status: 'approved', approvedAt: now }).where(eq(passes.id, row.pass.id));
    status = 'approved';
  }

  const invoice = outcome === 'paid' && order.gross > 0 ? await createInvoice(tx, order, now) : null;
  return {
    order,
    user: { email: row.user.email, firstName: row.user.firstName },
    pass: { name: row.type.name, status: passStatusOf(status) },
    hotel,
    invoice,
  };
}

/** The order stays complete when the mail fails: log it rather than fail the payment's answer. */
export async function sendOrderConfirmation(mailer: Mailer, completed: CompletedOrder, baseUrl: string, log: FastifyBaseLogger) {
  try {
    await mailer.send(orderConfirmationMail(completed, baseUrl));
  } catch (error) {
    log.error({ err: error, orderId: completed.order.id }, 'order confirmation mail failed');
  }
}

/** The order as the checkout and the payment status answer it (orderSchema). */
export function toOrderDto(order: OrderRow, passStatus: PassStatus, invoiceNumber: string | null): Order {
  return {
    id: order.id,
    kind: order.kind,
    status: order.status,
    lines: order.lines,
    net: order.net,
    vatRate: order.vatBasisPoints / 10_000,
    vat: order.vat,
    gross: order.gross,
    reverseCharge: order.reverseCharge,
    passStatus,
    invoiceNumber,
  };
}

/** Looks up the pass status and invoice number that belong with an order. */
export async function loadOrderDto(db: Db, order: OrderRow): Promise<Order> {
  const [pass] = await db.select({ status: passes.status }).from(passes).where(eq(passes.userId, order.userId));
  const [invoice] = await db.select({ number: invoices.number }).from(invoices).where(eq(invoices.orderId, order.id));
  return toOrderDto(order, passStatusOf(pass?.status ?? 'pending'), invoice?.number ?? null);
}
