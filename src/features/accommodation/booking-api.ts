import { z } from 'zod/mini';
import { api } from '../../lib/api.ts';
import { bookingsAtom } from '../../lib/session.ts';
import { store } from '../../lib/store.ts';
import {
  type BookingCancellation,
  type BookingOrder,
  bookingCancellationSchema,
  bookingCreateBodySchema,
  bookingGuestBodySchema,
  bookingOrderSchema,
} from '../../shared/contracts/account.ts';
import { type Booking, bookingSchema } from '../../shared/contracts/catalog.ts';
import type { HotelChoice } from '../../shared/contracts/registration.ts';
import { mergeBooking } from './booking-view.ts';

/** The booking calls of the signed-in area; every change lands in bookingsAtom so all pages agree. */

const bookingsSchema = z.array(bookingSchema);

/** GET /api/booking?extended=true (with hotel and room names), as the start-up load does (docs/behaviour.md §4). */
export function fetchBookings(signal?: AbortSignal): Promise<Booking[]> {
  return api('/api/booking', bookingsSchema, { query: { extended: true }, signal });
}

/**
 * Reloads the user's bookings into bookingsAtom. A failed reload keeps what the page shows (the
 * answer of the change itself is already merged in) rather than emptying the list.
 */
export async function refreshBookings(): Promise<void> {
  try {
    store.set(bookingsAtom, await fetchBookings());
  } catch {
    // offline or server trouble: the list stays as it was
  }
}

/** Puts one booking (the answer of a change) into bookingsAtom at once, before the reload. */
function applyBooking(booking: Booking): Booking {
  store.set(bookingsAtom, (list) => mergeBooking(list, booking));
  return booking;
}

/** POST /api/booking: holds the room (409 when sold out) and answers the hotel order to pay. */
export async function createBooking(choice: HotelChoice): Promise<BookingOrder> {
  const body = z.parse(bookingCreateBodySchema, choice);
  const created = await api('/api/booking', bookingOrderSchema, { method: 'POST', body });
  applyBooking(created.booking);
  return created;
}

/** DELETE /api/booking/{id}: 409 with the reason when the rules do not allow it. */
export async function cancelBooking(bookingId: string): Promise<BookingCancellation> {
  const result = await api(`/api/booking/${encodeURIComponent(bookingId)}`, bookingCancellationSchema, { method: 'DELETE' });
  applyBooking(result.booking);
  void refreshBookings();
  return result;
}

/** POST /api/booking/guest (docs/behaviour.md §7): 409 when the room has no space left. */
export async function addGuest(booking: Booking, guest: { firstName: string; lastName: string }): Promise<Booking> {
  const body = z.parse(bookingGuestBodySchema, {
    accommodationId: booking.accommodationId,
    roomId: booking.roomId,
    bookingId: booking.id,
    guest,
  });
  return applyBooking(await api('/api/booking/guest', bookingSchema, { method: 'POST', body }));
}

/** DELETE /api/booking/{id}/guest/{index}. */
export async function removeGuest(booking: Booking, index: number): Promise<Booking> {
  return applyBooking(
    await api(`/api/booking/${encodeURIComponent(booking.id)}/guest/${index}`, bookingSchema, { method: 'DELETE' }),
  );
}
