import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadCatalogue, translate } from '../../i18n/i18n.ts';
import { DEFAULT_SEARCH } from '../../lib/hotel-search.ts';
import { CANCELLATION_MESSAGES } from '../../shared/booking-rules.ts';
import type { Booking } from '../../shared/contracts/catalog.ts';
import {
  type AccommodationT,
  bookingsAt,
  cancellationInfo,
  formatDay,
  guestPlacesLeft,
  mayBook,
  mergeBooking,
  STATUS_LABEL_KEYS,
  searchFromParams,
  searchToParams,
  sortBookings,
  withStay,
} from './booking-view.ts';

// The real English catalogue, as the page shows it.
beforeAll(async () => {
  await loadCatalogue('en', 'accommodation');
  i18n.activate('en');
});
const t: AccommodationT = (key, values) => translate('accommodation', key, values);

const booking = (patch: Partial<Booking> = {}): Booking => ({
  id: '00000000-0000-4000-8000-000000000001',
  accommodationId: 3,
  accommodationName: 'Hotel Colosseo',
  roomId: 7,
  roomName: 'Superior Double',
  start: '2026-03-23',
  end: '2026-03-27',
  status: 'confirmed',
  guests: [],
  price: 87_600,
  createdAt: '2026-01-10T09:00:00.000Z',
  ...patch,
});

describe('booking status and list', () => {
  it('labels held bookings as awaiting payment', () => {
    expect({
      held: t(STATUS_LABEL_KEYS.held),
      confirmed: t(STATUS_LABEL_KEYS.confirmed),
      cancelled: t(STATUS_LABEL_KEYS.cancelled),
    }).toEqual({ held: 'Awaiting payment', confirmed: 'Confirmed', cancelled: 'Cancelled' });
  });

  it('merges a changed booking and keeps the names only the extended list carries', () => {
    const list = [booking(), booking({ id: '00000000-0000-4000-8000-000000000002', accommodationId: 4 })];
    const changed = booking({
      accommodationName: undefined,
      roomName: undefined,
      guests: [{ firstName: 'Ada', lastName: 'Lovelace' }],
    });
    const merged = mergeBooking(list, changed);
    expect(merged).toHaveLength(2);
    expect(merged[0]).toMatchObject({
      accommodationName: 'Hotel Colosseo',
      roomName: 'Superior Double',
      guests: [{ firstName: 'Ada' }],
    });
    const created = booking({ id: '00000000-0000-4000-8000-000000000003', status: 'held' });
    expect(mergeBooking(list, created)[0]?.id).toBe(created.id);
  });

  it('sorts upcoming stays by arrival, newest first on the same day, cancelled ones last', () => {
    const a = booking({ id: 'a', start: '2026-03-24', createdAt: '2026-01-01T00:00:00Z' });
    const b = booking({ id: 'b', start: '2026-03-22', status: 'cancelled' });
    const c = booking({ id: 'c', start: '2026-03-24', createdAt: '2026-02-01T00:00:00Z', status: 'held' });
    const d = booking({ id: 'd', start: '2026-03-21' });
    expect(sortBookings([a, b, c, d]).map((x) => x.id)).toEqual(['d', 'c', 'a', 'b']);
  });

  it('picks the bookings at one hotel', () => {
    expect(bookingsAt([booking(), booking({ id: 'x', accommodationId: 9 })], 9).map((x) => x.id)).toEqual(['x']);
  });
});

