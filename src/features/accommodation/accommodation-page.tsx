import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { Link, Navigate } from 'react-router-dom';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useT } from '../../i18n/use-t.ts';
import { bookingsAtom, isVendorAtom, passAtom } from '../../lib/session.ts';
import { refreshBookings } from './booking-api.ts';
import { BookingCard } from './booking-card.tsx';
import { sortBookings } from './booking-view.ts';
import { PaymentReturnNotice, usePaymentReturn } from './payment-return.tsx';
import './accommodation.css';

/**
 * /accommodation: the user's hotel bookings with their guests, payment and cancellation; also the
 * payment provider's return after a booking (?session=). A user with a pass but no bookings is sent
 * to /accommodation/book (docs/behaviour.md §4); without a pass the page says that a pass comes first (vendors,
 * who may enter and book without one, behaviour §6, also get the way to the hotels).
 */
export function AccommodationPage() {
  const t = useT('accommodation');
  const bookings = useAtomValue(bookingsAtom);
  const pass = useAtomValue(passAtom);
  const isVendor = useAtomValue(isVendorAtom);
  const { outcome, dismiss } = usePaymentReturn();

  // The start-up load may be old (a booking made in another tab, a hold that expired): refresh quietly.
  useEffect(() => {
    void refreshBookings();
  }, []);

  if (bookings.length === 0 && outcome === null) {
    if (pass) return <Navigate to="/accommodation/book" replace />;
    return (
      <>
        <PageHeader title={t('title')} />
        <EmptyState
          icon="bed"
          title={t('noHotelBookedTitle')}
          action={
            <div className="accommodation-empty__actions">
              <Link to="/pass" className="btn btn-primary">
                {t('getYourPass')}
              </Link>
              {isVendor ? (
                <Link to="/accommodation/book" className="btn btn-secondary">
                  {t('findHotel')}
                </Link>
              ) : null}
            </div>
          }
        >
          {isVendor ? t('noHotelBookedVendor') : t('noHotelBookedAttendee')}
        </EmptyState>
      </>
    );
  }

  const sorted = sortBookings(bookings);
  return (
    <div className="accommodation-page">
      <PageHeader title={t('title')} lead={t('bookingsLead')} />
      {outcome ? <PaymentReturnNotice outcome={outcome} onDismiss={dismiss} /> : null}
      {sorted.length === 0 ? (
        <p className="accommodation-empty">{t('noBookingYet')}</p>
      ) : (
        <ul className="accommodation-bookings" aria-label={t('yourBookings')}>
          {sorted.map((booking) => (
            <li key={booking.id}>
              <BookingCard booking={booking} />
            </li>
          ))}
        </ul>
      )}
      <div className="accommodation-page__more">
        <Link to="/accommodation/book" className="btn btn-primary">
          {sorted.length === 0 ? t('bookRoom') : t('bookAnotherRoom')}
        </Link>
      </div>
    </div>
  );
}
