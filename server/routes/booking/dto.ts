import { and, desc, eq } from 'drizzle-orm';
import type { Booking } from '#shared/contracts/index.ts';
import type { Db } from '../../db/client.ts';
import { accommodations, bookings, rooms } from '../../db/schema/index.ts';
import type { BookingRow } from '../../services/hotels/booking.ts';

export interface NamedBooking {
  booking: BookingRow;
  accommodationName: string;
  roomName: string;
}

/** bookingSchema; `extended` adds the accommodation and room names (GET /api/booking?extended=true). */
export function toBookingDto({ booking: b, accommodationName, roomName }: NamedBooking, extended = true): Booking {
  return {
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
  };
}

const named = (db: Db) =>
  db
    .select({ booking: bookings, accommodationName: accommodations.name, roomName: rooms.name })
    .from(bookings)
    .innerJoin(accommodations, eq(accommodations.id, bookings.accommodationId))
    .innerJoin(rooms, eq(rooms.id, bookings.roomId));

/** The user's bookings, newest first, cancelled ones included (their status says so). */
export function bookingsOf(db: Db, userId: string): Promise<NamedBooking[]> {
  return named(db).where(eq(bookings.userId, userId)).orderBy(desc(bookings.createdAt));
}

/** One booking of this user; another user's booking is as missing as an unknown id. */
export async function ownBooking(db: Db, userId: string, bookingId: string): Promise<NamedBooking | null> {
  const [row] = await named(db)
    .where(and(eq(bookings.id, bookingId), eq(bookings.userId, userId)))
    .limit(1);
  return row ?? null;
}
