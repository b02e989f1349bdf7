import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ACCOMMODATION_DEFAULTS,
  type Accommodation,
  accommodationSchema,
  type Room,
  roomAvailabilitySchema,
  roomSchema,
} from '#shared/contracts/registration.ts';
import { stayProblem } from '#shared/stay.ts';
import { notFound } from '../../plugins/errors.ts';
import { accommodationsForStay, availabilityOf, roomsForStay } from './queries.ts';

const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

type Bookable = 'true' | 'false' | 'null' | '';
type Order = 'priceLowHigh' | 'priceHighLow';

/** The search params (docs/behaviour.md §7) with their defaults (§9); currentStays is accepted for compatibility and not used. */
const stayQuery = {
  start: z.string().max(10).default(ACCOMMODATION_DEFAULTS.start),
  end: z.string().max(10).default(ACCOMMODATION_DEFAULTS.end),
  roomOccupancy: z.coerce.number().int().min(1).max(20).default(ACCOMMODATION_DEFAULTS.roomOccupancy),
  currentStays: z.coerce.number().int().min(0).max(366).optional(),
  order: z.enum(['priceLowHigh', 'priceHighLow']).default(ACCOMMODATION_DEFAULTS.order),
};

/** Dates must be real, check-out after check-in, at most 14 nights: a 400 naming the field otherwise. */
function validStay(query: { start: string; end: string }, ctx: z.RefinementCtx) {
  const problem = stayProblem(query.start, query.end);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.key, params: problem.values });
}

const listQuery = z
  .object({ ...stayQuery, roomIsBookable: z.enum(['true', 'false', 'null', '']).default('true') })
  .superRefine(validStay);

/** GET /api/accommodation/{id}/ is read with roomActive=true&roomInternal=false (docs/behaviour.md §7). */
const oneQuery = z
  .object({
    ...stayQuery,
    roomIsBookable: z.enum(['true', 'false', 'null', '']).default('null'),
    roomActive: z.enum(['true', 'false']).default('true'),
    roomInternal: z.literal('false', { error: 'Internal rooms are not public.' }).optional(),
  })
  .superRefine(validStay);

const roomQuery = z.object({ start: stayQuery.start, end: stayQuery.end }).superRefine(validStay);

/** 'true': at least one room can be booked; 'false': none can; 'null' (or empty): everything. */
function matchesBookable(bookable: Bookable, canBook: boolean): boolean {
  if (bookable === 'true') return canBook;
  if (bookable === 'false') return !canBook;
  return true;
}

const byPrice = (order: Order) => (a: number | null, b: number | null) => {
  if (a === b) return 0;
  if (a === null) return 1; // nothing bookable: always last
  if (b === null) return -1;
  return order === 'priceLowHigh' ? a - b : b - a;
};

function sortRooms(list: Room[], order: Order): Room[] {
  const compare = byPrice(order);
  return [...list].sort((a, b) => compare(a.price, b.price) || a.id - b.id);
}

/** Public hotel search (docs/behaviour.md §7, §9): no sign-in, rooms that are active and not internal. */
export const accommodationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['accommodation'];

  app.get(
    '/',
    { schema: { tags, querystring: listQuery, response: { 200: z.array(accommodationSchema) } } },
    async (request): Promise<Accommodation[]> => {
      const q = request.query;
      const list = await accommodationsForStay(db, {
        start: q.start,
        end: q.end,
        occupancy: q.roomOccupancy,
        includeInactive: false,
      });
      const compare = byPrice(q.order);
      return list
        .filter((hotel) => matchesBookable(q.roomIsBookable, hotel.priceFrom !== null))
        .map((hotel) => ({ ...hotel, rooms: sortRooms(hotel.rooms, q.order) }))
        .sort((a, b) => compare(a.priceFrom, b.priceFrom) || a.id - b.id);
    },
  );

  app.get(
    '/:id',
    { schema: { tags, params: z.object({ id }), querystring: oneQuery, response: { 200: accommodationSchema } } },
    async (request): Promise<Accommodation> => {
      const q = request.query;
      const [hotel] = await accommodationsForStay(db, {
        start: q.start,
        end: q.end,
        occupancy: q.roomOccupancy,
        accommodationId: request.params.id,
        includeInactive: q.roomActive === 'false',
      });
      if (!hotel) throw notFound('Accommodation');
      const rooms = hotel.rooms.filter((room) => matchesBookable(q.roomIsBookable, room.available > 0));
      return { ...hotel, rooms: sortRooms(rooms, q.order) };
    },
  );

  app.get(
    '/:id/room/:roomId',
    {
      schema: { tags, params: z.object({ id, roomId: id }), querystring: roomQuery, response: { 200: roomSchema } },
    },
    async (request): Promise<Room> => {
      const [room] = await roomsForStay(db, {
        start: request.query.start,
        end: request.query.end,
        occupancy: 1,
        accommodationId: request.params.id,
        roomId: request.params.roomId,
        includeInactive: true,
      });
      if (!room) throw notFound('Room');
      return room;
    },
  );

  app.get(
    '/:id/room/:roomId/availability/:availabilityId',
    {
      schema: {
        tags,
        params: z.object({ id, roomId: id, availabilityId: id }),
        response: { 200: roomAvailabilitySchema },
      },
    },
    async (request) => {
      const { id: accommodationId, roomId, availabilityId } = request.params;
      const availability = await availabilityOf(db, { accommodationId, roomId, availabilityId });
      if (!availability) throw notFound('Availability');
      return availability;
    },
  );
};
