import { useId } from 'react';
import { formatEuro } from '../../lib/money.ts';
import type { Room } from '../../shared/contracts/registration.ts';
import { fetchRoomAvailability } from './hotel-api.ts';
import { formatNight, isSoldOut, pluralNights, roomsLeft, roomTotal } from './hotel-search.ts';
import { useRequest } from '../../lib/use-request.ts';

/** Few enough rooms left to say so. */
const FEW_LEFT = 3;

interface RoomOptionProps {
  room: Room;
  nights: number;
  selected: boolean;
  onSelect: () => void;
}

/**
 * One room of an accommodation: price per night, nights and total, and the live availability of
 * every night (SPEC §7: one call per availability id; §8: the panel hides when a call fails).
 * Sold-out rooms cannot be selected.
 */
export function RoomOption({ room, nights, selected, onSelect }: RoomOptionProps) {
  const titleId = useId();
  const live = useRequest(
    (signal) => fetchRoomAvailability(room.accommodationId, room.id, room.availabilityIds, signal),
    [room.accommodationId, room.id, room.availabilityIds.join(',')],
  );
  const nightly = live.status === 'ready' ? live.data : null;
  const soldOut = isSoldOut(room, nightly);
  const left = roomsLeft(room, nightly);

  return (
    <li className={`room${soldOut ? ' is-sold-out' : ''}${selected ? ' is-selected' : ''}`} aria-labelledby={titleId}>
      <div className="room__info">
        <h4 id={titleId} className="room__name">
          {room.name}
          {selected ? <span className="badge room__badge">Your choice</span> : null}
        </h4>
        {room.description ? <p className="room__description">{room.description}</p> : null}
        <p className="room__occupancy">
          Up to {room.occupancy} {room.occupancy === 1 ? 'guest' : 'guests'}
        </p>
        {nightly && nightly.length > 0 ? (
          <ul className="room__nights" aria-label={`Availability of ${room.name}`}>
            {nightly.map((night) => (
              <li
                key={night.id}
                className={`room__night${night.available <= 0 ? ' is-full' : night.available <= FEW_LEFT ? ' is-few' : ''}`}
              >
                <span className="room__night-date">{formatNight(night.night)}</span>
                <span className="room__night-left">{night.available <= 0 ? 'Full' : `${night.available} left`}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="room__price">
        <p className="room__per-night">
          <strong>{formatEuro(room.price)}</strong> per night
        </p>
        <p className="room__nights-count">
          {pluralNights(nights)} · total <strong className="room__total">{formatEuro(roomTotal(room.price, nights))}</strong>
        </p>
        {!soldOut && left <= FEW_LEFT ? <p className="room__few">Only {left} left</p> : null}
        <button
          type="button"
          className={`btn ${soldOut ? '' : 'btn-primary'} room__select`}
          disabled={soldOut}
          onClick={onSelect}
          aria-describedby={titleId}
        >
          {soldOut ? 'Sold out' : 'Select room'}
        </button>
      </div>
    </li>
  );
}
