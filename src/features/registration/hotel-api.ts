import { z } from 'zod/mini';
import { api } from '../../lib/api.ts';
import {
  type Accommodation,
  accommodationSchema,
  type RoomAvailability,
  roomAvailabilitySchema,
} from '../../shared/contracts/registration.ts';
import { type AccommodationOrder, accommodationQuery, type Stay } from './hotel-search.ts';

const accommodationsSchema = z.array(accommodationSchema);

/** GET /api/accommodation for the stay (SPEC §3 search params). */
export function fetchAccommodations(stay: Stay, order: AccommodationOrder, signal?: AbortSignal): Promise<Accommodation[]> {
  return api('/api/accommodation', accommodationsSchema, { query: accommodationQuery(stay, order), signal });
}

/** SPEC §7: one GET …/availability/{availabilityId} per night of the stay; any failure rejects. */
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
