import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { bookings, roomAvailabilities, users } from '../../db/schema/index.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { seededRoom } from '../../testing/registrant.ts';
import { createTestDatabase } from '../../testing/test-app.ts';
import { bookRoom, HOLD_MINUTES, releaseHold, SOLD_OUT, secureBooking } from './booking.ts';

const STAY = { start: '2026-03-23', end: '2026-03-27' };

async function nights(db: Database['db'], roomId: number, start = STAY.start, end = STAY.end) {
  return db
    .select({ night: roomAvailabilities.night, total: roomAvailabilities.total, booked: roomAvailabilities.booked })
    .from(roomAvailabilities)
    .where(and(eq(roomAvailabilities.roomId, roomId), gte(roomAvailabilities.night, start), lt(roomAvailabilities.night, end)))
    .orderBy(roomAvailabilities.night);
}

async function anyUserId(db: Database['db']) {
  const [user] = await db.select({ id: users.id }).from(users).limit(1);
  if (!user) throw new Error('no users');
  return user.id;
}

async function expectSoldOut(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpProblem);
  expect(error).toMatchObject({ status: 409, detail: SOLD_OUT });
}

describe('bookRoom on one database', () => {
  let database: Database;
  let userId: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    userId = await anyUserId(database.db);
  });
  afterAll(async () => database?.close());

  it('books every night once and refuses the room once it is full, changing nothing then', async () => {
    const { db } = database;
    const room = await seededRoom(db, 'Hotel Ringsheimer Hof', 'Single Room');
    const before = await nights(db, room.id);
    expect(before.map((n) => n.total - n.booked)).toEqual([1, 1, 1, 1]);

    const input = { userId, accommodationId: room.accommodationId, roomId: room.id, ...STAY, status: 'confirmed' as const };
    const booking = await db.transaction((tx) => bookRoom(tx, input));
    expect(booking).toMatchObject({ status: 'confirmed', priceCents: 4 * room.priceCents, start: STAY.start, end: STAY.end });
    expect((await nights(db, room.id)).map((n) => n.total - n.booked)).toEqual([0, 0, 0, 0]);

    await expectSoldOut(db.transaction((tx) => bookRoom(tx, input)));
    // A stay overlapping only partly: the free night before must not stay incremented after the rollback.
    const wider = await nights(db, room.id, '2026-03-22', '2026-03-27');
    await expectSoldOut(db.transaction((tx) => bookRoom(tx, { ...input, start: '2026-03-22' })));
    expect(await nights(db, room.id, '2026-03-22', '2026-03-27')).toEqual(wider);
  });

  it('refuses nights that are not offered at all', async () => {
    const { db } = database;
    const room = await seededRoom(db, 'Hotel Colosseo', 'Comfort Single');
    await expectSoldOut(
      db.transaction((tx) =>
        bookRoom(tx, {
          userId,
          accommodationId: room.accommodationId,
          roomId: room.id,
          start: '2026-03-27',
          end: '2026-03-31',
          status: 'held',
        }),
      ),
    );
  });

  it('answers 404 for a room of another hotel, an inactive or an internal room', async () => {
    const { db } = database;
    const colosseo = await seededRoom(db, 'Hotel Colosseo', 'Comfort Single');
    const bellRock = await seededRoom(db, 'Hotel Bell Rock', 'Standard Single');
    const suite = await seededRoom(db, 'Hotel Bell Rock', 'Captain’s Suite');
    const crew = await seededRoom(db, 'Landhotel Herbolzheim', 'Crew Contingent');
    const attempts = [
      { accommodationId: bellRock.accommodationId, roomId: colosseo.id },
      { accommodationId: suite.accommodationId, roomId: suite.id },
      { accommodationId: crew.accommodationId, roomId: crew.id },
    ];
    for (const ids of attempts) {
      const error = await db
        .transaction((tx) => bookRoom(tx, { userId, ...ids, ...STAY, status: 'held' }))
        .catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 404 });
    }
  });

  it('releases an expired hold for the next booking, exactly once, and reclaims or refuses it later', async () => {
    const { db } = database;
    const room = await seededRoom(db, 'Hotel am Stadtpark Lahr', 'Park Suite');
    const input = { userId, accommodationId: room.accommodationId, roomId: room.id, ...STAY, status: 'held' as const };
    // Fill the room with holds.
    const free = Math.min(...(await nights(db, room.id)).map((n) => n.total - n.booked));
    const holds = [];
    for (let i = 0; i < free; i++) holds.push(await db.transaction((tx) => bookRoom(tx, input)));
    await expectSoldOut(db.transaction((tx) => bookRoom(tx, input)));

    // The first hold expires: the next booking takes its place.
    const [first] = holds;
    if (!first) throw new Error('no hold');
    const past = new Date(Date.now() - (HOLD_MINUTES + 1) * 60_000);
    await db.update(bookings).set({ createdAt: past }).where(eq(bookings.id, first.id));
    const taker = await db.transaction((tx) => bookRoom(tx, input));
    const [released] = await db.select().from(bookings).where(eq(bookings.id, first.id));
    expect(released?.status).toBe('cancelled');
    expect((await nights(db, room.id)).every((n) => n.booked === n.total)).toBe(true);

    // Its owner pays late: the room is gone now, so confirming it fails and changes nothing.
    await expectSoldOut(db.transaction((tx) => secureBooking(tx, first.id, 'confirmed')));
    // The taker lets go; now the late payer gets the room back.
    await db.transaction((tx) => releaseHold(tx, taker.id));
    const reclaimed = await db.transaction((tx) => secureBooking(tx, first.id, 'confirmed'));
    expect(reclaimed.status).toBe('confirmed');
    expect((await nights(db, room.id)).every((n) => n.booked === n.total)).toBe(true);

    // Confirming twice and releasing a confirmed booking change nothing.
    await db.transaction((tx) => secureBooking(tx, first.id, 'confirmed'));
    await db.transaction((tx) => releaseHold(tx, first.id));
    const [still] = await db.select().from(bookings).where(eq(bookings.id, first.id));
    expect(still?.status).toBe('confirmed');
    expect((await nights(db, room.id)).every((n) => n.booked === n.total)).toBe(true);
  });

  it('shows expired holds as available in the search before they are released', async () => {
    const { db } = database;
    const room = await seededRoom(db, 'Hotel Colosseo', 'Junior Suite');
    const input = { userId, accommodationId: room.accommodationId, roomId: room.id, ...STAY, status: 'held' as const };
    const { roomsForStay } = await import('../../routes/accommodation/queries.ts');
    const filter = { ...STAY, occupancy: 1, roomId: room.id, includeInactive: false };
    const [before] = await roomsForStay(db, filter);
    const hold = await db.transaction((tx) => bookRoom(tx, input));
    expect((await roomsForStay(db, filter))[0]?.available).toBe((before?.available ?? 0) - 1);
    await db.update(bookings).set({ createdAt: sql`now() - interval '31 minutes'` }).where(eq(bookings.id, hold.id));
    expect((await roomsForStay(db, filter))[0]?.available).toBe(before?.available);
  });
});

