import { useAtomValue } from 'jotai';
import { Link } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { bookingsAtom } from '../../lib/session.ts';
import './accommodation.css';

/** /accommodation: the user's hotel bookings (loaded at start-up); booking arrives later. */
export function AccommodationPage() {
  const bookings = useAtomValue(bookingsAtom);

  return (
    <>
      <PageHeader title="Accommodation" />
      {bookings.length === 0 ? (
        <EmptyState
          icon="bed"
          title="No hotel booked yet"
          action={
            <Link to="/accommodation/book" className="btn btn-primary">
              Find a hotel
            </Link>
          }
        >
          Stay close to Europa-Park: partner hotels with shuttle connections will be bookable here.
        </EmptyState>
      ) : (
        <ul className="accommodation-list">
          {bookings.map((booking) => (
            <li key={booking.id} className="card">
              <h2 className="card-title">{booking.accommodationName ?? 'Hotel booking'}</h2>
              <p>
                <time dateTime={booking.start}>{booking.start}</time> – <time dateTime={booking.end}>{booking.end}</time>
                {booking.roomName ? `, ${booking.roomName}` : ''}
              </p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
