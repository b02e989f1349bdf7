import { Link } from 'react-router-dom';
import { Text } from '../../i18n/text.tsx';
import { useT } from '../../i18n/use-t.ts';
import type { BookingAttemptError } from './use-book-room.ts';

/** Bookings need an approved pass (vendors book without one, so they never see this). */
export function NoPassNotice() {
  return (
    <div className="alert alert-warning accommodation-notice" role="status">
      <p>
        <Text ns="accommodation" k="noPassNotice" components={{ link: <Link to="/pass" /> }} />
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
  const t = useT('accommodation');
  return (
    <div className="alert alert-danger accommodation-notice" role="alert">
      <p>
        <strong>{t('roomCouldNotBeBooked', { room: error.roomName, hotel: error.accommodationName })}</strong> {error.message}
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
            {t('refreshAvailability')}
          </button>
        ) : null}
        <button type="button" className="btn btn-ghost btn-sm" onClick={onDismiss}>
          {t('dismiss')}
        </button>
      </div>
    </div>
  );
}
