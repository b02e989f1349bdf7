import { and, eq, gte, lt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANCELLATION_MESSAGES } from '#shared/booking-rules.ts';
import type { Booking, BookingCancellation, BookingOrder } from '#shared/contracts/index.ts';
import type { Invoice, Order } from '#shared/contracts/registration.ts';
import { addDays } from '#shared/stay.ts';
import { bookings, invoices, refunds, roomAvailabilities, rooms, users } from '../../db/schema/index.ts';
import { demoEmail } from '../../db/seed/demo-accounts.ts';
import { HOLD_MINUTES, SOLD_OUT } from '../../services/hotels/booking.ts';
import { checkCii, readCii, writeTestXml } from '../../testing/en16931.ts';
import { facturXml } from '../../testing/pdf-attachments.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { type Headers, lastMailTo, payInSandbox, signedInUser, vendorWithoutPass } from '../../testing/purchases.ts';
import { seededRoom } from '../../testing/registrant.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { BOOKING_MESSAGES } from './create.ts';
import { GUEST_MESSAGES } from './guests.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;

const STAY = { start: '2026-03-23', end: '2026-03-27' };

/**
 * The cancellation rules judge by today's date, and the seeded stays (March 2026) may lie in the
 * past. A test room offered from three days ago to sixty days ahead gives stays relative to today.
 */
let lakeRoom: { accommodationId: number; roomId: number };
const LAKE_PRICE = 15_000;
const today = () => new Date().toISOString().slice(0, 10);
const futureStay = (inDays: number, nights = 4) => ({
  ...lakeRoom,
  start: addDays(today(), inDays),
  end: addDays(today(), inDays + nights),
});

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const hotel = await seededRoom(db, 'Hotel Krønasår', 'Nordic Double');
  const [room] = await db
    .insert(rooms)
    .values({ accommodationId: hotel.accommodationId, name: 'Lake Room', occupancy: 2, priceCents: LAKE_PRICE })
    .returning();
  if (!room) throw new Error('room insert failed');
  await db
    .insert(roomAvailabilities)
    .values(Array.from({ length: 64 }, (_, i) => ({ roomId: room.id, night: addDays(today(), i - 3), total: 20 })));
  lakeRoom = { accommodationId: room.accommodationId, roomId: room.id };
});
afterAll(async () => t?.close());

async function stay(hotel: string, room: string, dates: { start: string; end: string } = STAY) {
  const row = await seededRoom(t.database.db, hotel, room);
  return { accommodationId: row.accommodationId, roomId: row.id, ...dates };
}

async function freeRooms(roomId: number, dates: { start: string; end: string } = STAY) {
  const rows = await t.database.db
    .select()
    .from(roomAvailabilities)
    .where(
      and(
        eq(roomAvailabilities.roomId, roomId),
        gte(roomAvailabilities.night, dates.start),
        lt(roomAvailabilities.night, dates.end),
      ),
    )
    .orderBy(roomAvailabilities.night);
  return rows.map((row) => row.total - row.booked);
}

