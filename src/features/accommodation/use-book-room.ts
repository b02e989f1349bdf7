import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useT } from '../../i18n/use-t.ts';
import type { Stay } from '../../lib/hotel-search.ts';
import { payOrder } from '../../lib/payment.ts';
import { toastSuccess } from '../../lib/toast.ts';
import type { Accommodation, Room } from '../../shared/contracts/registration.ts';
import { createBooking, refreshBookings } from './booking-api.ts';
import { describeError } from './describe-error.ts';
import { BOOKING_PAYMENT_REDIRECTS } from './payment-return.tsx';

export interface BookingAttemptError {
  roomId: number;
  accommodationName: string;
  roomName: string;
  message: string;
}

/**
 * 'Book': POST /api/booking holds the room (409 when it just sold out), then the hotel order is
 * paid at the provider, which returns to /accommodation (paid) or /accommodation/book?payment=failed.
 * While one room is being booked, the other rooms wait.
 */
export function useBookRoom() {
  const t = useT('accommodation');
  const navigate = useNavigate();
  const [busyRoomId, setBusyRoomId] = useState<number | null>(null);
  const [error, setError] = useState<BookingAttemptError | null>(null);

  async function book(accommodation: Pick<Accommodation, 'id' | 'name'>, room: Pick<Room, 'id' | 'name'>, stay: Stay) {
    if (busyRoomId !== null) return;
    setBusyRoomId(room.id);
    setError(null);
    try {
      const { order } = await createBooking({
        accommodationId: accommodation.id,
        roomId: room.id,
        start: stay.start,
        end: stay.end,
      });
      if (order.status !== 'open') {
        // Nothing to pay (e.g. covered in full): the booking is confirmed already.
        await refreshBookings();
        void toastSuccess(t('bookingConfirmedToast'));
        navigate('/accommodation');
        return;
      }
      // Leaves the app for the provider's page; the button stays busy until the page unloads.
      await payOrder(order, BOOKING_PAYMENT_REDIRECTS);
    } catch (cause) {
      setError({ roomId: room.id, accommodationName: accommodation.name, roomName: room.name, message: describeError(cause) });
      setBusyRoomId(null);
      // A held booking whose payment could not start is listed (and payable) on /accommodation.
      void refreshBookings();
    }
  }

  return { book, busyRoomId, error, clearError: () => setError(null) };
}
