import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#shared/contracts/registration.ts';
import { vatOf } from '#shared/pricing.ts';
import { lockUser } from '../../db/locking.ts';
import { invoices, orders, paymentSessions, refunds } from '../../db/schema/index.ts';
import { ORGANIZER } from '../../testing/organizer-people.ts';
import { payInSandbox } from '../../testing/purchases.ts';
import { createRegistrant, seededRoom } from '../../testing/registrant.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { cancelBooking } from '../hotels/booking.ts';
import { currentInvoiceOf, refundCancelledBooking, refundOrderLines } from './refunds.ts';
import { SandboxPaymentProvider } from './sandbox.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

let counter = 0;

/** A registration order with the Business Pass and four hotel nights, paid in the sandbox. */
async function paidPassAndRoom() {
  const { db } = t.database;
  const { headers, user } = await createRegistrant(db, { email: `pass-and-room${++counter}@company.example` });
  const room = await seededRoom(db, 'Hotel Colosseo', 'Superior Double');
  const placed = await t.app.inject({
    method: 'POST',
    url: '/api/registration/checkout',
    headers,
    payload: { hotel: { accommodationId: room.accommodationId, roomId: room.id, start: '2026-03-23', end: '2026-03-27' } },
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const order = placed.json() as Order;
  await payInSandbox(t, headers, order);
  const invoice = await currentInvoiceOf(db, order.id);
  if (!invoice) throw new Error('the paid order has no invoice');
  const pass = order.lines.filter((line) => line.kind === 'pass');
  const hotel = order.lines.filter((line) => line.kind === 'hotel');
  expect(pass).toHaveLength(1);
  expect(hotel.length).toBeGreaterThan(0);
  return { user, order, invoice, booking: await bookingOf(order.id) };
}

/** The holder cancels the room (well before arrival: the event's nights are past by the test clock). */
function cancelHotel(userId: string, bookingId: string) {
  const { db } = t.database;
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    await cancelBooking(tx, bookingId, new Date('2026-01-05T10:00:00Z'));
    return refundCancelledBooking(tx, [new SandboxPaymentProvider(db)], bookingId);
  });
}

async function cancelPass(userId: string) {
  const organizer = await t.login(ORGANIZER);
  const res = await t.app.inject({ method: 'POST', url: `/api/organizer/attendees/${userId}/cancel-pass`, headers: organizer });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { message: string };
}

const refundsOf = (orderId: string) =>
  t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt));
const notesOf = (invoiceId: string) =>
  t.database.db
    .select()
    .from(invoices)
    .where(and(eq(invoices.correctsInvoiceId, invoiceId), eq(invoices.kind, 'credit-note')))
    .orderBy(asc(invoices.sequence));
async function paidFor(orderId: string) {
  const [session] = await t.database.db
    .select()
    .from(paymentSessions)
    .where(and(eq(paymentSessions.orderId, orderId), eq(paymentSessions.status, 'succeeded')));
  return session?.amount ?? 0;
}
const sum = (rows: readonly { gross: number }[]) => rows.reduce((total, row) => total + row.gross, 0);

describe('refunds of part of a registration order', () => {
  it('cancelling the hotel and then the pass of one order gives two credit notes and two refunds, together what was paid', async () => {
    const { user, order, invoice, booking } = await paidPassAndRoom();
    const hotelNet = order.lines.filter((line) => line.kind === 'hotel').reduce((total, line) => total + line.net, 0);

    const hotel = await cancelHotel(user.id, booking);
    expect(hotel.creditNote).toMatchObject({ kind: 'credit-note', correctsInvoiceId: invoice.id, net: -hotelNet });
    expect(hotel.creditNote?.lines.every((line) => line.kind === 'hotel' && line.net < 0)).toBe(true);
    // Each credit note cancels its lines at the rate they were invoiced at: the nights at 7 %.
    expect(hotel.creditNote?.lines.every((line) => line.vatCategory === 'S' && line.vatBasisPoints === 700)).toBe(true);
    expect(hotel.creditNote?.vat).toBe(-vatOf(hotelNet, 700));
    expect(hotel.refunded).toBe(-(hotel.creditNote?.gross ?? 0));

    const answer = await cancelPass(user.id);
    expect(answer.message).toContain('refunded');
    const notes = await notesOf(invoice.id);
    expect(notes).toHaveLength(2);
    expect(notes[0]?.number).toBe(hotel.creditNote?.number);
    expect(notes[1]).toMatchObject({ net: -29_900, vat: -5_681, gross: -35_581 });
    expect(notes[1]?.lines.map((line) => [line.kind, line.net])).toEqual([['pass', -29_900]]);
    expect(new Set(notes.map((note) => note.number)).size).toBe(2);

    const paid = await paidFor(order.id);
    expect(paid).toBe(invoice.gross);
    const made = await refundsOf(order.id);
    expect(made.map((row) => row.bookingId)).toEqual([booking, null]);
    expect(made.map((row) => row.amount)).toEqual(notes.map((note) => -note.gross));
    expect(made.reduce((total, row) => total + row.amount, 0)).toBe(paid);
    expect(sum(notes)).toBe(-invoice.gross);
    expect(notes.reduce((total, note) => total + note.vat, 0)).toBe(-invoice.vat);
  });

  it('cancelling the pass and then the hotel of one order gives two credit notes and two refunds, together what was paid', async () => {
    const { user, order, invoice, booking } = await paidPassAndRoom();
    await cancelPass(user.id);
    const hotel = await cancelHotel(user.id, booking);
    expect(hotel.refunded).toBeGreaterThan(0);

    const notes = await notesOf(invoice.id);
    expect(notes.map((note) => note.lines.map((line) => line.kind))).toEqual([
      ['pass'],
      order.lines.filter((line) => line.kind === 'hotel').map(() => 'hotel'),
    ]);
    const paid = await paidFor(order.id);
    const made = await refundsOf(order.id);
    expect(made.map((row) => row.bookingId)).toEqual([null, booking]);
    expect(made.reduce((total, row) => total + row.amount, 0)).toBe(paid);
    expect(sum(notes)).toBe(-invoice.gross);
  });

  it('never credits a line twice: a second pass refund of the same order finds nothing left to return', async () => {
    const { user, order, invoice, booking } = await paidPassAndRoom();
    await cancelHotel(user.id, booking);
    await cancelPass(user.id);
    const { db } = t.database;
    const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
    if (!row) throw new Error('order missing');
    const again = await db.transaction((tx) =>
      refundOrderLines(tx, [new SandboxPaymentProvider(db)], row, (line) => line.kind !== 'upgrade', {
        idempotencyKey: `again-${order.id}`,
        now: new Date(),
      }),
    );
    expect(again).toEqual({ refunded: 0, creditNote: null });
    expect(await notesOf(invoice.id)).toHaveLength(2);
    expect((await refundsOf(order.id)).reduce((total, r) => total + r.amount, 0)).toBe(await paidFor(order.id));
  });
});

async function bookingOf(orderId: string): Promise<string> {
  const [row] = await t.database.db.select({ bookingId: orders.bookingId }).from(orders).where(eq(orders.id, orderId));
  if (!row?.bookingId) throw new Error('the registration order holds no booking');
  return row.bookingId;
}
