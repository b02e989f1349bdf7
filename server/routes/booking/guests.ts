import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bookingGuestBodySchema } from '#shared/contracts/account.ts';
import { type Booking, bookingSchema } from '#shared/contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { bookings, rooms } from '../../db/schema/index.ts';
import { HttpProblem, notFound } from '../../plugins/errors.ts';
import type { BookingRow } from '../../services/hotels/booking.ts';
import { authOf } from '../../types.ts';
import { ownBooking, toBookingDto } from './dto.ts';

export const GUEST_MESSAGES = {
  noSpace: 'This room has no space for another guest.',
} as const;

type Guests = BookingRow['guests'];

/**
 * Changes the guest list of one of the user's confirmed bookings. The booking row is locked, so
 * two additions at once cannot both take the last bed. Another user's booking, a booking that is
 * not confirmed, or ids that do not belong together are all "not found".
 */
async function changeGuests(
  tx: Db,
  userId: string,
  where: { bookingId: string; accommodationId?: number; roomId?: number },
  change: (guests: Guests, occupancy: number) => Guests,
): Promise<Booking> {
  const [row] = await tx
    .select({ booking: bookings, occupancy: rooms.occupancy })
    .from(bookings)
    .innerJoin(rooms, eq(rooms.id, bookings.roomId))
    .where(
      and(
        eq(bookings.id, where.bookingId),
        eq(bookings.userId, userId),
        eq(bookings.status, 'confirmed'),
        where.accommodationId === undefined ? undefined : eq(bookings.accommodationId, where.accommodationId),
        where.roomId === undefined ? undefined : eq(bookings.roomId, where.roomId),
      ),
    )
    .for('update', { of: bookings });
  if (!row) throw notFound('Booking');
  await tx
    .update(bookings)
    .set({ guests: change(row.booking.guests, row.occupancy) })
    .where(eq(bookings.id, row.booking.id));
  const named = await ownBooking(tx, userId, row.booking.id);
  if (!named) throw new Error(`booking ${row.booking.id} vanished`);
  return toBookingDto(named);
}

/** POST /api/booking/guest (docs/behaviour.md §7) and DELETE /api/booking/{id}/guest/{index}. */
export const bookingGuestRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/guest',
    {
      onRequest: app.authenticate,
      schema: { tags: ['booking'], body: bookingGuestBodySchema, response: { 200: bookingSchema } },
    },
    async (request): Promise<Booking> => {
      const { bookingId, accommodationId, roomId, guest } = request.body;
      return app.db.transaction((tx) =>
        changeGuests(tx, authOf(request).userId, { bookingId, accommodationId, roomId }, (guests, occupancy) => {
          // The booker sleeps in the room too: guests fill the remaining places.
          if (guests.length + 1 >= occupancy) throw new HttpProblem(409, GUEST_MESSAGES.noSpace);
          return [...guests, { firstName: guest.firstName, lastName: guest.lastName }];
        }),
      );
    },
  );

  app.delete(
    '/:id/guest/:index',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['booking'],
        params: z.object({ id: z.uuid(), index: z.coerce.number().int().min(0).max(99) }),
        response: { 200: bookingSchema },
      },
    },
    async (request): Promise<Booking> => {
      const { id, index } = request.params;
      return app.db.transaction((tx) =>
        changeGuests(tx, authOf(request).userId, { bookingId: id }, (guests) => {
          if (index >= guests.length) throw notFound('Guest');
          return guests.filter((_, i) => i !== index);
        }),
      );
    },
  );
};