describe('cancellation hint', () => {
  it('offers free cancellation until the last full day 14 days before arrival', () => {
    const info = cancellationInfo(booking(), t, new Date('2026-02-20T12:00:00Z'));
    expect(info).toEqual({ allowed: true, hint: 'Free cancellation until 8 March 2026 (14 days before arrival).' });
  });

  it('allows cancelling within 24 hours of booking after the deadline, and says until when', () => {
    const info = cancellationInfo(booking({ createdAt: '2026-03-15T10:30:00Z' }), t, new Date('2026-03-15T18:00:00Z'));
    expect(info.allowed).toBe(true);
    expect(info.hint).toMatch(/^You can cancel free of charge until 16 March 2026 at 10:30 UTC, within 24 hours of booking\.$/);
  });

  it('explains the rule when cancelling is no longer possible', () => {
    expect(cancellationInfo(booking({ createdAt: '2026-03-01T10:00:00Z' }), t, new Date('2026-03-15T18:00:00Z'))).toEqual({
      allowed: false,
      hint: CANCELLATION_MESSAGES.tooLate,
    });
    expect(cancellationInfo(booking(), t, new Date('2026-03-24T08:00:00Z'))).toEqual({
      allowed: false,
      hint: CANCELLATION_MESSAGES.arrived,
    });
  });

  it('says a stay that is over has ended, not that it has begun', () => {
    expect(cancellationInfo(booking(), t, new Date('2026-11-25T10:00:00Z'))).toEqual({
      allowed: false,
      hint: CANCELLATION_MESSAGES.ended,
    });
  });

  it('says nothing for held and cancelled bookings', () => {
    expect(cancellationInfo(booking({ status: 'held' }), t, new Date('2026-02-01T00:00:00Z'))).toEqual({
      allowed: false,
      hint: null,
    });
    expect(cancellationInfo(booking({ status: 'cancelled' }), t)).toEqual({ allowed: false, hint: null });
  });
});

describe('guest places', () => {
  it('counts the booker and the guests against the room occupancy', () => {
    expect(guestPlacesLeft(booking(), 2)).toBe(1);
    expect(guestPlacesLeft(booking({ guests: [{ firstName: 'A', lastName: 'B' }] }), 2)).toBe(0);
    expect(guestPlacesLeft(booking(), 1)).toBe(0);
    expect(guestPlacesLeft(booking(), null)).toBeNull();
  });
});

describe('who may book', () => {
  it('needs an approved pass, unless the user is a vendor', () => {
    expect(mayBook({ status: 'approved' }, false)).toBe(true);
    expect(mayBook({ status: 'pending' }, false)).toBe(false);
    expect(mayBook(null, false)).toBe(false);
    expect(mayBook(null, true)).toBe(true);
  });
});

describe('search in the address', () => {
  it('reads the defaults from an empty query', () => {
    expect(searchFromParams(new URLSearchParams())).toEqual(DEFAULT_SEARCH);
    expect(searchToParams(DEFAULT_SEARCH)).toEqual({});
  });

  it('round-trips a changed search, with roomIsBookable=null for all hotels', () => {
    const search = { start: '2026-03-22', end: '2026-03-25', occupancy: 2, order: 'priceHighLow' as const, onlyBookable: false };
    const params = searchToParams(search);
    expect(params).toEqual({
      start: '2026-03-22',
      end: '2026-03-25',
      roomOccupancy: '2',
      order: 'priceHighLow',
      roomIsBookable: 'null',
    });
    expect(searchFromParams(new URLSearchParams(params))).toEqual(search);
  });

  it('falls back to the defaults for anything unreadable', () => {
    const params = new URLSearchParams({ start: '2026-02-30', end: '2026-03-25', roomOccupancy: '12', order: 'cheapest' });
    expect(searchFromParams(params)).toEqual(DEFAULT_SEARCH);
  });

  it('carries a non-default stay to the hotel page', () => {
    expect(withStay('/accommodation/3', DEFAULT_SEARCH)).toBe('/accommodation/3');
    expect(withStay('/accommodation/3', { start: '2026-03-22', end: '2026-03-24' })).toBe(
      '/accommodation/3?start=2026-03-22&end=2026-03-24',
    );
  });

  it('formats days in UTC', () => {
    expect(formatDay('2026-03-09')).toBe('9 March 2026');
  });
});
