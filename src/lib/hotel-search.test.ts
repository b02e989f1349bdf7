import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadCatalogue } from '../i18n/i18n.ts';
import {
  accommodationQuery,
  DEFAULT_SEARCH,
  DEFAULT_STAY,
  formatDistance,
  formatNight,
  formatStay,
  hasShuttle,
  hotelChoice,
  isSoldOut,
  pluralGuests,
  pluralNights,
  roomsLeft,
  roomTotal,
  stayError,
} from './hotel-search.ts';

// The real English catalogue, as the app shows it.
beforeAll(async () => {
  await loadCatalogue('en', 'accommodation');
  i18n.activate('en');
});

const night = (date: string, available: number) => ({
  id: 1,
  roomId: 1,
  night: date,
  total: 10,
  booked: 10 - available,
  available,
});

describe('hotel search', () => {
  it('searches the default stay for one guest, cheapest first', () => {
    expect(DEFAULT_STAY).toEqual({ start: '2026-03-23', end: '2026-03-27' });
    expect(accommodationQuery(DEFAULT_STAY, 'priceLowHigh')).toEqual({
      start: '2026-03-23',
      end: '2026-03-27',
      roomOccupancy: 1,
      currentStays: 4,
      roomIsBookable: true,
      order: 'priceLowHigh',
    });
  });

  it('sends the all-accommodations variant with roomIsBookable null, and the chosen occupancy', () => {
    expect(DEFAULT_SEARCH).toEqual({ ...DEFAULT_STAY, occupancy: 1, order: 'priceLowHigh', onlyBookable: true });
    expect(
      accommodationQuery({ start: '2026-03-22', end: '2026-03-25' }, 'priceHighLow', { occupancy: 2, onlyBookable: false }),
    ).toEqual({
      start: '2026-03-22',
      end: '2026-03-25',
      roomOccupancy: 2,
      currentStays: 3,
      roomIsBookable: 'null',
      order: 'priceHighLow',
    });
  });

  it('checks the stay', () => {
    expect(stayError(DEFAULT_STAY)).toBeNull();
    expect(stayError({ start: '2026-03-25', end: '2026-03-25' })).toMatch(/after the check-in/);
    expect(stayError({ start: '2026-03-10', end: '2026-03-12' })).toMatch(/21 to 28 March/);
    expect(stayError({ start: '2026-03-21', end: '2026-03-29' })).toBeNull();
    expect(stayError({ start: '', end: '2026-03-29' })).toBeTruthy();
  });

  it('recognises the shuttle badges 28, 30 and 31', () => {
    expect(hasShuttle({ shuttle: false, badgeIds: [12, 30] })).toBe(true);
    expect(hasShuttle({ shuttle: false, badgeIds: [12] })).toBe(false);
    expect(hasShuttle({ shuttle: true, badgeIds: [] })).toBe(true);
  });

  it('formats distances', () => {
    expect(formatDistance(350)).toBe('350 m');
    expect(formatDistance(2400)).toBe('2.4 km');
    expect(formatDistance(1000)).toBe('1 km');
    expect(formatDistance(12_400)).toBe('12 km');
  });

  it('prices the stay', () => {
    expect(roomTotal(18_900, 4)).toBe(75_600);
    expect(pluralNights(1)).toBe('1 night');
    expect(pluralNights(4)).toBe('4 nights');
    expect(pluralGuests(1)).toBe('1 guest');
    expect(pluralGuests(3)).toBe('3 guests');
  });

  it('counts the rooms left from the live nights, falling back to the search', () => {
    expect(roomsLeft({ available: 3 }, null)).toBe(3);
    expect(roomsLeft({ available: 3 }, [night('2026-03-23', 5), night('2026-03-24', 1)])).toBe(1);
    expect(isSoldOut({ available: 3 }, [night('2026-03-23', 5), night('2026-03-24', 0)])).toBe(true);
    expect(isSoldOut({ available: 0 }, null)).toBe(true);
    expect(isSoldOut({ available: 2 }, [])).toBe(false);
  });

  it('keeps what the registration needs of the chosen room', () => {
    expect(hotelChoice({ id: 3, name: 'Hotel Colosseo' }, { id: 7, name: 'Superior Room', price: 18_900 }, DEFAULT_STAY)).toEqual(
      {
        accommodationId: 3,
        roomId: 7,
        name: 'Hotel Colosseo',
        roomName: 'Superior Room',
        start: '2026-03-23',
        end: '2026-03-27',
        nights: 4,
        pricePerNight: 18_900,
      },
    );
  });

  it('formats nights and stays in UTC', () => {
    expect(formatNight('2026-03-23')).toBe('Mon 23 Mar');
    // German, for the hotel cards of a German visitor.
    expect(formatNight('2026-03-23', 'de')).toMatch(/^Mo\.?,? 23\. März$/);
    expect(formatDistance(2400, 'de')).toBe('2,4 km');
    expect(formatDistance(350, 'de')).toBe('350 m');
    expect(formatStay(DEFAULT_STAY)).toMatch(/^23\s?–\s?27 March 2026$/);
  });
});
