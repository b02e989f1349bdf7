import { Link } from 'react-router-dom';
import type { BookingAttemptError } from './use-book-room.ts';

/** Bookings need an approved pass (vendors book without one, so they never see this). */
export function NoPassNotice() {
  return (
    <div className="alert alert-warning accommodation-notice" role="status">
      <p>
        Booking a partner hotel needs an approved CloudFest 2026 pass. <Link to="/pass">Get your pass</Link> first, then come back
        to book your room.
      </p>
    </div>
  );
}

interface BookingErrorNoticeProps {
  error: BookingAttemptError;
  onDismiss: () => void;
  onRefresh?: () => void;
}

/** Why 'Book' did not work (e.g. 409: the room sold out meanwhile), with the server's own words. */
export function BookingErrorNotice({ error, onDismiss, onRefresh }: BookingErrorNoticeProps) {
  return (
    <div className="alert alert-danger accommodation-notice" role="alert">
      <p>
        <strong>
          {error.roomName} at {error.accommodationName} could not be booked.
        </strong>{' '}
        {error.message}
      </p>
      <div className="accommodation-notice__actions">
        {onRefresh ? (
          <button
            type="button"
            className="btn btn-sm"
            onClick={() => {
              onDismiss();
              onRefresh();
            }}
          >
            Refresh availability
          </button>
        ) : null}
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDismiss}>
          Dismiss
        </button>
      </div>
    </div>
  );
}
