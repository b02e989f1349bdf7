import { beforeAll, describe, expect, it } from 'vitest';
import { ACCOMMODATIONS, SHUTTLE_BADGES } from '../../../server/db/seed/venue.ts';
import { i18n, loadCatalogue, translate } from '../../i18n/i18n.ts';
import { findHotel, SHUTTLE_LINES, SITE_HEIGHT, SITE_HOTELS, SITE_POINTS, SITE_WIDTH, shuttleLineOf } from './site-layout.ts';

describe('site plan hotels', () => {
  it('shows exactly the seeded hotels with their address, stars, distance and badges', () => {
    expect(SITE_HOTELS.map((h) => h.name).sort()).toEqual(ACCOMMODATIONS.map((a) => a.name).sort());
    for (const seed of ACCOMMODATIONS) {
      const hotel = SITE_HOTELS.find((h) => h.name === seed.name);
      expect(hotel).toMatchObject({
        address: seed.address,
        stars: seed.stars,
        distanceM: seed.distanceM,
        badgeIds: seed.badgeIds,
      });
    }
  });

  it('gives every shuttle hotel (badges 28, 30, 31) its line, and no other hotel one', () => {
    for (const hotel of SITE_HOTELS) {
      const shuttle = hotel.badgeIds.some((id) => (SHUTTLE_BADGES as readonly number[]).includes(id));
      expect(Boolean(shuttleLineOf(hotel)), hotel.name).toBe(shuttle);
    }
    expect(shuttleLineOf({ badgeIds: [28] })?.id).toBe(1);
    expect(shuttleLineOf({ badgeIds: [30] })?.id).toBe(2);
    expect(shuttleLineOf({ badgeIds: [31] })?.id).toBe(3);
  });

  it('finds hotels as links name them', () => {
    expect(findHotel('Hotel Colosseo')?.name).toBe('Hotel Colosseo');
    expect(findHotel('colosseo')?.name).toBe('Hotel Colosseo');
    expect(findHotel('Kronasar')?.name).toBe('Hotel Krønasår');
    expect(findHotel('herbolzheim')?.name).toBe('Landhotel Herbolzheim');
    expect(findHotel('Lahr')?.name).toBe('Hotel am Stadtpark Lahr');
    expect(findHotel('Hotel')).toBeUndefined();
    expect(findHotel('Hilton')).toBeUndefined();
  });
});

describe('site plan drawing', () => {
  it('keeps every marker and shuttle route on the plan', () => {
    const inside = ({ x, y }: { x: number; y: number }) => x >= 0 && y >= 0 && x <= SITE_WIDTH && y <= SITE_HEIGHT;
    for (const hotel of SITE_HOTELS) expect(inside(hotel), hotel.name).toBe(true);
    for (const point of SITE_POINTS) expect(inside(point), point.id).toBe(true);
    for (const line of SHUTTLE_LINES) for (const p of line.path) expect(inside(p), line.name).toBe(true);
  });

  // The routes are plans catalogue keys: read in English, as the app shows them.
  beforeAll(async () => {
    await loadCatalogue('en', 'plans');
    i18n.activate('en');
  });

  it('has the train-station shuttle, a shuttle stop, parking and entrances', () => {
    const kinds = new Set(SITE_POINTS.map((p) => p.kind));
    for (const kind of ['station', 'shuttle-stop', 'parking', 'entrance', 'registration', 'venue'] as const)
      expect(kinds).toContain(kind);
    expect(SHUTTLE_LINES.find((line) => translate('plans', line.route).includes('station'))).toBeDefined();
  });
});
