import { and, asc, eq, gte, inArray, lt, max, min, sql } from 'drizzle-orm';
import { CANCELLATION_MESSAGES, cancellationVerdict } from '#shared/booking-rules.ts';
import { nightCount } from '#shared/stay.ts';
import type { Db } from '../../db/client.ts';
import { bookings, roomAvailabilities, rooms } from '../../db/schema/index.ts';
import { HttpProblem } from '../../plugins/errors.ts';

/**
 * Room bookings against the nightly availability rows. `booked` counts held and confirmed bookings
 * alike; a hold (an unpaid registration checkout) lasts HOLD_MINUTES from the booking's createdAt
 * and is released lazily, right before the next booking of the same room needs the capacity.
 *
 * Lock rule: whatever changes a room's bookings or counts first locks the room (its availability
 * rows, rooms in id order, nights in date order), and only then booking rows. One order for every
 * transaction, so concurrent bookings, releases and confirmations queue up instead of deadlocking.
 */

/** A database or a transaction (Drizzle's transaction is a database too). */
export type Tx = Db;
export type BookingRow = typeof bookings.$inferSelect;

export const HOLD_MINUTES = 30;
const HOLD_MS = HOLD_MINUTES * 60_000;
export const SOLD_OUT = 'This room is no longer available for your dates.';

export interface BookRoomInput {
  userId: string;
  accommodationId: number;
  roomId: number;
  start: string;
  end: string;
  status: 'held' | 'confirmed';
}

/** A hold placed before this moment has expired. */
export const holdCutoff = (now: Date) => new Date(now.getTime() - HOLD_MS);

/** Locks the rooms until the transaction ends. Locking again in the same transaction costs nothing. */
export async function lockRooms(tx: Tx, roomIds: number[]): Promise<void> {
  await tx
    .select({ id: roomAvailabilities.id })
    .from(roomAvailabilities)
    .where(inArray(roomAvailabilities.roomId, roomIds))
    .orderBy(asc(roomAvailabilities.roomId), asc(roomAvailabilities.night))
    .for('update');
}

const nightsOfStay = (roomId: number, start: string, end: string) =>
  and(eq(roomAvailabilities.roomId, roomId), gte(roomAvailabilities.night, start), lt(roomAvailabilities.night, end));

/**
 * One conditional UPDATE over the stay's nights (`booked < total`); fewer updated rows than nights
 * means some night is full or not offered at all. The caller holds the room lock.
 */
async function takeNights(tx: Tx, roomId: number, start: string, end: string): Promise<void> {
  const updated = await tx
    .update(roomAvailabilities)
    .set({ booked: sql`${roomAvailabilities.booked} + 1` })
    .where(and(nightsOfStay(roomId, start, end), lt(roomAvailabilities.booked, roomAvailabilities.total)))
    .returning({ id: roomAvailabilities.id });
  if (updated.length !== nightCount(start, end)) throw new HttpProblem(409, SOLD_OUT);
}

async function giveBackNights(tx: Tx, roomId: number, start: string, end: string): Promise<void> {
  await tx
    .update(roomAvailabilities)
    .set({ booked: sql`${roomAvailabilities.booked} - 1` })
    .where(nightsOfStay(roomId, start, end));
}

/** Cancels the room's expired holds and returns their nights; the status check releases each once. */
async function releaseExpiredHolds(tx: Tx, roomId: number, now: Date): Promise<void> {
  const released = await tx
    .update(bookings)
    .set({ status: 'cancelled' })
    .where(and(eq(bookings.roomId, roomId), eq(bookings.status, 'held'), lt(bookings.createdAt, holdCutoff(now))))
    .returning({ start: bookings.start, end: bookings.end });
  for (const hold of released) await giveBackNights(tx, roomId, hold.start, hold.end);
}

/**
 * Books one room for every night of the stay, or throws 404 (no such public room) or 409 (sold out
 * on some night); the caller's transaction then rolls back, so nothing is half-booked.
 */
