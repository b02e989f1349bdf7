import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookings, orders, roomAvailabilities } from '../../db/schema/index.ts';
import { SOLD_OUT } from '../../services/hotels/booking.ts';
import { signedInUser } from '../../testing/purchases.ts';
import { seededRoom } from '../../testing/registrant.ts';
import { createTestApp } from '../../testing/test-app.ts';

const STAY = { start: '2026-03-23', end: '2026-03-27' };
const USERS = 30;

// PGlite runs one statement at a time, so only a real PostgreSQL shows whether the room lock holds.
describe.runIf(process.env.TEST_DATABASE_URL)('POST /api/booking under concurrency (PostgreSQL)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000' });
  });
  afterAll(async () => t?.close());

  it(`books the last room exactly once for ${USERS} users at the same moment`, async () => {
    const { db } = t.database;
    // The seed leaves exactly one Single Room at the Ringsheimer Hof for the default nights.
    const room = await seededRoom(db, 'Hotel Ringsheimer Hof', 'Single Room');
    const nights = () =>
      db
        .select()
        .from(roomAvailabilities)
        .where(
          and(
            eq(roomAvailabilities.roomId, room.id),
            gte(roomAvailabilities.night, STAY.start),
            lt(roomAvailabilities.night, STAY.end),
          ),
        );
    expect((await nights()).map((n) => n.total - n.booked)).toEqual([1, 1, 1, 1]);

    const buyers = await Promise.all(Array.from({ length: USERS }, () => signedInUser(db)));
    const answers = await Promise.all(
      buyers.map(({ headers }) =>
        t.app.inject({
          method: 'POST',
          url: '/api/booking',
          headers,
          payload: { accommodationId: room.accommodationId, roomId: room.id, ...STAY },
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(USERS - 1);
    for (const answer of answers.filter((a) => a.statusCode === 409)) expect(answer.json()).toMatchObject({ detail: SOLD_OUT });

    expect((await nights()).every((n) => n.booked === n.total)).toBe(true);
    const held = await db
      .select()
      .from(bookings)
      .where(and(eq(bookings.roomId, room.id), eq(bookings.status, 'held')));
    expect(held).toHaveLength(1);
    // Only the winner has a hotel order; the others' transactions rolled back completely. (The demo
    // seed's own guests have hotel orders too: only this test's buyers count.)
    const hotelOrders = await db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.kind, 'hotel'),
          inArray(
            orders.userId,
            buyers.map((buyer) => buyer.user.id),
          ),
        ),
      );
    expect(hotelOrders.map((o) => o.bookingId)).toEqual([held[0]?.id]);
  });
});
