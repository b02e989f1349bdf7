import { randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Order } from '#shared/contracts/registration.ts';
import { vatBreakdownOf } from '#shared/pricing.ts';
import type { Db } from '../../db/client.ts';
import {
  accommodations,
  bookings,
  invoices,
  orders,
  passes,
  passTypes,
  rooms,
  trainTickets,
  trainTicketTypes,
  users,
} from '../../db/schema/index.ts';
import { secureBooking } from '../hotels/booking.ts';
import { createInvoice } from '../invoices/invoices.ts';
import { revokeCurrentBarcode } from '../passes/pass-barcodes.ts';
import type { CompletedOrder, OrderRow, PassStatus } from './completed-order.ts';
import { type OrderMailing, orderConfirmationWithInvoice } from './order-mail.ts';

/** The order schema knows pending and approved; anything else has not been approved. */
export const passStatusOf = (status: string): PassStatus => (status === 'approved' ? 'approved' : 'pending');

/** Unambiguous letters and digits (no 0/O, 1/I/L) for codes read aloud or typed at a ticket machine. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const TICKET_CODE_PREFIX = 'DB-EVT-26-';

function ticketCode(): string {
  let code = TICKET_CODE_PREFIX;
  for (let i = 0; i < 8; i++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return code;
}

/** A code no ticket has yet (31^8 codes make a clash unlikely; the check makes it impossible here). */
async function uniqueTicketCode(tx: Db): Promise<string> {
  for (;;) {
    const code = ticketCode();
    const [taken] = await tx.select({ id: trainTickets.id }).from(trainTickets).where(eq(trainTickets.code, code)).limit(1);
    if (!taken) return code;
  }
}

/** Confirms the held room (409 if it was released and is gone, which rolls the whole completion back). */
async function confirmHotel(tx: Db, bookingId: string, now: Date): Promise<NonNullable<CompletedOrder['hotel']>> {
  const booking = await secureBooking(tx, bookingId, 'confirmed', now);
  const [names] = await tx
    .select({ name: accommodations.name, roomName: rooms.name })
    .from(bookings)
    .innerJoin(rooms, eq(rooms.id, bookings.roomId))
    .innerJoin(accommodations, eq(accommodations.id, bookings.accommodationId))
    .where(eq(bookings.id, booking.id));
  return { name: names?.name ?? '', roomName: names?.roomName ?? '', start: booking.start, end: booking.end };
}

async function lockedPassOf(tx: Db, userId: string) {
  const [row] = await tx
    .select({ pass: passes, type: passTypes })
    .from(passes)
    .innerJoin(passTypes, eq(passTypes.id, passes.passTypeId))
    .where(eq(passes.userId, userId))
    .for('update', { of: passes });
  return row ?? null;
}

/** A paid pass is approved by its payment; free and voucher passes keep their own approval path. */
async function approvePaidPass(tx: Db, order: OrderRow, outcome: 'paid' | 'free', now: Date): Promise<void> {
  const row = await lockedPassOf(tx, order.userId);
  if (!row) throw new Error(`order ${order.id} has no pass`);
  if (outcome === 'paid' && row.type.priceCents > 0 && row.pass.status === 'pending') {
    await tx.update(passes).set({ status: 'approved', approvedAt: now }).where(eq(passes.id, row.pass.id));
  }
}

/**
 * Gives the user the pass type the upgrade order bought: the pass changes type and its barcode is
 * revoked (the next barcode request issues one with the new type); a user without a pass (a vendor)
 * gets an approved pass of that type.
 */
async function deliverUpgrade(tx: Db, order: OrderRow, now: Date): Promise<NonNullable<CompletedOrder['upgrade']>> {
  const subject = order.subject;
  if (!subject || !('passTypeId' in subject)) throw new Error(`upgrade order ${order.id} has no pass type`);
  const [bought] = await tx.select().from(passTypes).where(eq(passTypes.id, subject.passTypeId));
  if (!bought) throw new Error(`pass type ${subject.passTypeId} of order ${order.id} is missing`);
  // An upgrade type is what one pays for; the holder gets the pass it leads to.
  const [target] = bought.upgradesTo ? await tx.select().from(passTypes).where(eq(passTypes.id, bought.upgradesTo)) : [bought];
  if (!target) throw new Error(`pass type ${bought.upgradesTo} (upgrade of order ${order.id}) is missing`);
  const own = await lockedPassOf(tx, order.userId);
  if (!own) {
    await tx.insert(passes).values({ userId: order.userId, passTypeId: target.id, status: 'approved', approvedAt: now });
    return { from: null, to: target.name };
  }
  await tx
    .update(passes)
    .set({
      passTypeId: target.id,
      // Paid for: a pass still pending (it became so after the order was placed) is approved like a paid registration.
      ...(own.pass.status === 'pending' ? { status: 'approved' as const, approvedAt: now } : {}),
    })
    .where(eq(passes.id, own.pass.id));
  await revokeCurrentBarcode(tx, own.pass.id, 'upgraded', now);
  return { from: own.type.name, to: target.name };
}