export async function bookRoom(tx: Tx, input: BookRoomInput, now = new Date()): Promise<BookingRow> {
  const [room] = await tx
    .select({ priceCents: rooms.priceCents })
    .from(rooms)
    .where(
      and(
        eq(rooms.id, input.roomId),
        eq(rooms.accommodationId, input.accommodationId),
        eq(rooms.active, true),
        eq(rooms.internal, false),
      ),
    )
    .limit(1);
  if (!room) throw new HttpProblem(404, 'Room not found.');

  await lockRooms(tx, [input.roomId]);
  await releaseExpiredHolds(tx, input.roomId, now);
  await takeNights(tx, input.roomId, input.start, input.end);
  const [booking] = await tx
    .insert(bookings)
    .values({
      userId: input.userId,
      accommodationId: input.accommodationId,
      roomId: input.roomId,
      start: input.start,
      end: input.end,
      status: input.status,
      priceCents: room.priceCents * nightCount(input.start, input.end),
      createdAt: now,
    })
    .returning();
  if (!booking) throw new Error('booking insert returned nothing');
  return booking;
}

async function bookingById(tx: Tx, bookingId: string): Promise<BookingRow> {
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw new Error(`booking ${bookingId} is missing`);
  return booking;
}

/** Cancels a hold (the registration chose another hotel or none). Confirmed bookings are left alone. */
export async function releaseHold(tx: Tx, bookingId: string): Promise<void> {
  const { roomId } = await bookingById(tx, bookingId);
  await lockRooms(tx, [roomId]);
  const [hold] = await tx
    .update(bookings)
    .set({ status: 'cancelled' })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'held')))
    .returning({ start: bookings.start, end: bookings.end });
  if (hold) await giveBackNights(tx, roomId, hold.start, hold.end);
}

/**
 * Brings a registration's booking to `status`: a live hold is renewed (held) or confirmed; a hold
 * that expired and was released takes its nights again, or throws 409 when they are gone.
 */
export async function secureBooking(tx: Tx, bookingId: string, status: 'held' | 'confirmed', now = new Date()) {
  const { roomId } = await bookingById(tx, bookingId);
  await lockRooms(tx, [roomId]);
  const booking = await bookingById(tx, bookingId);
  if (booking.status === 'confirmed') return booking;
  if (booking.status === 'cancelled') {
    await releaseExpiredHolds(tx, roomId, now);
    await takeNights(tx, roomId, booking.start, booking.end);
  }
  // A renewed or reclaimed hold runs from now.
  const [secured] = await tx
    .update(bookings)
    .set(status === 'held' ? { status, createdAt: now } : { status })
    .where(eq(bookings.id, bookingId))
    .returning();
  if (!secured) throw new Error(`booking ${bookingId} is missing`);
  return secured;
}

/**
 * Cancels a confirmed booking within the cancellation rules (src/shared/booking-rules.ts) and gives
 * its nights back, or throws 409 with the rule's reason. The room is locked before the booking row
 * (the lock rule above), so two cancellations of one booking run one after the other and the second
 * finds it cancelled.
 */
export async function cancelBooking(tx: Tx, bookingId: string, now = new Date()): Promise<BookingRow> {
  const { roomId } = await bookingById(tx, bookingId);
  await lockRooms(tx, [roomId]);
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for('update');
  if (!booking) throw new Error(`booking ${bookingId} is missing`);
  const verdict = cancellationVerdict(booking, now);
  if (!verdict.allowed) throw new HttpProblem(409, verdict.reason);
  const [cancelled] = await tx
    .update(bookings)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(and(eq(bookings.id, bookingId), eq(bookings.status, 'confirmed')))
    .returning();
  if (!cancelled) throw new HttpProblem(409, CANCELLATION_MESSAGES.notConfirmed);
  await giveBackNights(tx, roomId, cancelled.start, cancelled.end);
  return cancelled;
}

/** The first and last night a room can be booked for (its availability rows), or null when it has none. */
export async function bookableNights(tx: Tx, roomId: number): Promise<{ first: string; last: string } | null> {
  const [range] = await tx
    .select({ first: min(roomAvailabilities.night), last: max(roomAvailabilities.night) })
    .from(roomAvailabilities)
    .where(eq(roomAvailabilities.roomId, roomId));
  return range?.first && range.last ? { first: range.first, last: range.last } : null;
}