const request = (method: 'GET' | 'POST' | 'DELETE', url: string, headers?: Headers, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function book(headers: Headers, choice: unknown): Promise<BookingOrder> {
  const res = await request('POST', '/api/booking', headers, choice);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** Rooms with at least two left on every night of STAY (seed: normal rooms keep two free), used in turn. */
const ROOMS: [string, string][] = [
  ['Hotel Bell Rock', 'Standard Double'],
  ['Landhotel Herbolzheim', 'Single Room'],
  ['Landhotel Herbolzheim', 'Double Room'],
  ['Hotel am Stadtpark Lahr', 'Business Single'],
  ['Hotel am Stadtpark Lahr', 'Business Double'],
  ['Hotel Schwarzwaldblick Freiburg', 'City Single'],
  ['Hotel Krønasår', 'Nordic Single'],
  ['Hotel Colosseo', 'Superior Double'],
];
let nextRoom = 0;

/** A signed-in attendee with a paid, confirmed room: this stay, or STAY in the next of ROOMS. */
async function paidBooking(choice?: { accommodationId: number; roomId: number; start: string; end: string }) {
  const [hotel, room] = ROOMS[nextRoom++ % ROOMS.length] as [string, string];
  const buyer = await signedInUser(t.database.db);
  const placed = await book(buyer.headers, choice ?? (await stay(hotel, room)));
  const paid = await payInSandbox(t, buyer.headers, placed.order, '/accommodation');
  return { ...buyer, booking: placed.booking, order: paid.status.order };
}

const invoicesOf = async (headers: Headers) => (await request('GET', '/api/invoice', headers)).json() as Invoice[];

describe('POST /api/booking', () => {
  it('holds the room, prices the hotel order, and payment confirms it with an invoice and a mail', async () => {
    const { headers, user } = await signedInUser(t.database.db);
    const choice = await stay('Hotel Bell Rock', 'Standard Double');
    const before = await freeRooms(choice.roomId);
    const placed = await book(headers, choice);
    expect(placed.booking).toMatchObject({
      ...choice,
      status: 'held',
      accommodationName: 'Hotel Bell Rock',
      roomName: 'Standard Double',
      price: 4 * 20_900,
      guests: [],
    });
    expect(placed.order).toMatchObject({
      kind: 'hotel',
      status: 'open',
      net: 83_600,
      vat: 5_852,
      gross: 89_452,
      lines: [
        {
          kind: 'hotel',
          description: 'Hotel Bell Rock, Standard Double, 2026-03-23 to 2026-03-27 (4 nights)',
          quantity: 4,
          unitPrice: 20_900,
          net: 83_600,
        },
      ],
    });
    expect(await freeRooms(choice.roomId)).toEqual(before.map((n) => n - 1));
    // The same stay again: the same hold and order, nothing more taken.
    const again = await book(headers, choice);
    expect(again.booking.id).toBe(placed.booking.id);
    expect(again.order.id).toBe(placed.order.id);
    expect(await freeRooms(choice.roomId)).toEqual(before.map((n) => n - 1));

    const paid = await payInSandbox(t, headers, placed.order, '/accommodation');
    expect(paid.page).toContain('Hotel booking');
    expect(paid.status.order).toMatchObject({ status: 'paid', invoiceNumber: expect.stringMatching(/^CF-/) });
    const detail = await request('GET', `/api/booking/${placed.booking.id}`, headers);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ status: 'confirmed', accommodationName: 'Hotel Bell Rock' });
    expect(await invoicesOf(headers)).toEqual([
      expect.objectContaining({ kind: 'invoice', gross: 89_452, description: placed.order.lines[0]?.description }),
    ]);
    const mail = await lastMailTo(t.database.db, user.email);
    expect(mail?.subject).toBe(`Your CloudFest 2026 hotel booking, invoice ${paid.status.order.invoiceNumber}`);
    expect(mail?.text).toContain('Your room at Hotel Bell Rock (Standard Double) is booked from 2026-03-23 to 2026-03-27.');
    expect(await freeRooms(choice.roomId)).toEqual(before.map((n) => n - 1));
  });

  it('swaps the hold of an unpaid order for another stay instead of keeping two rooms', async () => {
    const { headers } = await signedInUser(t.database.db);
    const first = await stay('Hotel Colosseo', 'Superior Double');
    const second = await stay('Hotel Krønasår', 'Nordic Double');
    const [firstBefore, secondBefore] = [await freeRooms(first.roomId), await freeRooms(second.roomId)];
    const one = await book(headers, first);
    const two = await book(headers, second);
    expect(two.order.id).toBe(one.order.id);
    expect(two.booking.id).not.toBe(one.booking.id);
    expect(two.order.gross).toBe(98_012);
    expect(await freeRooms(first.roomId)).toEqual(firstBefore);
    expect(await freeRooms(second.roomId)).toEqual(secondBefore.map((n) => n - 1));
    const [released] = await t.database.db.select().from(bookings).where(eq(bookings.id, one.booking.id));
    expect(released?.status).toBe('cancelled');
  });

  it('lets a vendor without a pass book; refuses a pending pass with 403', async () => {
    const vendor = await vendorWithoutPass(t.database.db);
    const placed = await book(vendor.headers, await stay('Hotel Bell Rock', 'Standard Single'));
    expect(placed.order.kind).toBe('hotel');
    await payInSandbox(t, vendor.headers, placed.order);
    expect((await request('GET', `/api/booking/${placed.booking.id}`, vendor.headers)).json()).toMatchObject({
      status: 'confirmed',
    });

    const pending = await signedInUser(t.database.db, { passStatus: 'pending' });
    const res = await request('POST', '/api/booking', pending.headers, await stay('Hotel Bell Rock', 'Standard Single'));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ detail: BOOKING_MESSAGES.notAllowed });
  });

  it('answers 409 for a sold-out room and 404 for rooms that cannot be booked', async () => {
    const { headers } = await signedInUser(t.database.db);
    const soldOut = await request('POST', '/api/booking', headers, await stay('Hotel Santa Isabel', 'Cloister Double'));
    expect(soldOut.statusCode).toBe(409);
    expect(soldOut.json()).toMatchObject({ detail: SOLD_OUT });
    const colosseo = await stay('Hotel Colosseo', 'Comfort Single');
    const bellRock = await stay('Hotel Bell Rock', 'Standard Single');
    for (const choice of [
      { ...colosseo, accommodationId: bellRock.accommodationId },
      await stay('Hotel Bell Rock', 'Captain’s Suite'),
      await stay('Landhotel Herbolzheim', 'Crew Contingent'),
      { ...colosseo, roomId: 999_999 },
      { ...colosseo, roomId: 2 ** 31 },
    ]) {
      const res = await request('POST', '/api/booking', headers, choice);
      expect(res.statusCode, JSON.stringify(choice)).toBe(404);
    }
  });

  it('answers bad input with 400 problem+json, never 500, and no token with 401', async () => {
    const { headers } = await signedInUser(t.database.db);
    const good = await stay('Hotel Bell Rock', 'Standard Single');
    for (const payload of [
      {},
      { ...good, start: '2026-02-30' },
      { ...good, start: '23.03.2026' },
      { ...good, end: good.start },
      { ...good, start: '2026-03-01', end: '2026-03-20' },
      { ...good, start: '2026-03-10', end: '2026-03-12' },
      { ...good, start: '2026-03-27', end: '2026-04-02' },
      { ...good, roomId: 'x' },
      { ...good, accommodationId: -1 },
    ]) {
      const res = await request('POST', '/api/booking', headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    const outside = await request('POST', '/api/booking', headers, { ...good, start: '2026-03-10', end: '2026-03-12' });
    expect(outside.json()).toMatchObject({ detail: 'This room can be booked for stays from 2026-03-21 to 2026-03-29.' });
    expect((await request('POST', '/api/booking', undefined, good)).statusCode).toBe(401);
  });

  it('an unpaid hold expires after 30 minutes and frees the room for others', async () => {
    const { headers } = await signedInUser(t.database.db);
    const choice = await stay('Hotel am Stadtpark Lahr', 'Park Suite');
    const before = await freeRooms(choice.roomId);
    const placed = await book(headers, choice);
    const expired = new Date(Date.now() - (HOLD_MINUTES + 1) * 60_000);
    await t.database.db.update(bookings).set({ createdAt: expired }).where(eq(bookings.id, placed.booking.id));
    const other = await signedInUser(t.database.db);
    await book(other.headers, choice);
    const [released] = await t.database.db.select().from(bookings).where(eq(bookings.id, placed.booking.id));
    expect(released?.status).toBe('cancelled');
    expect(await freeRooms(choice.roomId)).toEqual(before.map((n) => n - 1));
  });
});

