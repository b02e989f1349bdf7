import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { AccommodationCard } from '../../components/hotel/accommodation-card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useT } from '../../i18n/use-t.ts';
import { searchAccommodations } from '../../lib/hotel-api.ts';
import { type AccommodationSearch, stayError } from '../../lib/hotel-search.ts';
import { bookingsAtom, isVendorAtom, passAtom } from '../../lib/session.ts';
import { useRequest } from '../../lib/use-request.ts';
import type { Accommodation } from '../../shared/contracts/registration.ts';
import { nightCount } from '../../shared/stay.ts';
import { BookingErrorNotice, NoPassNotice } from './booking-notices.tsx';
import { mayBook, searchFromParams, searchToParams, withStay } from './booking-view.ts';
import { PaymentReturnNotice, usePaymentReturn } from './payment-return.tsx';
import { SearchForm } from './search-form.tsx';
import { useBookRoom } from './use-book-room.ts';
import './accommodation.css';

/**
 * /accommodation/book: the partner hotels for a stay (docs/behaviour.md §3 defaults: 23–27 March 2026, one
 * guest, bookable only, cheapest first), with shuttle badge, stars, distance and price from; a
 * hotel opens to its rooms with the nightly availability. 'Book' holds the room and goes to the
 * payment; a failed payment comes back here (?payment=failed).
 */
export function AccommodationBookPage() {
  const t = useT('accommodation');
  const [params, setParams] = useSearchParams();
  // The form edits a draft; the address follows only valid searches (a half-typed date must not reset it).
  const [search, setSearch] = useState<AccommodationSearch>(() => searchFromParams(params));
  const problem = stayError(search);
  const nights = problem ? 0 : nightCount(search.start, search.end);
  const canBook = mayBook(useAtomValue(passAtom), useAtomValue(isVendorAtom));
  const bookings = useAtomValue(bookingsAtom);
  const { outcome, dismiss } = usePaymentReturn();
  const booking = useBookRoom();

  const results = useRequest(
    (signal) => (problem ? Promise.resolve<Accommodation[]>([]) : searchAccommodations(search, signal)),
    [search.start, search.end, search.occupancy, search.order, search.onlyBookable, problem],
  );

  function change(next: AccommodationSearch) {
    setSearch(next);
    booking.clearError();
    if (!stayError(next)) setParams(searchToParams(next), { replace: true });
  }

  const live = bookings.filter((b) => b.status !== 'cancelled');
  const bookedRoomAt = (accommodationId: number) => live.find((b) => b.accommodationId === accommodationId)?.roomId ?? null;

  return (
    <div className="accommodation-page">
      <PageHeader title={t('bookTitle')} lead={t('bookLead')} />
      {outcome ? <PaymentReturnNotice outcome={outcome} onDismiss={dismiss} /> : null}
      {live.length > 0 ? (
        <p className="accommodation-page__back">
          <Link to="/accommodation">{t('yourBookingsCount', { count: live.length })}</Link>
        </p>
      ) : null}
      {canBook ? null : <NoPassNotice />}

      <SearchForm search={search} onChange={change} error={problem} />

      {booking.error ? (
        <BookingErrorNotice
          error={booking.error}
          onDismiss={booking.clearError}
          // A room that just sold out changes the figures: show the fresh ones.
          onRefresh={results.retry}
        />
      ) : null}

      {results.status === 'loading' ? <HotelSkeleton /> : null}
      {results.status === 'error' ? (
        // docs/behaviour.md §8: a failed accommodation load falls back to an empty list; the user can try again.
        <div className="alert alert-danger accommodation-notice" role="alert">
          <p>{t('hotelsLoadFailed')}</p>
          <button type="button" className="btn btn-sm" onClick={results.retry}>
            {t('tryAgain')}
          </button>
        </div>
      ) : null}
      {results.status === 'ready' && !problem ? (
        results.data.length === 0 ? (
          <div className="accommodation-empty">
            <p>{search.onlyBookable ? t('noHotelWithFreeRoom') : t('noHotelMatches')}</p>
            {search.onlyBookable ? (
              <button
                type="button"
                className="btn btn-secondary btn-sm"
                onClick={() => change({ ...search, onlyBookable: false })}
              >
                {t('showAllHotels')}
              </button>
            ) : null}
          </div>
        ) : (
          <ul className="accommodation-results" aria-label={t('partnerHotels')}>
            {results.data.map((accommodation) => (
              <li key={accommodation.id}>
                <AccommodationCard
                  accommodation={accommodation}
                  nights={nights}
                  selectedRoomId={bookedRoomAt(accommodation.id)}
                  selectedLabel={t('booked')}
                  onSelect={(room) => void booking.book(accommodation, room, search)}
                  selectLabel={t('book')}
                  busyRoomId={booking.busyRoomId}
                  busyLabel={t('booking')}
                  disabled={!canBook}
                  detailsHref={withStay(`/accommodation/${accommodation.id}`, search)}
                />
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

function HotelSkeleton() {
  const t = useT('accommodation');
  return (
    <div className="accommodation-results" role="status" aria-label={t('loadingHotels')}>
      <div className="hotel is-skeleton" />
      <div className="hotel is-skeleton" />
      <div className="hotel is-skeleton" />
    </div>
  );
}
