import { and, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Accommodation, Room } from '#shared/contracts/registration.ts';
import { accommodations, roomAvailabilities, rooms } from '../../db/schema/index.ts';
import { createTestApp } from '../../testing/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const list = async (query = '') => {
  const res = await get(`/api/accommodation${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Accommodation[];
};
const hotelId = async (name: string) => {
  const [row] = await t.database.db.select().from(accommodations).where(eq(accommodations.name, name));
  if (!row) throw new Error(name);
  return row.id;
};
const roomOf = async (hotel: string, name: string) => {
  const [row] = await t.database.db
    .select({ room: rooms })
    .from(rooms)
    .where(and(eq(rooms.accommodationId, await hotelId(hotel)), eq(rooms.name, name)));
  if (!row) throw new Error(name);
  return row.room;
};
const roomIn = (hotels: Accommodation[], hotel: string, room: string): Room | undefined =>
  hotels.find((h) => h.name === hotel)?.rooms.find((r) => r.name === room);

describe('GET /api/accommodation', () => {
  it('lists bookable hotels for the default stay, cheapest first, with shuttle flags', async () => {
    const hotels = await list();
    expect(hotels.length).toBeGreaterThan(0);
    const prices = hotels.map((h) => h.priceFrom as number);
    expect(prices.every((p) => p !== null)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(hotels.find((h) => h.name === 'Hotel Krønasår')?.shuttle).toBe(true);
    expect(hotels.find((h) => h.name === 'Landhotel Herbolzheim')?.shuttle).toBe(true);
    expect(hotels.find((h) => h.name === 'Hotel am Stadtpark Lahr')?.shuttle).toBe(true);
    expect(hotels.find((h) => h.name === 'Hotel Colosseo')?.shuttle).toBe(false);
    expect(hotels.find((h) => h.name === 'Hotel Schwarzwaldblick Freiburg')?.shuttle).toBe(false);
    const allRooms = hotels.flatMap((h) => h.rooms);
    expect(allRooms.every((r) => r.active && !r.internal)).toBe(true);
    expect(allRooms.some((r) => r.name === 'Crew Contingent' || r.name === 'Captain’s Suite')).toBe(false);
  });

  it('reports per room the minimum left over the stay and the ids of its nights', async () => {
    const hotels = await list('?start=2026-03-22&end=2026-03-25');
    const colosseo = hotels.find((h) => h.name === 'Hotel Colosseo');
    const room = colosseo?.rooms.find((r) => r.name === 'Comfort Single');
    if (!room) throw new Error('Comfort Single missing');
    const nights = await t.database.db
      .select()
      .from(roomAvailabilities)
      .where(
        and(
          eq(roomAvailabilities.roomId, room.id),
          gte(roomAvailabilities.night, '2026-03-22'),
          lt(roomAvailabilities.night, '2026-03-25'),
        ),
      )
      .orderBy(roomAvailabilities.night);
    expect(room.availabilityIds).toEqual(nights.map((n) => n.id));
    expect(room.available).toBe(Math.min(...nights.map((n) => n.total - n.booked)));
  });

  it('shows the last room and sold-out rooms, with priceFrom the cheapest bookable room', async () => {
    const hotels = await list();
    expect(roomIn(hotels, 'Hotel Ringsheimer Hof', 'Single Room')?.available).toBe(1);
    const santa = hotels.find((h) => h.name === 'Hotel Santa Isabel');
    expect(santa?.rooms.find((r) => r.name === 'Cloister Double')?.available).toBe(0);
    expect(santa?.priceFrom).toBe(42_900);
  });

  it('sorts from the highest price with order=priceHighLow', async () => {
    const prices = (await list('?order=priceHighLow')).map((h) => h.priceFrom as number);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
  });

  it('filters rooms by occupancy and hotels by bookability', async () => {
    const big = await list('?roomOccupancy=3');
    expect(big.flatMap((h) => h.rooms).every((r) => r.occupancy >= 3)).toBe(true);
    expect(big.some((h) => h.name === 'Hotel Ringsheimer Hof')).toBe(false);

    const all = await list('?roomOccupancy=3&roomIsBookable=null');
    expect(all).toHaveLength(8);
    expect(all.find((h) => h.name === 'Hotel Ringsheimer Hof')?.rooms).toEqual([]);
    // Hotels without any bookable room come last in either order.
    expect(all.at(-1)?.priceFrom).toBeNull();

    const none = await list('?roomOccupancy=3&roomIsBookable=false');
    expect(none.length).toBeGreaterThan(0);
    expect(none.every((h) => h.priceFrom === null)).toBe(true);
    expect(none.length + big.length).toBe(8);
  });

  it('accepts currentStays and an empty roomIsBookable (all)', async () => {
    expect(await list('?currentStays=4&roomIsBookable=')).toHaveLength(8);
  });

  it('answers bad search params with 400 problem+json naming the field', async () => {
    const cases: [string, string][] = [
      ['?start=2026-03-27&end=2026-03-23', 'end'],
      ['?start=2026-03-23&end=2026-03-23', 'end'],
      ['?start=2026-03-01&end=2026-03-16', 'end'],
      ['?start=2026-02-30&end=2026-03-02', 'start'],
      ['?start=yesterday', 'start'],
      ['?roomOccupancy=0', 'roomOccupancy'],
      ['?roomOccupancy=two', 'roomOccupancy'],
      ['?order=cheapest', 'order'],
      ['?roomIsBookable=maybe', 'roomIsBookable'],
      ['?currentStays=-1', 'currentStays'],
    ];
    for (const [query, path] of cases) {
      const res = await get(`/api/accommodation${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(
        res.json().errors.map((e: { path: string }) => e.path),
        query,
      ).toContain(path);
    }
  });
});