describe('GET /api/booking', () => {
  it('lists the own bookings with names when extended, cancelled ones included', async () => {
    const { headers, booking } = await paidBooking(futureStay(40));
    const held = await book(headers, await stay('Hotel Colosseo', 'Comfort Single'));
    await request('DELETE', `/api/booking/${booking.id}`, headers);
    const list = (await request('GET', '/api/booking?extended=true', headers)).json() as Booking[];
    expect(list.map((b) => [b.id, b.status])).toEqual(
      expect.arrayContaining([
        [booking.id, 'cancelled'],
        [held.booking.id, 'held'],
      ]),
    );
    expect(list[0]?.accommodationName).toBeDefined();
    const plain = (await request('GET', '/api/booking', headers)).json() as Booking[];
    expect(plain[0]?.accommodationName).toBeUndefined();
    expect((await request('GET', '/api/booking?extended=yes', headers)).statusCode).toBe(400);
  });

  it("answers 404 for another user's or an unknown booking, 400 for a malformed id", async () => {
    const { booking } = await paidBooking();
    const other = await signedInUser(t.database.db);
    expect((await request('GET', `/api/booking/${booking.id}`, other.headers)).statusCode).toBe(404);
    expect((await request('GET', '/api/booking/00000000-0000-4000-8000-000000000000', other.headers)).statusCode).toBe(404);
    expect((await request('GET', '/api/booking/not-a-uuid', other.headers)).statusCode).toBe(400);
    expect((await request('GET', `/api/booking/${booking.id}`)).statusCode).toBe(401);
  });
});

