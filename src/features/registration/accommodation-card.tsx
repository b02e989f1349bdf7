import { useId, useState } from 'react';
import { formatEuro } from '../../lib/money.ts';
import type { Accommodation, Room } from '../../shared/contracts/registration.ts';
import { formatDistance, hasShuttle } from './hotel-search.ts';
import { RoomOption } from './room-option.tsx';

interface AccommodationCardProps {
  accommodation: Accommodation;
  nights: number;
  selectedRoomId: number | null;
  onSelect: (room: Room) => void;
  initiallyOpen?: boolean;
}

/** A letter for the hotel's tile: its name's first word other than 'Hotel' ('Hotel Colosseo' → 'C'). */
function initialOf(name: string): string {
  const words = name.split(/\s+/).filter(Boolean);
  const word = words.find((w) => w.toLowerCase() !== 'hotel') ?? words[0] ?? '';
  return word.charAt(0).toUpperCase();
}

/** A hotel: stars, shuttle badge, distance, price from; expands to its rooms. */
export function AccommodationCard({
  accommodation,
  nights,
  selectedRoomId,
  onSelect,
  initiallyOpen = false,
}: AccommodationCardProps) {
  const [open, setOpen] = useState(initiallyOpen);
  const titleId = useId();
  const roomsId = useId();
  const rooms = accommodation.rooms;
  const shuttle = hasShuttle(accommodation);
  const image = accommodation.image?.startsWith('/') ? accommodation.image : null;

  return (
    <article className={`hotel${open ? ' is-open' : ''}`} aria-labelledby={titleId} data-accommodation={accommodation.id}>
      <div className="hotel__summary">
        <div className="hotel__visual" aria-hidden="true">
          {image ? <img src={image} alt="" loading="lazy" /> : <span>{initialOf(accommodation.name)}</span>}
        </div>
        <div className="hotel__body">
          <div className="hotel__badges">
            {accommodation.stars > 0 ? (
              <span className="hotel__stars" role="img" aria-label={`${accommodation.stars} stars`}>
                {'★'.repeat(Math.min(5, accommodation.stars))}
              </span>
            ) : null}
            {shuttle ? <span className="badge hotel__shuttle">Shuttle</span> : null}
            {selectedRoomId !== null ? <span className="badge hotel__chosen">Your choice</span> : null}
          </div>
          <h3 id={titleId} className="hotel__name">
            {accommodation.name}
          </h3>
          <p className="hotel__meta">
            {formatDistance(accommodation.distanceM)} to the venue
            {accommodation.address ? ` · ${accommodation.address}` : ''}
          </p>
          {accommodation.description ? <p className="hotel__description">{accommodation.description}</p> : null}
        </div>
        <div className="hotel__aside">
          {accommodation.priceFrom !== null ? (
            <p className="hotel__from">
              <span>from</span> <strong>{formatEuro(accommodation.priceFrom)}</strong> <span>per night</span>
            </p>
          ) : (
            <p className="hotel__from is-sold-out">Sold out for your dates</p>
          )}
          <button
            type="button"
            className="btn btn-secondary hotel__toggle"
            aria-expanded={open}
            aria-controls={open ? roomsId : undefined}
            onClick={() => setOpen((value) => !value)}
            disabled={rooms.length === 0}
          >
            {rooms.length === 0 ? 'No rooms' : open ? 'Hide rooms' : `Show rooms (${rooms.length})`}
          </button>
        </div>
      </div>
      {open ? (
        <ul id={roomsId} className="hotel__rooms" aria-label={`Rooms at ${accommodation.name}`}>
          {rooms.map((room) => (
            <RoomOption
              key={room.id}
              room={room}
              nights={nights}
              selected={room.id === selectedRoomId}
              onSelect={() => onSelect(room)}
            />
          ))}
        </ul>
      ) : null}
    </article>
  );
}
