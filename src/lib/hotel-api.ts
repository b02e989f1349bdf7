import { z } from 'zod/mini';
import {
  ACCOMMODATION_DEFAULTS,
  type Accommodation,
  accommodationSchema,
  type Room,
  type RoomAvailability,
  roomAvailabilitySchema,
  roomSchema,
} from '../shared/contracts/registration.ts';
import { api } from './api.ts';
import { type AccommodationOrder, type AccommodationSearch, accommodationQuery, type Stay } from './hotel-search.ts';

/** The public partner-hotel calls of docs/behaviour.md §7, shared by the registration's hotel step and the booking pages. */

const accommodationsSchema = z.array(accommodationSchema);

/** GET /api/accommodation for a full search (docs/behaviour.md §3 search params). */
export function searchAccommodations(search: AccommodationSearch, signal?: AbortSignal): Promise<Accommodation[]> {
  return api('/api/accommodation', accommodationsSchema, {
    query: accommodationQuery(search, search.order, { occupancy: search.occupancy, onlyBookable: search.onlyBookable }),
    signal,
  });
}

/** GET /api/accommodation for the stay: one guest, bookable hotels only (the registration's hotel step). */
export function fetchAccommodations(stay: Stay, order: AccommodationOrder, signal?: AbortSignal): Promise<Accommodation[]> {
  return api('/api/accommodation', accommodationsSchema, { query: accommodationQuery(stay, order), signal });
}

/**
 * GET /api/accommodation/{id}/ with roomActive=true and roomInternal=false (docs/behaviour.md §7): the hotel with
 * every public room for the stay and guests, sold-out ones included, each with its availability ids.
 */
export function fetchAccommodation(
  id: number,
  stay: Stay,
  occupancy: number = ACCOMMODATION_DEFAULTS.roomOccupancy,
  signal?: AbortSignal,
): Promise<Accommodation> {
  return api(`/api/accommodation/${id}/`, accommodationSchema, {
    query: { start: stay.start, end: stay.end, roomOccupancy: occupancy, roomActive: true, roomInternal: false },
    signal,
  });
}

/** GET /api/accommodation/{id}/room/{roomId}: one room (its occupancy and availability for the stay). */
export function fetchRoom(accommodationId: number, roomId: number, stay: Stay, signal?: AbortSignal): Promise<Room> {
  return api(`/api/accommodation/${accommodationId}/room/${roomId}`, roomSchema, {
    query: { start: stay.start, end: stay.end },
    signal,
  });
}

/** docs/behaviour.md §7: one GET …/availability/{availabilityId} per night of the stay; any failure rejects. */
export function fetchRoomAvailability(
  accommodationId: number,
  roomId: number,
  availabilityIds: readonly number[],
  signal?: AbortSignal,
): Promise<RoomAvailability[]> {
  return Promise.all(
    availabilityIds.map((id) =>
      api(`/api/accommodation/${accommodationId}/room/${roomId}/availability/${id}`, roomAvailabilitySchema, { signal }),
    ),
  ).then((nights) => [...nights].sort((a, b) => a.night.localeCompare(b.night)));
}