async function issueTrainTicket(tx: Db, order: OrderRow, now: Date): Promise<NonNullable<CompletedOrder['trainTicket']>> {
  const subject = order.subject;
  if (!subject || !('trainTicketTypeId' in subject)) throw new Error(`train-ticket order ${order.id} has no ticket type`);
  const [type] = await tx.select().from(trainTicketTypes).where(eq(trainTicketTypes.id, subject.trainTicketTypeId));
  if (!type) throw new Error(`train ticket type ${subject.trainTicketTypeId} of order ${order.id} is missing`);
  const code = await uniqueTicketCode(tx);
  await tx.insert(trainTickets).values({ userId: order.userId, typeId: type.id, code, createdAt: now });
  return { name: type.name, code };
}

/**
 * Completes an open order inside the caller's transaction, exactly once: the guarded status update
 * lets only one caller through, every later call gets null. Then delivers what the order's kind
 * bought: the registration (held room confirmed, paid pass approved), an upgrade (pass type changed,
 * old barcode revoked), a hotel booking (held room confirmed) or a train ticket. A paid order gets
 * its invoice (free orders need none).
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
  let upgrade: CompletedOrder['upgrade'] = null;
  let trainTicket: CompletedOrder['trainTicket'] = null;
  switch (order.kind) {
    case 'registration':
      if (order.bookingId) hotel = await confirmHotel(tx, order.bookingId, now);
      await approvePaidPass(tx, order, outcome, now);
      break;
    case 'hotel':
      if (!order.bookingId) throw new Error(`hotel order ${order.id} has no booking`);
      hotel = await confirmHotel(tx, order.bookingId, now);
      break;
    case 'upgrade':
      upgrade = await deliverUpgrade(tx, order, now);
      break;
    case 'train-ticket':
      trainTicket = await issueTrainTicket(tx, order, now);
      break;
  }

  const [row] = await tx
    .select({ user: users, status: passes.status, typeName: passTypes.name })
    .from(users)
    .leftJoin(passes, eq(passes.userId, users.id))
    .leftJoin(passTypes, eq(passTypes.id, passes.passTypeId))
    .where(eq(users.id, order.userId));
  if (!row) throw new Error(`user of order ${order.id} is missing`);
  const invoice = outcome === 'paid' && order.gross > 0 ? await createInvoice(tx, order, now) : null;
  return {
    order,
    user: { email: row.user.email, firstName: row.user.firstName, language: row.user.language },
    pass: row.status && row.typeName ? { name: row.typeName, status: passStatusOf(row.status) } : null,
    hotel,
    upgrade,
    trainTicket,
    invoice,
  };
}

/** An order with nothing to pay is complete at once, without a payment or an invoice; null when it costs something. */
export async function completeIfFree(tx: Db, order: OrderRow): Promise<CompletedOrder | null> {
  if (order.gross !== 0 || order.status !== 'open') return null;
  const completed = await completeOrderInTx(tx, order.id, 'free');
  if (!completed) throw new Error(`order ${order.id} was not open`);
  return completed;
}

/**
 * The order stays complete when the mail fails: log it rather than fail the payment's answer. The
 * invoice goes with it as its hybrid PDF (order-mail.ts).
 */
export async function sendOrderConfirmation(
  app: OrderMailing,
  completed: CompletedOrder,
  baseUrl: string,
  log: FastifyBaseLogger,
) {
  try {
    await app.mailer.send(await orderConfirmationWithInvoice(app, completed, baseUrl, log));
  } catch (error) {
    log.error({ err: error, orderId: completed.order.id }, 'order confirmation mail failed');
  }
}

/** The order as the checkout, the purchases and the payment status answer it (orderSchema). */
export function toOrderDto(order: OrderRow, passStatus: PassStatus, invoiceNumber: string | null): Order {
  return {
    id: order.id,
    kind: order.kind,
    status: order.status,
    lines: order.lines,
    net: order.net,
    vatBreakdown: vatBreakdownOf(order.lines),
    vat: order.vat,
    gross: order.gross,
    passStatus,
    invoiceNumber,
  };
}

/** Looks up the pass status and invoice number that belong with an order. */
export async function loadOrderDto(db: Db, order: OrderRow): Promise<Order> {
  const [pass] = await db.select({ status: passes.status }).from(passes).where(eq(passes.userId, order.userId));
  // The newest: an old VAT correction (before migration 0020) replaced the order's first invoice.
  const [invoice] = await db
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'invoice')))
    .orderBy(desc(invoices.issuedAt))
    .limit(1);
  return toOrderDto(order, passStatusOf(pass?.status ?? 'pending'), invoice?.number ?? null);
}
