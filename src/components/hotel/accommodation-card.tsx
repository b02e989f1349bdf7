import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Text } from '../../i18n/text.tsx';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { formatDistance } from '../../lib/hotel-search.ts';
import { formatEuro } from '../../lib/money.ts';
import type { Accommodation, Room } from '../../shared/contracts/registration.ts';
import { HotelBadges, HotelVisual } from './hotel-badges.tsx';
import { RoomOption } from './room-option.tsx';
import './hotel.css';

export interface AccommodationCardProps {
  accommodation: Accommodation;
  nights: number;
  selectedRoomId: number | null;
  onSelect: (room: Room) => void;
  initiallyOpen?: boolean;
  /** The rooms' action: 'Select room' (registration) or 'Book'. */
  selectLabel?: string;
  /** The badge of the selected room and its hotel: 'Your choice' (registration) or e.g. 'Booked'. */
  selectedLabel?: string;
  /** The room whose action is running; every other room's action waits meanwhile. */
  busyRoomId?: number | null;
  busyLabel?: string;
  /** No room can be chosen right now (e.g. no pass yet). */
  disabled?: boolean;
  /** The hotel's own page, when there is one to link to. */
  detailsHref?: string;
}

/** A hotel: stars, shuttle badge, distance, price from; expands to its rooms. */
export function AccommodationCard({
  accommodation,
  nights,
  selectedRoomId,
  onSelect,
  initiallyOpen = false,
  selectLabel,
  selectedLabel: selectedLabelProp,
  busyRoomId = null,
  busyLabel,
  disabled = false,
  detailsHref,
}: AccommodationCardProps) {
  const t = useT('checkout');
  const language = useLanguage();
  const selectedLabel = selectedLabelProp ?? t('yourChoice');
  const [open, setOpen] = useState(initiallyOpen);
  const titleId = useId();
  const roomsId = useId();
  const rooms = accommodation.rooms;

  return (
    <article className={`hotel${open ? ' is-open' : ''}`} aria-labelledby={titleId} data-accommodation={accommodation.id}>
      <div className="hotel__summary">
        <HotelVisual accommodation={accommodation} />
        <div className="hotel__body">
          <HotelBadges accommodation={accommodation}>
            {selectedRoomId !== null ? <span className="badge hotel__chosen">{selectedLabel}</span> : null}
          </HotelBadges>
          {/* h2: the hotels follow the page's h1 directly (axe heading-order); the rooms are h3. */}
          <h2 id={titleId} className="hotel__name">
            {accommodation.name}
          </h2>
          <p className="hotel__meta">
            {t('distanceToVenue', { distance: formatDistance(accommodation.distanceM, language) })}
            {accommodation.address ? ` · ${accommodation.address}` : ''}
          </p>
          {accommodation.description ? <p className="hotel__description">{accommodation.description}</p> : null}
          {detailsHref ? (
            <p>
              <Link to={detailsHref} className="hotel__details-link">
                <Text
                  ns="checkout"
                  k="hotelDetails"
                  values={{ hotel: <>{accommodation.name}</> }}
                  components={{ hidden: <span className="visually-hidden" /> }}
                />
              </Link>
            </p>
          ) : null}
        </div>
        <div className="hotel__aside">
          {accommodation.priceFrom !== null ? (
            <p className="hotel__from">
              <Text
                ns="checkout"
                k="priceFromPerNight"
                values={{ price: formatEuro(accommodation.priceFrom) }}
                components={{ strong: <strong /> }}
              />
            </p>
          ) : (
            <p className="hotel__from is-sold-out">{t('soldOutForDates')}</p>
          )}
          <button
            type="button"
            className="btn btn-secondary hotel__toggle"
            aria-expanded={open}
            aria-controls={open ? roomsId : undefined}
            onClick={() => setOpen((value) => !value)}
            disabled={rooms.length === 0}
          >
            {rooms.length === 0 ? t('noRooms') : open ? t('hideRooms') : t('showRooms', { count: rooms.length })}
          </button>
        </div>
      </div>
      {open ? (
        <ul id={roomsId} className="hotel__rooms" aria-label={t('roomsAt', { hotel: accommodation.name })}>
          {rooms.map((room) => (
            <RoomOption
              key={room.id}
              room={room}
              nights={nights}
              selected={room.id === selectedRoomId}
              onSelect={() => onSelect(room)}
              selectLabel={selectLabel}
              selectedLabel={selectedLabel}
              busy={room.id === busyRoomId}
              busyLabel={busyLabel}
              disabled={disabled || (busyRoomId !== null && room.id !== busyRoomId)}
            />
          ))}
        </ul>
      ) : null}
    </article>
  );
}
