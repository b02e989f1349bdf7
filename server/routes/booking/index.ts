import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Booking, bookingSchema } from '../../../src/shared/contracts/index.ts';
import { accommodations, bookings, rooms } from '../../db/schema/index.ts';
import { authOf } from '../../types.ts';

export const bookingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  /** The user's bookings; `extended` adds accommodation and room names. */
  app.get(
    '/',
    {
      preHandler: app.authenticate,
      schema: {
        tags: ['booking'],
        querystring: z.object({ extended: z.enum(['true', 'false']).optional() }),
        response: { 200: z.array(bookingSchema) },
      },
    },
    async (request): Promise<Booking[]> => {
      const rows = await db
        .select({ booking: bookings, accommodationName: accommodations.name, roomName: rooms.name })
        .from(bookings)
        .innerJoin(accommodations, eq(accommodations.id, bookings.accommodationId))
        .innerJoin(rooms, eq(rooms.id, bookings.roomId))
        .where(eq(bookings.userId, authOf(request).userId))
        .orderBy(desc(bookings.createdAt));
      const extended = request.query.extended === 'true';
      return rows.map(({ booking: b, accommodationName, roomName }) => ({
        id: b.id,
        accommodationId: b.accommodationId,
        roomId: b.roomId,
        start: b.start,
        end: b.end,
        status: b.status,
        guests: b.guests,
        price: b.priceCents,
        createdAt: b.createdAt.toISOString(),
        ...(extended ? { accommodationName, roomName } : {}),
      }));
    },
  );
};
