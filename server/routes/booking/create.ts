import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type BookingOrder, bookingCreateBodySchema, bookingOrderSchema } from '#shared/contracts/account.ts';
import type { HotelChoice } from '#shared/contracts/registration.ts';
import { VENDOR_TAG_ID } from '#shared/messages.ts';
import { addDays, stayProblem } from '#shared/stay.ts';
import { publicUrl } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { lockUser } from '../../db/locking.ts';
import { bookings, passes, users } from '../../db/schema/index.ts';
import { fieldProblem, HttpProblem } from '../../plugins/errors.ts';
import {
  type BookingRow,
  bookableNights,
  bookRoom,
  lockRooms,
  releaseHold,
  secureBooking,
} from '../../services/hotels/booking.ts';
import { completeIfFree, loadOrderDto, sendOrderConfirmation } from '../../services/orders/order-completion.ts';
import { hotelOrderLine, openOrderOf, placeOpenOrder } from '../../services/orders/order-pricing.ts';
import { authOf } from '../../types.ts';
import { ownBooking, toBookingDto } from './dto.ts';

export const BOOKING_MESSAGES = {
  notAllowed: 'Hotel rooms can be booked once your pass is approved.',
  roomNotFound: 'Room not found.',
} as const;

const INT_MAX = 2 ** 31 - 1;

/** Attendees with an approved pass and vendors (who may enter without one, docs/behaviour.md §6) book rooms. */
async function assertMayBook(tx: Db, userId: string): Promise<void> {
  const [row] = await tx
    .select({ tagIds: users.tagIds, passStatus: passes.status })
    .from(users)
    .leftJoin(passes, eq(passes.userId, users.id))
    .where(eq(users.id, userId));
  if (row?.passStatus === 'approved' || row?.tagIds.includes(VENDOR_TAG_ID)) return;
  throw new HttpProblem(403, BOOKING_MESSAGES.notAllowed);
}

/** Stays outside the nights the room is offered for are a mistake in the request, not a sold-out room. */
async function assertBookableNights(tx: Db, choice: HotelChoice): Promise<void> {
  const nights = await bookableNights(tx, choice.roomId);
  if (!nights) return; // bookRoom answers for a room without any nights
  const lastCheckOut = addDays(nights.last, 1);
  if (choice.start >= nights.first && choice.end <= lastCheckOut) return;
  const values = { first: nights.first, last: lastCheckOut };
  throw fieldProblem(choice.start < nights.first ? 'start' : 'end', { key: 'booking.stayWindow', values });
}

const sameStay = (booking: BookingRow, choice: HotelChoice) =>
  booking.accommodationId === choice.accommodationId &&
  booking.roomId === choice.roomId &&
  booking.start === choice.start &&
  booking.end === choice.end;

/**
 * Holds the room and prices the hotel order, in one transaction behind the user's lock. A user has
 * one unpaid hotel order: asking again for the same stay renews its hold and answers the same
 * order; another stay releases the old hold (both rooms locked first, in booking.ts's order) and
 * re-prices the order for the new one, so an abandoned payment never keeps two rooms.
 */
async function placeHotelOrder(tx: Db, userId: string, choice: HotelChoice) {
  await lockUser(tx, userId);
  await assertMayBook(tx, userId);
  await assertBookableNights(tx, choice);

  const [open] = await openOrderOf(tx, userId, 'hotel');
  const [previous] = open?.bookingId ? await tx.select().from(bookings).where(eq(bookings.id, open.bookingId)) : [];
  let booking: BookingRow;
  if (previous && sameStay(previous, choice)) booking = await secureBooking(tx, previous.id, 'held');
  else {
    if (previous) {
      await lockRooms(tx, [previous.roomId, choice.roomId]);
      await releaseHold(tx, previous.id);
    }
    booking = await bookRoom(tx, { ...choice, userId, status: 'held' });
  }
  const order = await placeOpenOrder(tx, {
    userId,
    kind: 'hotel',
    subject: null,
    lines: [await hotelOrderLine(tx, booking)],
    bookingId: booking.id,
  });
  const completed = await completeIfFree(tx, order);
  const named = await ownBooking(tx, userId, booking.id);
  if (!named) throw new Error(`booking ${booking.id} vanished`);
  const answer: BookingOrder = {
    booking: toBookingDto(named),
    order: await loadOrderDto(tx, completed?.order ?? order),
  };
  return { answer, completed };
}

/**
 * POST /api/booking: a room booked in the app. Holds it atomically (no overbooking: 409 when some
 * night is sold out) and answers the hotel order, paid through POST /api/payment/session; the
 * payment confirms the booking, an unpaid hold expires after 30 minutes as in the registration.
 */
export const bookingCreateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      onRequest: app.authenticate,
      schema: { tags: ['booking'], body: bookingCreateBodySchema, response: { 201: bookingOrderSchema } },
    },
    async (request, reply) => {
      const choice = request.body;
      const problem = stayProblem(choice.start, choice.end);
      if (problem) throw fieldProblem(problem.path, { validation: problem });
      // Larger ids cannot exist (integer columns) and would make PostgreSQL fail instead of answering.
      if (choice.accommodationId > INT_MAX || choice.roomId > INT_MAX) throw new HttpProblem(404, BOOKING_MESSAGES.roomNotFound);
      const userId = authOf(request).userId;
      const { answer, completed } = await app.db.transaction((tx) => placeHotelOrder(tx, userId, choice));
      if (completed) await sendOrderConfirmation(app, completed, publicUrl(app.config), request.log);
      return reply.code(201).send(answer);
    },
  );
};
