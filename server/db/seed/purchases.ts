import { eq } from 'drizzle-orm';
import { bookRoom } from '../../services/hotels/booking.ts';
import { completeOrderInTx } from '../../services/orders/order-completion.ts';
import { hotelOrderLine, placeOpenOrder, singleLine } from '../../services/orders/order-pricing.ts';
import { SandboxPaymentProvider } from '../../services/payments/sandbox.ts';
import type { Db } from '../client.ts';
import { lockUser } from '../locking.ts';
import { bookings, orders, paymentSessions, trainTickets, trainTicketTypes } from '../schema/index.ts';

/**
 * The demo users' purchases, made the way a user makes them in the app: the room is held by
 * bookRoom (which counts its nights), the order priced by placeOpenOrder (each line by the tax rules),
 * paid through a sandbox payment session and completed by completeOrderInTx, which confirms the
 * booking or issues the ticket and writes the invoice. So every seeded purchase has its order,
 * payment and invoice, and cancelling a seeded booking refunds it like any other.
 */

const MINUTE_MS = 60_000;

export interface SeededStay {
  accommodationId: number;
  roomId: number;
  start: string;
  end: string;
  guests: { firstName: string; lastName: string }[];
}

/** The payer pressed "Pay" on the sandbox page a few minutes after the order was placed. */
async function payWithSandbox(tx: Db, order: typeof orders.$inferSelect, placedAt: Date, redirect: string): Promise<Date> {
  const paidAt = new Date(placedAt.getTime() + 4 * MINUTE_MS);
  const description = order.lines.map((line) => line.description).join(' · ');
  const session = await new SandboxPaymentProvider(tx).createSession({
    orderId: order.id,
    amount: order.gross,
    redirectSuccess: redirect,
    redirectCancel: redirect,
    description,
  });
  await tx.insert(paymentSessions).values({
    id: session.id,
    orderId: order.id,
    provider: 'sandbox',
    amount: order.gross,
    status: 'succeeded',
    redirectSuccess: redirect,
    redirectCancel: redirect,
    createdAt: placedAt,
    completedAt: paidAt,
  });
  // The order was placed when the user booked, not when the seed ran.
  await tx.update(orders).set({ createdAt: placedAt }).where(eq(orders.id, order.id));
  const completed = await completeOrderInTx(tx, order.id, 'paid', paidAt);
  if (!completed) throw new Error(`seeded order ${order.id} was not open`);
  return paidAt;
}

/** A hotel booking bought in the app (POST /api/booking, then paid), with the guests added afterwards. */
export async function seedHotelPurchase(tx: Db, userId: string, stay: SeededStay, bookedAt: Date): Promise<void> {
  await lockUser(tx, userId);
  const booking = await bookRoom(tx, { userId, ...stay, status: 'held' }, bookedAt);
  const order = await placeOpenOrder(tx, {
    userId,
    kind: 'hotel',
    subject: null,
    lines: [await hotelOrderLine(tx, booking)],
    bookingId: booking.id,
  });
  if (order.gross === 0) throw new Error('seeded hotel booking costs nothing');
  await payWithSandbox(tx, order, bookedAt, '/accommodation');
  if (stay.guests.length) await tx.update(bookings).set({ guests: stay.guests }).where(eq(bookings.id, booking.id));
}

/**
 * A train ticket bought in the app (POST /api/train-ticket, then paid). The completion issues a
 * random code; the demo keeps its documented one so the guide and tests can name it.
 */
export async function seedTrainTicketPurchase(
  tx: Db,
  userId: string,
  ticket: { typeId: number; code: string },
  boughtAt: Date,
): Promise<void> {
  await lockUser(tx, userId);
  const [type] = await tx.select().from(trainTicketTypes).where(eq(trainTicketTypes.id, ticket.typeId));
  if (!type) throw new Error(`train ticket type ${ticket.typeId} is missing`);
  const order = await placeOpenOrder(tx, {
    userId,
    kind: 'train-ticket',
    subject: { trainTicketTypeId: type.id },
    lines: [singleLine('train-ticket', type.name, type.priceCents)],
  });
  const paidAt = await payWithSandbox(tx, order, boughtAt, '/train-ticket');
  await tx.update(trainTickets).set({ code: ticket.code, createdAt: paidAt }).where(eq(trainTickets.userId, userId));
}
