import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { Accommodation, Room, RoomAvailability } from '#shared/contracts/registration.ts';
import { nightCount } from '#shared/stay.ts';
import type { Db } from '../../db/client.ts';
import { accommodations, bookings, roomAvailabilities, rooms } from '../../db/schema/index.ts';
import { holdCutoff } from '../../services/hotels/booking.ts';

/** docs/behaviour.md §3/§9: these badges mean the hotel is served by the conference shuttle. */
export const SHUTTLE_BADGE_IDS = new Set([28, 30, 31]);

export interface StayFilter {
  start: string;
  end: string;
  /** Only rooms for at least this many people. */
  occupancy: number;
  accommodationId?: number;
  roomId?: number;
  /** Inactive rooms are listed only when asked for (they are never bookable). */
  includeInactive: boolean;
}

/**
 * Expired holds still count in `booked` until the next booking of their room releases them; the
 * figures shown add them back so they match what a booking would find.
 */
function expiredHoldsPerNight(db: Db, start: string, end: string, now: Date) {
  return db
    .select({ availabilityId: roomAvailabilities.id, expired: sql<number>`count(*)::int`.as('expired') })
    .from(bookings)
    .innerJoin(
      roomAvailabilities,
      and(
        eq(roomAvailabilities.roomId, bookings.roomId),
        gte(roomAvailabilities.night, bookings.start),
        lt(roomAvailabilities.night, bookings.end),
      ),
    )
    .where(
      and(
        eq(bookings.status, 'held'),
        lt(bookings.createdAt, holdCutoff(now)),
        gte(roomAvailabilities.night, start),
        lt(roomAvailabilities.night, end),
      ),
    )
    .groupBy(roomAvailabilities.id)
    .as('expired_holds');
}

/** Rooms matching the filter with their availability over the stay, in one query (no per-room calls). */
export async function roomsForStay(db: Db, filter: StayFilter, now = new Date()): Promise<Room[]> {
  const expired = expiredHoldsPerNight(db, filter.start, filter.end, now);
  const stats = db
    .select({
      roomId: roomAvailabilities.roomId,
      ids: sql<number[]>`array_agg(${roomAvailabilities.id} order by ${roomAvailabilities.night})`.as('ids'),
      nights: sql<number>`count(*)::int`.as('nights'),
      free: sql<number>`min(${roomAvailabilities.total} - ${roomAvailabilities.booked} + coalesce(${expired.expired}, 0))::int`.as(
        'free',
      ),
    })
    .from(roomAvailabilities)
    .leftJoin(expired, eq(expired.availabilityId, roomAvailabilities.id))
    .where(and(gte(roomAvailabilities.night, filter.start), lt(roomAvailabilities.night, filter.end)))
    .groupBy(roomAvailabilities.roomId)
    .as('stats');

  const conditions = [eq(rooms.internal, false), gte(rooms.occupancy, filter.occupancy)];
  if (!filter.includeInactive) conditions.push(eq(rooms.active, true));
  if (filter.accommodationId !== undefined) conditions.push(eq(rooms.accommodationId, filter.accommodationId));
  if (filter.roomId !== undefined) conditions.push(eq(rooms.id, filter.roomId));

  const rows = await db
    .select({ room: rooms, ids: stats.ids, nights: stats.nights, free: stats.free })
    .from(rooms)
    .leftJoin(stats, eq(stats.roomId, rooms.id))
    .where(and(...conditions))
    .orderBy(asc(rooms.priceCents), asc(rooms.id));

  const wanted = nightCount(filter.start, filter.end);
  return rows.map(({ room, ids, nights, free }) => ({
    id: room.id,
    accommodationId: room.accommodationId,
    name: room.name,
    description: room.description,
    occupancy: room.occupancy,
    price: room.priceCents,
    active: room.active,
    internal: room.internal,
    availabilityIds: (ids ?? []).map(Number),
    // A night without an availability row is not offered: the stay cannot be booked then.
    available: room.active && nights === wanted ? Math.max(0, free ?? 0) : 0,
  }));
}

/** Accommodations with their matching rooms; `priceFrom` is the cheapest room that can be booked for the stay. */
export async function accommodationsForStay(db: Db, filter: StayFilter, now = new Date()): Promise<Accommodation[]> {
  const [hotels, roomList] = await Promise.all([
    db
      .select()
      .from(accommodations)
      .where(filter.accommodationId === undefined ? undefined : eq(accommodations.id, filter.accommodationId))
      .orderBy(asc(accommodations.id)),
    roomsForStay(db, filter, now),
  ]);
  return hotels.map((hotel) => {
    const own = roomList.filter((room) => room.accommodationId === hotel.id);
    const bookable = own.filter((room) => room.available > 0);
    return {
      id: hotel.id,
      name: hotel.name,
      description: hotel.description,
      address: hotel.address,
      stars: hotel.stars,
      distanceM: hotel.distanceM,
      image: hotel.image,
      badgeIds: hotel.badgeIds,
      shuttle: hotel.badgeIds.some((id) => SHUTTLE_BADGE_IDS.has(id)),
      priceFrom: bookable.length > 0 ? Math.min(...bookable.map((room) => room.price)) : null,
      rooms: own,
    };
  });
}

/** One nightly availability row, if it belongs to this public room of this accommodation. */
export async function availabilityOf(
  db: Db,
  ids: { accommodationId: number; roomId: number; availabilityId: number },
  now = new Date(),
): Promise<RoomAvailability | null> {
  const [row] = await db
    .select({ availability: roomAvailabilities })
    .from(roomAvailabilities)
    .innerJoin(rooms, eq(rooms.id, roomAvailabilities.roomId))
    .where(
      and(
        eq(roomAvailabilities.id, ids.availabilityId),
        eq(roomAvailabilities.roomId, ids.roomId),
        eq(rooms.accommodationId, ids.accommodationId),
        eq(rooms.internal, false),
      ),
    )
    .limit(1);
  if (!row) return null;
  const { id, roomId, night, total, booked } = row.availability;
  const [expired] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        eq(bookings.roomId, roomId),
        eq(bookings.status, 'held'),
        lt(bookings.createdAt, holdCutoff(now)),
        sql`${bookings.start} <= ${night}`,
        sql`${bookings.end} > ${night}`,
      ),
    );
  return { id, roomId, night, total, booked, available: Math.max(0, total - booked + (expired?.count ?? 0)) };
}
