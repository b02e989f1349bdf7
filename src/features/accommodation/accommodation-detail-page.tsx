import { useAtomValue } from 'jotai';
import { useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router-dom';
import { HotelBadges, HotelVisual } from '../../components/hotel/hotel-badges.tsx';
import { RoomOption } from '../../components/hotel/room-option.tsx';
import { EmptyState } from '../../components/ui/empty-state.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Text } from '../../i18n/text.tsx';
import { useT } from '../../i18n/use-t.ts';
import { ApiError } from '../../lib/api.ts';
import { fetchAccommodation } from '../../lib/hotel-api.ts';
import { type AccommodationSearch, formatDistance, stayError } from '../../lib/hotel-search.ts';
import { formatEuro } from '../../lib/money.ts';
import { bookingsAtom, isVendorAtom, passAtom } from '../../lib/session.ts';
import { useRequest } from '../../lib/use-request.ts';
import type { Accommodation } from '../../shared/contracts/registration.ts';
import { nightCount } from '../../shared/stay.ts';
import { BookingCard } from './booking-card.tsx';
import { BookingErrorNotice, NoPassNotice } from './booking-notices.tsx';
import { bookingsAt, mayBook, searchFromParams, searchToParams, sortBookings, withStay } from './booking-view.ts';
import { SearchForm } from './search-form.tsx';
import { useBookRoom } from './use-book-room.ts';
import './accommodation.css';

/**
 * /accommodation/{accommodationId} (the route loader has already rejected ids that are not
 * positive integers): one hotel with its description and address, its public rooms (active, not
 * internal; docs/behaviour.md §7) with price and nightly availability for the stay, 'Book' for each, and the
 * user's own bookings there with the same guest and cancel actions as /accommodation.
 */
export function AccommodationDetailPage() {
  const t = useT('accommodation');
  const id = Number(useParams().accommodationId);
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState<AccommodationSearch>(() => searchFromParams(params));
  const problem = stayError(search);
  const canBook = mayBook(useAtomValue(passAtom), useAtomValue(isVendorAtom));
  const allBookings = useAtomValue(bookingsAtom);
  const mine = sortBookings(bookingsAt(allBookings, id));
  const booking = useBookRoom();

  // The last valid search: a half-typed date keeps the rooms of the last good one on screen.
  const [applied, setApplied] = useState<AccommodationSearch>(search);
  const nights = nightCount(applied.start, applied.end);
  const hotel = useRequest(
    (signal) => fetchAccommodation(id, applied, applied.occupancy, signal),
    [id, applied.start, applied.end, applied.occupancy],
  );
  // While new figures load, the hotel stays on screen instead of blinking away.
  const shown = useRef<Accommodation | null>(null);
  if (hotel.status === 'ready') shown.current = hotel.data;
  const data = shown.current?.id === id ? shown.current : null;

  function change(next: AccommodationSearch) {
    setSearch(next);
    booking.clearError();
    if (stayError(next)) return;
    setApplied(next);
    setParams(searchToParams({ ...next, order: 'priceLowHigh', onlyBookable: true }), { replace: true });
  }

  if (hotel.status === 'error') {
    const missing = hotel.error instanceof ApiError && hotel.error.status === 404;
    return (
      <>
        <PageHeader title={missing ? t('hotelNotFound') : t('hotel')} />
        <EmptyState
          icon="bed"
          title={missing ? t('notPartnerHotel') : t('hotelLoadFailed')}
          action={
            <div className="accommodation-empty__actions">
              {missing ? null : (
                <button type="button" className="btn btn-primary" onClick={hotel.retry}>
                  {t('tryAgain')}
                </button>
              )}
              <Link to={withStay('/accommodation/book', search)} className="btn btn-secondary">
                {t('allHotels')}
              </Link>
            </div>
          }
        >
          {missing ? t('choosePartnerHotel') : t('checkConnection')}
        </EmptyState>
      </>
    );
  }

  return (
    <div className="accommodation-page">
      <p className="accommodation-page__back">
        <Link to={withStay('/accommodation/book', search)}>{t('allHotels')}</Link>
        {allBookings.length > 0 ? (
          <>
            {' · '}
            <Link to="/accommodation">{t('yourBookings')}</Link>
          </>
        ) : null}
      </p>
      {data ? <HotelHeader accommodation={data} /> : <PageHeader title={t('hotel')} />}
      {hotel.status === 'loading' && !data ? (
        <div className="hotel is-skeleton" role="status" aria-label={t('loadingHotel')} />
      ) : null}

      {mine.length > 0 ? (
        <section className="accommodation-section" aria-labelledby="hotel-bookings-title">
          <h2 id="hotel-bookings-title" className="accommodation-section__title">
            {t('yourBookingsHere')}
          </h2>
          <ul className="accommodation-bookings">
            {mine.map((item) => (
              <li key={item.id}>
                <BookingCard booking={item} headingLevel={3} linkHotel={false} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {data ? (
        <section className="accommodation-section" aria-labelledby="hotel-rooms-title">
          <h2 id="hotel-rooms-title" className="accommodation-section__title">
            {t('rooms')}
          </h2>
          {canBook ? null : <NoPassNotice />}
          <SearchForm search={search} onChange={change} error={problem} variant="hotel" />
          {booking.error ? (
            <BookingErrorNotice error={booking.error} onDismiss={booking.clearError} onRefresh={hotel.retry} />
          ) : null}
          {data.rooms.length === 0 ? (
            <p className="accommodation-empty">{t('noRoomFits', { count: search.occupancy })}</p>
          ) : (
            <ul
              className="hotel__rooms accommodation-rooms"
              aria-label={t('roomsAt', { hotel: data.name })}
              aria-busy={hotel.status === 'loading' || undefined}
            >
              {data.rooms.map((room) => (
                <RoomOption
                  key={room.id}
                  room={room}
                  nights={nights}
                  selected={mine.some((b) => b.status !== 'cancelled' && b.roomId === room.id)}
                  selectedLabel={t('booked')}
                  onSelect={() => void booking.book(data, room, applied)}
                  selectLabel={t('book')}
                  busy={booking.busyRoomId === room.id}
                  busyLabel={t('booking')}
                  disabled={!canBook || problem !== null || (booking.busyRoomId !== null && booking.busyRoomId !== room.id)}
                />
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </div>
  );
}

function HotelHeader({ accommodation }: { accommodation: Accommodation }) {
  const t = useT('accommodation');
  return (
    <div className="hotel-header">
      <HotelVisual accommodation={accommodation} className="hotel-header__visual" />
      <div className="hotel-header__body">
        <HotelBadges accommodation={accommodation} />
        <PageHeader title={accommodation.name} documentTitle={t('hotelDocumentTitle', { hotel: accommodation.name })} />
        <p className="hotel-header__meta">
          {accommodation.address ? <span>{accommodation.address}</span> : null}
          <span>{t('distanceToVenue', { distance: formatDistance(accommodation.distanceM) })}</span>
          {accommodation.priceFrom !== null ? (
            <span>
              <Text
                ns="accommodation"
                k="priceFromPerNight"
                values={{ price: formatEuro(accommodation.priceFrom) }}
                components={{ strong: <strong /> }}
              />
            </span>
          ) : (
            <span className="hotel-header__sold-out">{t('soldOutForDates')}</span>
          )}
        </p>
        {accommodation.description ? <p className="hotel-header__description">{accommodation.description}</p> : null}
      </div>
    </div>
  );
}
