import { useId } from 'react';
import { Text } from '../../i18n/text.tsx';
import { useLanguage, useT } from '../../i18n/use-t.ts';
import { fetchRoomAvailability } from '../../lib/hotel-api.ts';
import { formatNight, isSoldOut, roomsLeft, roomTotal } from '../../lib/hotel-search.ts';
import { formatEuro } from '../../lib/money.ts';
import { useRequest } from '../../lib/use-request.ts';
import type { Room } from '../../shared/contracts/registration.ts';

/** Few enough rooms left to say so. */
const FEW_LEFT = 3;

export interface RoomOptionProps {
  room: Room;
  nights: number;
  selected: boolean;
  onSelect: () => void;
  /** The action's name: 'Select room' in the registration, 'Book' in the signed-in area. */
  selectLabel?: string;
  /** The badge of a selected room. */
  selectedLabel?: string;
  /** The action is running (e.g. the booking request): the button is disabled and says `busyLabel`. */
  busy?: boolean;
  busyLabel?: string;
  /** The action is not available right now (another room is being booked, no pass). */
  disabled?: boolean;
}

/**
 * One room of an accommodation: price per night, nights and total, and the live availability of
 * every night (docs/behaviour.md §7: one call per availability id; §8: the panel hides when a call fails).
 * Sold-out rooms cannot be selected.
 */
export function RoomOption({
  room,
  nights,
  selected,
  onSelect,
  selectLabel,
  selectedLabel,
  busy = false,
  busyLabel,
  disabled = false,
}: RoomOptionProps) {
  const t = useT('checkout');
  const language = useLanguage();
  const titleId = useId();
  const live = useRequest(
    (signal) => fetchRoomAvailability(room.accommodationId, room.id, room.availabilityIds, signal),
    [room.accommodationId, room.id, room.availabilityIds.join(',')],
  );
  const nightly = live.status === 'ready' ? live.data : null;
  const soldOut = isSoldOut(room, nightly);
  const left = roomsLeft(room, nightly);

  return (
    <li
      className={`room${soldOut ? ' is-sold-out' : ''}${selected ? ' is-selected' : ''}`}
      aria-labelledby={titleId}
      data-room={room.id}
    >
      <div className="room__info">
        {/* h3: under the hotel's h2 in the lists, under "Rooms" (h2) on a hotel's page. */}
        <h3 id={titleId} className="room__name">
          {room.name}
          {selected ? <span className="badge room__badge">{selectedLabel ?? t('yourChoice')}</span> : null}
        </h3>
        {room.description ? <p className="room__description">{room.description}</p> : null}
        <p className="room__occupancy">{t('upToGuests', { count: room.occupancy })}</p>
        {nightly && nightly.length > 0 ? (
          <ul className="room__nights" aria-label={t('availabilityOf', { room: room.name })}>
            {nightly.map((night) => (
              <li
                key={night.id}
                className={`room__night${night.available <= 0 ? ' is-full' : night.available <= FEW_LEFT ? ' is-few' : ''}`}
              >
                <span className="room__night-date">{formatNight(night.night, language)}</span>
                <span className="room__night-left">
                  {night.available <= 0 ? t('nightFull') : t('nightLeft', { count: night.available })}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="room__price">
        <p className="room__per-night">
          <Text ns="checkout" k="pricePerNight" values={{ price: formatEuro(room.price) }} components={{ strong: <strong /> }} />
        </p>
        <p className="room__nights-count">
          <Text
            ns="checkout"
            k="nightsTotal"
            values={{ nights, total: formatEuro(roomTotal(room.price, nights)) }}
            components={{ total: <strong className="room__total" /> }}
          />
        </p>
        {!soldOut && left <= FEW_LEFT ? <p className="room__few">{t('onlyLeft', { count: left })}</p> : null}
        <button
          type="button"
          className={`btn ${soldOut ? '' : 'btn-primary'} room__select`}
          disabled={soldOut || busy || disabled}
          aria-busy={busy || undefined}
          onClick={onSelect}
          aria-describedby={titleId}
        >
          {soldOut ? t('soldOut') : busy ? (busyLabel ?? t('pleaseWait')) : (selectLabel ?? t('selectRoom'))}
        </button>
      </div>
    </li>
  );
}