describe('booking guests', () => {
  it('adds guests up to the room occupancy minus the booker, and removes them by index', async () => {
    const { headers, booking } = await paidBooking(await stay('Hotel Krønasår', 'Family Suite'));
    const ids = { accommodationId: booking.accommodationId, roomId: booking.roomId, bookingId: booking.id };
    const guests = [
      { firstName: 'Ada', lastName: 'Lovelace' },
      { firstName: ' Grace ', lastName: 'Hopper' },
      { firstName: 'Alan', lastName: 'Turing' },
    ];
    let last: Booking | undefined;
    for (const guest of guests) {
      const res = await request('POST', '/api/booking/guest', headers, { ...ids, guest });
      expect(res.statusCode, res.body).toBe(200);
      last = res.json();
    }
    expect(last?.guests).toEqual([
      { firstName: 'Ada', lastName: 'Lovelace' },
      { firstName: 'Grace', lastName: 'Hopper' },
      { firstName: 'Alan', lastName: 'Turing' },
    ]);
    const full = await request('POST', '/api/booking/guest', headers, {
      ...ids,
      guest: { firstName: 'Tim', lastName: 'Berners-Lee' },
    });
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ detail: GUEST_MESSAGES.noSpace });

    const removed = await request('DELETE', `/api/booking/${booking.id}/guest/1`, headers);
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as Booking).guests.map((g) => g.firstName)).toEqual(['Ada', 'Alan']);
    expect((await request('DELETE', `/api/booking/${booking.id}/guest/2`, headers)).statusCode).toBe(404);
    expect((await request('DELETE', `/api/booking/${booking.id}/guest/x`, headers)).statusCode).toBe(400);
    expect((await request('DELETE', `/api/booking/${booking.id}/guest/-1`, headers)).statusCode).toBe(400);
  });

  it('a single room has no space for a guest', async () => {
    const { headers, booking } = await paidBooking(await stay('Hotel Bell Rock', 'Standard Single'));
    const res = await request('POST', '/api/booking/guest', headers, {
      accommodationId: booking.accommodationId,
      roomId: booking.roomId,
      bookingId: booking.id,
      guest: { firstName: 'Ada', lastName: 'Lovelace' },
    });
    expect(res.statusCode).toBe(409);
  });

  it("answers 404 for another user's booking, mismatched ids or a booking that is not confirmed; 400 for bad input", async () => {
    const { headers, booking } = await paidBooking();
    const ids = { accommodationId: booking.accommodationId, roomId: booking.roomId, bookingId: booking.id };
    const guest = { firstName: 'Ada', lastName: 'Lovelace' };
    const other = await signedInUser(t.database.db);
    expect((await request('POST', '/api/booking/guest', other.headers, { ...ids, guest })).statusCode).toBe(404);
    expect((await request('DELETE', `/api/booking/${booking.id}/guest/0`, other.headers)).statusCode).toBe(404);
    expect((await request('POST', '/api/booking/guest', headers, { ...ids, roomId: ids.roomId + 1, guest })).statusCode).toBe(
      404,
    );
    expect(
      (await request('POST', '/api/booking/guest', headers, { ...ids, accommodationId: ids.accommodationId + 1, guest }))
        .statusCode,
    ).toBe(404);
    const held = await book(other.headers, await stay('Hotel Colosseo', 'Superior Double'));
    const heldIds = { accommodationId: held.booking.accommodationId, roomId: held.booking.roomId, bookingId: held.booking.id };
    expect((await request('POST', '/api/booking/guest', other.headers, { ...heldIds, guest })).statusCode).toBe(404);
    for (const payload of [
      { ...ids },
      { ...ids, guest: { firstName: '  ', lastName: 'Lovelace' } },
      { ...ids, guest: { firstName: 'Ada' } },
      { ...ids, bookingId: 'nope', guest },
      { ...ids, roomId: 2 ** 31, guest },
      { ...ids, guest: { firstName: 'A'.repeat(101), lastName: 'B' } },
    ]) {
      const res = await request('POST', '/api/booking/guest', headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('keeps the seeded guest of the VIP suite', async () => {
    const vip = await t.login(demoEmail('vip'));
    const [booking] = (await request('GET', '/api/booking?extended=true', vip)).json() as Booking[];
    expect(booking?.guests).toEqual([{ firstName: 'Olivia', lastName: 'Taylor' }]);
    // Monastery Suite: occupancy 2, so the VIP and Olivia fill it.
    const res = await request('POST', '/api/booking/guest', vip, {
      accommodationId: booking?.accommodationId,
      roomId: booking?.roomId,
      bookingId: booking?.id,
      guest: { firstName: 'Noah', lastName: 'Taylor' },
    });
    expect(res.statusCode).toBe(409);
  });
});

describe('DELETE /api/booking/{id}', () => {
  it('cancels a paid booking: nights freed, refund once through the provider, credit note with its PDF', async () => {
    const { headers, user, booking, order } = await paidBooking(futureStay(30));
    const before = await freeRooms(booking.roomId, booking);
    const res = await request('DELETE', `/api/booking/${booking.id}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    const cancellation = res.json() as BookingCancellation;
    expect(cancellation).toMatchObject({
      booking: { id: booking.id, status: 'cancelled', accommodationName: 'Hotel Krønasår', roomName: 'Lake Room' },
      refunded: 64_200,
      creditNoteNumber: expect.stringMatching(/^CF-\d{4}-\d{6}$/),
    });
    expect(await freeRooms(booking.roomId, booking)).toEqual(before.map((n) => n + 1));
    const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row?.cancelledAt).toBeInstanceOf(Date);

    const paidBack = await t.database.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    expect(paidBack).toEqual([
      expect.objectContaining({
        orderId: order.id,
        amount: 64_200,
        provider: 'sandbox',
        providerRefundId: expect.stringMatching(/^sbx_rf_/),
      }),
    ]);

    // The credit note: negative amounts, corrects the order's invoice, next number.
    const list = await invoicesOf(headers);
    const invoice = list.find((i) => i.kind === 'invoice');
    const note = list.find((i) => i.kind === 'credit-note');
    expect(note).toMatchObject({
      number: cancellation.creditNoteNumber,
      net: -60_000,
      vat: -4_200,
      gross: -64_200,
      description: `Cancellation of invoice ${invoice?.number}: Hotel Krønasår, Lake Room, ${booking.start} to ${booking.end} (4 nights)`,
    });
    const [stored] = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.number, note?.number ?? ''));
    expect(stored?.correctsInvoiceId).toBe(invoice?.id);
    const sequence = (n: string | undefined) => Number(n?.slice(-6));
    expect(sequence(note?.number)).toBeGreaterThan(sequence(invoice?.number));

    const pdf = await request('GET', `/api/invoice/${note?.id}/pdf`, headers);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain(`Rechnungskorrektur (Stornorechnung) / Credit note ${note?.number}`);
    expect(text).toContain(`Storniert die Rechnung ${invoice?.number} vom`);
    expect(text).toContain(`Cancels invoice ${invoice?.number} of`);
    expect(text).toContain('-642,00');
    expect(text).toContain('erstattet');
    expect(text).toContain(`${user.firstName} ${user.lastName}`);

    // The e-invoice of the correction: type 381 naming the invoice it corrects (BT-25), the nights at 7 %,
    // the same XML alone and embedded in the PDF; written for CI's EN 16931 validator.
    const xml = await request('GET', `/api/invoice/${note?.id}/xml`, headers);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toMatch(/^application\/xml/);
    const facts = readCii(xml.body);
    expect(facts).toMatchObject({ typeCode: '381', number: note?.number, preceding: { number: invoice?.number } });
    expect(facts.taxes).toEqual([expect.objectContaining({ category: 'S', rate: 7, basis: 60_000, tax: 4_200 })]);
    expect(checkCii(facts)).toEqual([]);
    expect(await facturXml(pdf.rawPayload)).toBe(xml.body);
    writeTestXml('booking-cancellation-credit-note', xml.body);

    // Cancelling again is refused, and nothing is refunded twice.
    const again = await request('DELETE', `/api/booking/${booking.id}`, headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: CANCELLATION_MESSAGES.notConfirmed });
    expect(await t.database.db.select().from(refunds).where(eq(refunds.bookingId, booking.id))).toHaveLength(1);
    expect(await freeRooms(booking.roomId, booking)).toEqual(before.map((n) => n + 1));
  });

  it('refunds exactly once when the same booking is cancelled twice at once', async () => {
    const { headers, booking } = await paidBooking(futureStay(31));
    const before = await freeRooms(booking.roomId, booking);
    const answers = await Promise.all([1, 2].map(() => request('DELETE', `/api/booking/${booking.id}`, headers)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.bookingId, booking.id))).toHaveLength(1);
    expect((await invoicesOf(headers)).filter((i) => i.kind === 'credit-note')).toHaveLength(1);
    expect(await freeRooms(booking.roomId, booking)).toEqual(before.map((n) => n + 1));
  });

  it('refunds only the room of a registration order, not the pass', async () => {
    const buyer = await signedInUser(t.database.db, { passType: 'Business Pass', passStatus: 'pending' });
    const choice = futureStay(32);
    const checkout = await request('POST', '/api/registration/checkout', buyer.headers, { hotel: choice });
    expect(checkout.statusCode, checkout.body).toBe(200);
    const order = checkout.json() as Order;
    await payInSandbox(t, buyer.headers, order);
    const [booking] = (await request('GET', '/api/booking', buyer.headers)).json() as Booking[];
    const res = await request('DELETE', `/api/booking/${booking?.id}`, buyer.headers);
    expect(res.statusCode, res.body).toBe(200);
    // 4 nights × 150.00 € net + 7 % VAT; the Business Pass stays paid.
    expect((res.json() as BookingCancellation).refunded).toBe(64_200);
    const note = (await invoicesOf(buyer.headers)).find((i) => i.kind === 'credit-note');
    expect(note).toMatchObject({ net: -60_000, vat: -4_200, gross: -64_200 });
    expect(note?.description).not.toContain('Business Pass');
  });

  it('cancels a booking that was never paid (no paid order holds it) without a refund or a credit note', async () => {
    const attendee = await t.login(demoEmail('attendee'));
    const [user] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('attendee')));
    const choice = futureStay(34, 2);
    const [booking] = await t.database.db
      .insert(bookings)
      .values({ userId: user?.id ?? '', ...choice, status: 'confirmed', priceCents: 2 * LAKE_PRICE })
      .returning();
    const res = await request('DELETE', `/api/booking/${booking?.id}`, attendee);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ booking: { status: 'cancelled' }, refunded: 0, creditNoteNumber: null });
  });

  it('refuses cancellations outside the rules with 409 and the rule’s reason', async () => {
    // Booked two days ago, arrival in ten days: past the free-cancellation deadline and the 24-hour grace.
    const late = await paidBooking(futureStay(10, 2));
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000);
    await t.database.db.update(bookings).set({ createdAt: twoDaysAgo }).where(eq(bookings.id, late.booking.id));
    const tooLate = await request('DELETE', `/api/booking/${late.booking.id}`, late.headers);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json()).toMatchObject({ detail: CANCELLATION_MESSAGES.tooLate });

    // Within 24 hours of booking it still works, even that close to arrival.
    const fresh = await paidBooking(futureStay(10, 2));
    expect((await request('DELETE', `/api/booking/${fresh.booking.id}`, fresh.headers)).statusCode).toBe(200);

    // Never once the stay has begun.
    const begun = await paidBooking(futureStay(-1, 3));
    const res = await request('DELETE', `/api/booking/${begun.booking.id}`, begun.headers);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ detail: CANCELLATION_MESSAGES.arrived });
    expect(await t.database.db.select().from(refunds).where(eq(refunds.bookingId, begun.booking.id))).toHaveLength(0);

    // A hold (not paid) is not a booking to cancel.
    const holder = await signedInUser(t.database.db);
    const held = await book(holder.headers, futureStay(40));
    const heldRes = await request('DELETE', `/api/booking/${held.booking.id}`, holder.headers);
    expect(heldRes.statusCode).toBe(409);
    expect(heldRes.json()).toMatchObject({ detail: CANCELLATION_MESSAGES.notConfirmed });
  });

  it("answers 404 for another user's or an unknown booking and 400 for a malformed id", async () => {
    const { booking } = await paidBooking();
    const other = await signedInUser(t.database.db);
    expect((await request('DELETE', `/api/booking/${booking.id}`, other.headers)).statusCode).toBe(404);
    expect((await request('DELETE', '/api/booking/00000000-0000-4000-8000-000000000000', other.headers)).statusCode).toBe(404);
    expect((await request('DELETE', '/api/booking/123', other.headers)).statusCode).toBe(400);
    expect((await request('DELETE', `/api/booking/${booking.id}`)).statusCode).toBe(401);
    const [still] = await t.database.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(still?.status).toBe('confirmed');
  });

  it("answers 404 for another user's credit note PDF", async () => {
    const { headers, booking } = await paidBooking(futureStay(33));
    await request('DELETE', `/api/booking/${booking.id}`, headers);
    const note = (await invoicesOf(headers)).find((i) => i.kind === 'credit-note');
    expect((await request('GET', `/api/invoice/${note?.id}/pdf`, headers)).statusCode).toBe(200);
    const other = await signedInUser(t.database.db);
    expect((await request('GET', `/api/invoice/${note?.id}/pdf`, other.headers)).statusCode).toBe(404);
  });
});
