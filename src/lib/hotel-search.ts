import { dateFormat, numberFormat } from '../i18n/formats.ts';
import { activeLanguage, type Language, translate } from '../i18n/i18n.ts';
import type { MessageKey } from '../i18n/namespaces.ts';
import { validationText } from '../i18n/validation-text.ts';
import type { Accommodation, Room, RoomAvailability } from '../shared/contracts/registration.ts';
import { ACCOMMODATION_DEFAULTS } from '../shared/contracts/registration.ts';
import { SHUTTLE_BADGE_IDS } from '../shared/messages.ts';
import { addDays, nightCount, nightsOf, stayProblem } from '../shared/stay.ts';

/**
 * The partner-hotel search shared by the registration's hotel step and the signed-in booking pages:
 * the stay, the docs/behaviour.md §3 search params, and how hotels, rooms and nights are shown.
 *
 * The texts are in the active language: the words come from the `accommodation`
 * namespace, so a component showing them calls `useT('accommodation')` first (it then waits for the
 * namespace and re-renders on a language switch); dates and numbers follow the language too.
 */

/** A message of the accommodation namespace in the active language. */
const text = (key: MessageKey<'accommodation'>, values?: Record<string, unknown>) => translate('accommodation', key, values);

export type AccommodationOrder = 'priceLowHigh' | 'priceHighLow';

export interface Stay {
  start: string;
  end: string;
}

/** The search of docs/behaviour.md §3: a stay, the guests per room, sorting, and whether only bookable hotels are listed. */
export interface AccommodationSearch extends Stay {
  occupancy: number;
  order: AccommodationOrder;
  onlyBookable: boolean;
}

export const DEFAULT_STAY: Stay = { start: ACCOMMODATION_DEFAULTS.start, end: ACCOMMODATION_DEFAULTS.end };

export const DEFAULT_SEARCH: AccommodationSearch = {
  ...DEFAULT_STAY,
  occupancy: ACCOMMODATION_DEFAULTS.roomOccupancy,
  order: ACCOMMODATION_DEFAULTS.order,
  onlyBookable: ACCOMMODATION_DEFAULTS.roomIsBookable,
};

/** The largest rooms of the partner hotels sleep four. */
export const MAX_OCCUPANCY = 4;

/** Nights the partner hotels sell around the event (check-in 21 March to check-out 29 March 2026). */
export const STAY_WINDOW = { firstCheckIn: '2026-03-21', lastCheckOut: '2026-03-29' } as const;

/** The dates to choose from: arrive on any night the hotels sell, leave the morning after one of them. */
export const CHECK_IN_DATES = nightsOf(STAY_WINDOW.firstCheckIn, STAY_WINDOW.lastCheckOut);
export const CHECK_OUT_DATES = CHECK_IN_DATES.map((night) => addDays(night, 1));

/** The room a registration (or a booking) is about, with what its summary shows. */
export interface HotelChoiceSummary {
  accommodationId: number;
  roomId: number;
  name: string;
  roomName: string;
  start: string;
  end: string;
  nights: number;
  pricePerNight: number;
}

/**
 * Why the stay cannot be searched, or null (valid dates, check-out after check-in, inside the
 * window). The rules are the shared ones (src/shared/stay.ts); the sentence is the active language's.
 */
export function stayError(stay: Stay): string | null {
  const problem = stayProblem(stay.start, stay.end);
  if (problem) return validationText(problem);
  if (stay.start < STAY_WINDOW.firstCheckIn || stay.end > STAY_WINDOW.lastCheckOut) {
    return text('stayOutsideWindow');
  }
  return null;
}

/**
 * GET /api/accommodation query (docs/behaviour.md §3 search params). The all-accommodations variant sets
 * roomIsBookable to null; the API client drops null values, so it travels as the string 'null'.
 */
export function accommodationQuery(
  stay: Stay,
  order: AccommodationOrder,
  options: { occupancy?: number; onlyBookable?: boolean } = {},
) {
  const onlyBookable = options.onlyBookable ?? ACCOMMODATION_DEFAULTS.roomIsBookable;
  return {
    start: stay.start,
    end: stay.end,
    roomOccupancy: options.occupancy ?? ACCOMMODATION_DEFAULTS.roomOccupancy,
    currentStays: nightCount(stay.start, stay.end),
    roomIsBookable: onlyBookable ? true : 'null',
    order,
  };
}

/** docs/behaviour.md §3/§9: badge ids 28, 30 and 31 carry the shuttle flag. */
export function hasShuttle(accommodation: Pick<Accommodation, 'shuttle' | 'badgeIds'>): boolean {
  return accommodation.shuttle || accommodation.badgeIds.some((id) => (SHUTTLE_BADGE_IDS as readonly number[]).includes(id));
}

/** 350 → '350 m', 2400 → '2.4 km' (German '2,4 km'), 12000 → '12 km'. */
export function formatDistance(meters: number, language: Language = activeLanguage()): string {
  const format = numberFormat(language, { maximumFractionDigits: 1, useGrouping: false });
  if (meters < 1000) return `${format.format(Math.max(0, Math.round(meters)))} m`;
  const km = meters / 1000;
  return `${format.format(km >= 10 ? Math.round(km) : Math.round(km * 10) / 10)} km`;
}

export function roomTotal(pricePerNight: number, nights: number): number {
  return pricePerNight * nights;
}

/**
 * Rooms left for the whole stay: the live nightly availability when it could be loaded (the
 * fewest rooms left on any night), otherwise the search's own figure.
 */
export function roomsLeft(room: Pick<Room, 'available'>, nightly: readonly RoomAvailability[] | null): number {
  if (!nightly || nightly.length === 0) return Math.max(0, room.available);
  return Math.max(0, Math.min(...nightly.map((night) => night.available)));
}

export function isSoldOut(room: Pick<Room, 'available'>, nightly: readonly RoomAvailability[] | null): boolean {
  return roomsLeft(room, nightly) <= 0;
}

/** What the registration keeps of the chosen room. */
export function hotelChoice(
  accommodation: Pick<Accommodation, 'id' | 'name'>,
  room: Pick<Room, 'id' | 'name' | 'price'>,
  stay: Stay,
): HotelChoiceSummary {
  return {
    accommodationId: accommodation.id,
    roomId: room.id,
    name: accommodation.name,
    roomName: room.name,
    start: stay.start,
    end: stay.end,
    nights: nightCount(stay.start, stay.end),
    pricePerNight: room.price,
  };
}

/** '2026-03-23' → 'Mon 23 Mar' (German 'Mo., 23. März'; dates are UTC, docs/behaviour.md §9). */
export function formatNight(isoDate: string, language: Language = activeLanguage()): string {
  const format = dateFormat(language, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
  return format.format(new Date(`${isoDate}T00:00:00Z`));
}

/** '2026-03-23', '2026-03-27' → '23–27 March 2026' (German '23.–27. März 2026'). */
export function formatStay(stay: Stay, language: Language = activeLanguage()): string {
  const start = new Date(`${stay.start}T00:00:00Z`);
  const end = new Date(`${stay.end}T00:00:00Z`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return '';
  return dateFormat(language, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).formatRange(start, end);
}

/** 1 → '1 night', 4 → '4 nights' in the active language. */
export function pluralNights(nights: number): string {
  return text('nightCount', { count: nights });
}

/** 1 → '1 guest', 3 → '3 guests' in the active language. */
export function pluralGuests(guests: number): string {
  return text('guestCount', { count: guests });
}
