import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutBodySchema, type HotelChoice, type Order, orderSchema } from '#shared/contracts/registration.ts';
import { totalsOf } from '#shared/pricing.ts';
import { stayProblem } from '#shared/stay.ts';
import { publicUrl } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { lockUser } from '../../db/locking.ts';
import { bookings, orders, passes, passTypes } from '../../db/schema/index.ts';
import { fieldProblem, HttpProblem } from '../../plugins/errors.ts';
import { assertConfirmed } from '../../services/accounts/confirmed-account.ts';
import { type BookingRow, bookRoom, lockRooms, releaseHold, secureBooking } from '../../services/hotels/booking.ts';
import type { CompletedOrder } from '../../services/orders/completed-order.ts';
import {
  completeOrderInTx,
  loadOrderDto,
  passStatusOf,
  sendOrderConfirmation,
  toOrderDto,
} from '../../services/orders/order-completion.ts';
import { hotelOrderLine, singleLine } from '../../services/orders/order-pricing.ts';
import { authOf } from '../../types.ts';

export const CHECKOUT_MESSAGES = {
  noPass: 'Please choose a pass before checking out.',
  passClosed: 'This pass can no longer be checked out.',
  alreadyCheckedOut: 'Your registration is already checked out.',
} as const;

const INT_MAX = 2 ** 31 - 1;

/** Same room and dates as the booking (a cancelled booking no longer holds anything). */
function sameStay(booking: BookingRow | null, hotel: HotelChoice | null): boolean {
  if (!booking || booking.status === 'cancelled') return hotel === null;
  return (
    hotel !== null &&
    booking.accommodationId === hotel.accommodationId &&
    booking.roomId === hotel.roomId &&
    booking.start === hotel.start &&
    booking.end === hotel.end
  );
}

/** Keeps, renews, swaps or drops the room held for an open order, so a user never holds two. */
async function holdRoom(tx: Db, userId: string, previous: BookingRow | null, hotel: HotelChoice | null) {
  if (previous && hotel && sameStay(previous, hotel)) return secureBooking(tx, previous.id, 'held');
  // Swapping rooms: both locked at once, in booking.ts's order, before either is touched.
  if (previous && hotel) await lockRooms(tx, [previous.roomId, hotel.roomId]);
  if (previous) await releaseHold(tx, previous.id);
  return hotel ? bookRoom(tx, { ...hotel, userId, status: 'held' }) : null;
}

/**
 * One transaction per checkout. The user is locked first (the per-user lock, see lockUser), so a
 * double submit waits and then finds the first one's open order: it updates that order instead of
 * booking twice.
 */
async function checkout(
  tx: Db,
  userId: string,
  hotel: HotelChoice | null,
  place: boolean,
): Promise<{ order: Order; completed: CompletedOrder | null }> {
  await lockUser(tx, userId);
  const [own] = await tx
    .select({ pass: passes, type: passTypes })
    .from(passes)
    .innerJoin(passTypes, eq(passTypes.id, passes.passTypeId))
    .where(eq(passes.userId, userId))
    .for('update', { of: passes });
  if (!own) throw new HttpProblem(409, CHECKOUT_MESSAGES.noPass);
  if (own.pass.status !== 'pending' && own.pass.status !== 'approved') throw new HttpProblem(409, CHECKOUT_MESSAGES.passClosed);

  // Only the registration order: upgrades, rooms and tickets bought later in the app are orders of their own.
  const [latest] = await tx
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.kind, 'registration')))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  const [previous] = latest?.bookingId ? await tx.select().from(bookings).where(eq(bookings.id, latest.bookingId)) : [];
  if (latest && latest.status !== 'open') {
    // Done already: asking again for the same thing answers the same order; anything else is a conflict.
    if (sameStay(previous ?? null, hotel)) return { order: await loadOrderDto(tx, latest), completed: null };
    throw new HttpProblem(409, CHECKOUT_MESSAGES.alreadyCheckedOut);
  }

  const booking = await holdRoom(tx, userId, previous ?? null, hotel);
  // Each line taxed by its kind (tax rules), whoever buys: the same lines and totals the checkout page prices.
  const lines = [singleLine('pass', own.type.name, own.type.priceCents)];
  if (booking) lines.push(await hotelOrderLine(tx, booking));
  const priced = totalsOf(lines);
  const values = {
    lines: priced.lines,
    net: priced.net,
    vat: priced.vat,
    gross: priced.gross,
    bookingId: booking?.id ?? null,
  };
  const [order] = latest
    ? await tx.update(orders).set(values).where(eq(orders.id, latest.id)).returning()
    : await tx
        .insert(orders)
        .values({ ...values, userId })
        .returning();
  if (!order) throw new Error('order write returned nothing');

  // Nothing to pay: the registration is complete once the visitor places it, without a payment or an invoice.
  if (priced.gross === 0 && place) {
    const completed = await completeOrderInTx(tx, order.id, 'free');
    if (!completed) throw new Error(`order ${order.id} was not open`);
    return { order: toOrderDto(completed.order, completed.pass?.status ?? 'pending', null), completed };
  }
  return { order: toOrderDto(order, passStatusOf(own.pass.status), null), completed: null };
}

/**
 * POST /api/registration/checkout (docs/behaviour.md §7): holds the hotel room and prices the order, placing a free one
 * when asked.
 */
export const checkoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/checkout',
    {
      onRequest: app.authenticateRegistration,
      schema: { tags: ['registration'], body: checkoutBodySchema, response: { 200: orderSchema } },
    },
    async (request): Promise<Order> => {
      const { hotel, place = false } = request.body;
      if (hotel) {
        const problem = stayProblem(hotel.start, hotel.end);
        if (problem) throw fieldProblem(`hotel.${problem.path}`, { validation: problem });
        // Larger ids cannot exist (integer columns) and would make PostgreSQL fail instead of answering.
        if (hotel.accommodationId > INT_MAX || hotel.roomId > INT_MAX) throw new HttpProblem(404, 'Room not found.');
      }
      const userId = authOf(request).userId;
      // No room is held for an unconfirmed registration.
      await assertConfirmed(app.db, userId);
      const { order, completed } = await app.db.transaction((tx) => checkout(tx, userId, hotel, place));
      if (completed) await sendOrderConfirmation(app, completed, publicUrl(app.config), request.log);
      return order;
    },
  );
};
