import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#shared/contracts/registration.ts';
import { invoices, orders, refunds } from '../../db/schema/index.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { ORGANIZER } from '../../routes/organizer/people-testing.ts';
import { payInSandbox } from '../../routes/payment/sandbox-testing.ts';
import { createRegistrant, seededRoom } from '../../testing/registrant.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { currentInvoiceOf, refundCancelledBooking } from './refunds.ts';
import { SandboxPaymentProvider } from './sandbox.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('refunds of part of a registration order', () => {
  it('refuses with 409, before any money moves, a hotel refund on an invoice a pass cancellation credited already', async () => {
    const { db } = t.database;
    const { headers, user } = await createRegistrant(db, { email: 'pass-and-room@company.example' });
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

    const organizer = await t.login(ORGANIZER);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/organizer/attendees/${user.id}/cancel-pass`,
      headers: organizer,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const invoice = await currentInvoiceOf(db, order.id);
    const before = await db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(before).toHaveLength(1);

    const booking = await bookingOf(order.id);
    const attempt = db.transaction((tx) => refundCancelledBooking(tx, [new SandboxPaymentProvider(db)], booking));
    await expect(attempt).rejects.toBeInstanceOf(HttpProblem);
    await expect(attempt).rejects.toMatchObject({ status: 409, message: expect.stringContaining(invoice?.number ?? '?') });
    expect(await db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual(before);
    const notes = await db
      .select()
      .from(invoices)
      .where(eq(invoices.correctsInvoiceId, invoice?.id ?? ''));
    expect(notes).toHaveLength(1);
  });
});

async function bookingOf(orderId: string): Promise<string> {
  const [row] = await t.database.db.select({ bookingId: orders.bookingId }).from(orders).where(eq(orders.id, orderId));
  if (!row?.bookingId) throw new Error('the registration order holds no booking');
  return row.bookingId;
}