/** docs/architecture.md §8: the concurrency guarantee is checked on real PostgreSQL with a connection pool. */
describe.runIf(process.env.TEST_DATABASE_URL)('bookRoom under concurrency (PostgreSQL)', () => {
  let setup: Database;
  let pool: Database;
  beforeAll(async () => {
    setup = await createTestDatabase();
    pool = await openDatabase({ url: process.env.TEST_DATABASE_URL as string, poolSize: 20 });
  });
  afterAll(async () => {
    await pool?.close();
    await setup?.close();
  });

  it('lets exactly 1 of 50 concurrent bookings have the last room', async () => {
    const { db } = pool;
    const room = await seededRoom(db, 'Hotel Ringsheimer Hof', 'Single Room');
    const userId = await anyUserId(db);
    const input = { userId, accommodationId: room.accommodationId, roomId: room.id, ...STAY, status: 'confirmed' as const };
    const countBookings = async () =>
      (await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.roomId, room.id))).length;
    const before = await countBookings();
    const results = await Promise.allSettled(Array.from({ length: 50 }, () => db.transaction((tx) => bookRoom(tx, input))));

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(failures).toHaveLength(49);
    for (const failure of failures) expect(failure.reason).toMatchObject({ status: 409, detail: SOLD_OUT });
    expect((await nights(db, room.id)).every((n) => n.booked === n.total)).toBe(true);
    expect(await countBookings()).toBe(before + 1);
  });
});