describe('GET /api/accommodation/:id', () => {
  it('answers one hotel, with or without the trailing slash and room flags', async () => {
    const id = await hotelId('Hotel Bell Rock');
    const plain = await get(`/api/accommodation/${id}`);
    expect(plain.statusCode).toBe(200);
    const slash = await get(`/api/accommodation/${id}/?roomActive=true&roomInternal=false`);
    expect(slash.statusCode).toBe(200);
    expect(slash.json()).toEqual(plain.json());
    expect((plain.json() as Accommodation).rooms.map((r) => r.name)).toEqual(['Standard Single', 'Standard Double']);

    const withInactive = (await get(`/api/accommodation/${id}?roomActive=false`)).json() as Accommodation;
    const suite = withInactive.rooms.find((r) => r.name === 'Captain’s Suite');
    expect(suite).toMatchObject({ active: false, available: 0 });
  });

  it('never lists internal rooms and refuses to be asked for them', async () => {
    const id = await hotelId('Landhotel Herbolzheim');
    const hotel = (await get(`/api/accommodation/${id}?roomActive=false`)).json() as Accommodation;
    expect(hotel.rooms.some((r) => r.internal)).toBe(false);
    const res = await get(`/api/accommodation/${id}/?roomInternal=true`);
    expect(res.statusCode).toBe(400);
  });

  it('filters rooms by bookability when asked', async () => {
    const id = await hotelId('Hotel Santa Isabel');
    const bookable = (await get(`/api/accommodation/${id}?roomIsBookable=true`)).json() as Accommodation;
    expect(bookable.rooms.map((r) => r.name)).toEqual(['Monastery Suite']);
    const full = (await get(`/api/accommodation/${id}?roomIsBookable=false`)).json() as Accommodation;
    expect(full.rooms.map((r) => r.name)).toEqual(['Cloister Double']);
  });

  it('answers 404 for an unknown hotel and 400 for a malformed id', async () => {
    const missing = await get('/api/accommodation/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('application/problem+json');
    expect((await get('/api/accommodation/abc')).statusCode).toBe(400);
    expect((await get('/api/accommodation/0')).statusCode).toBe(400);
    expect((await get('/api/accommodation/99999999999')).statusCode).toBe(400);
    expect((await get('/api/accommodation/1?end=2026-03-01')).statusCode).toBe(400);
  });
});

describe('rooms and availabilities', () => {
  it('answers a room of the hotel and 404 for a room of another hotel or an internal room', async () => {
    const colosseo = await hotelId('Hotel Colosseo');
    const single = await roomOf('Hotel Colosseo', 'Comfort Single');
    const res = await get(`/api/accommodation/${colosseo}/room/${single.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: single.id, name: 'Comfort Single', price: 16_900 });
    expect(res.json().availabilityIds).toHaveLength(4);

    const other = await roomOf('Hotel Bell Rock', 'Standard Single');
    expect((await get(`/api/accommodation/${colosseo}/room/${other.id}`)).statusCode).toBe(404);
    const crew = await roomOf('Landhotel Herbolzheim', 'Crew Contingent');
    expect((await get(`/api/accommodation/${crew.accommodationId}/room/${crew.id}`)).statusCode).toBe(404);
    expect((await get(`/api/accommodation/${colosseo}/room/x`)).statusCode).toBe(400);
  });

  it('answers one night of a room, and 404 unless it belongs to that room and hotel', async () => {
    const colosseo = await hotelId('Hotel Colosseo');
    const single = await roomOf('Hotel Colosseo', 'Comfort Single');
    const room = (await get(`/api/accommodation/${colosseo}/room/${single.id}`)).json() as Room;
    const [first] = room.availabilityIds;
    const res = await get(`/api/accommodation/${colosseo}/room/${single.id}/availability/${first}`);
    expect(res.statusCode).toBe(200);
    const night = res.json();
    expect(night).toMatchObject({ id: first, roomId: single.id, night: '2026-03-23' });
    expect(night.available).toBe(night.total - night.booked);

    const other = await roomOf('Hotel Colosseo', 'Superior Double');
    expect((await get(`/api/accommodation/${colosseo}/room/${other.id}/availability/${first}`)).statusCode).toBe(404);
    const bellRock = await hotelId('Hotel Bell Rock');
    expect((await get(`/api/accommodation/${bellRock}/room/${single.id}/availability/${first}`)).statusCode).toBe(404);
    expect((await get(`/api/accommodation/${colosseo}/room/${single.id}/availability/-1`)).statusCode).toBe(400);
  });
});
