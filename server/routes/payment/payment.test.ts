import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#shared/contracts/registration.ts';
import { addresses, bookings, invoices, orders, passes, paymentSessions } from '../../db/schema/index.ts';
import { HOLD_MINUTES, SOLD_OUT } from '../../services/hotels/booking.ts';
import { createRegistrant, type RegistrantOptions, seededRoom } from '../../testing/registrant.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { PAYMENT_MESSAGES } from './index.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Headers = Record<string, string>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const STAY = { start: '2026-03-23', end: '2026-03-27' };
const FINISH = '/registration/finish';
const CANCEL = '/registration/checkout?payment=failed';
let counter = 0;

async function registrant(options: Partial<RegistrantOptions> = {}) {
  return createRegistrant(t.database.db, { email: `payer${++counter}@company.example`, ...options });
}

async function hotel(name: string, room: string) {
  const row = await seededRoom(t.database.db, name, room);
  return { accommodationId: row.accommodationId, roomId: row.id, ...STAY };
}

async function checkout(headers: Headers, hotelChoice: unknown = null): Promise<Order> {
  const res = await t.app.inject({ method: 'POST', url: '/api/registration/checkout', headers, payload: { hotel: hotelChoice } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const openSession = (headers: Headers | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/payment/session', headers, payload });

const sessionFor = (order: Order, extra: Record<string, unknown> = {}) => ({
  item: order.id,
  amount: order.gross,
  redirectSuccess: FINISH,
  redirectCancel: CANCEL,
  ...extra,
});

/** Presses a button on the sandbox's hosted page, as the browser's form post would. */
const press = (sessionId: string, outcome: string) =>
  t.app.inject({
    method: 'POST',
    url: `/payment/sandbox/${sessionId}/complete`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outcome=${outcome}`,
  });

const invoicesOf = (userId: string) => t.database.db.select().from(invoices).where(eq(invoices.userId, userId));
const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];

describe('paying a registration in the sandbox', () => {
  it('fails, then a retry succeeds and charges once: invoice, approved pass, confirmed room, mail', async () => {
    const { headers, user } = await registrant();
    const order = await checkout(headers, await hotel('Hotel Colosseo', 'Comfort Single'));
    expect(order.gross).toBe(107_913);

    const created = await openSession(headers, sessionFor(order));
    expect(created.statusCode, created.body).toBe(200);
    const first = created.json() as { paymentSessionId: string; url: string };
    expect(first.url).toBe(`/payment/sandbox/${first.paymentSessionId}`);
    // Asking again for the same order and amount reuses the open session.
    expect((await openSession(headers, sessionFor(order))).json()).toEqual(first);

    // The hosted page: no script, two buttons, the amount.
    const hosted = await t.app.inject({ method: 'GET', url: first.url });
    expect(hosted.statusCode).toBe(200);
    expect(hosted.headers['content-type']).toContain('text/html');
    expect(hosted.headers['content-security-policy']).toContain("script-src 'self'");
    expect(hosted.body).toContain('Pay 1,079.13 €');
    expect(hosted.body).toContain('Simulate a failed payment');
    expect(hosted.body).toContain(`action="/payment/sandbox/${first.paymentSessionId}/complete"`);
    expect(hosted.body).not.toContain('<script');
    // Nobody mistakes it for a real charge, in production neither.
    expect(hosted.body).toContain('<strong>TEST PAYMENT</strong> (sandbox provider): no money is moved');

    const failed = await press(first.paymentSessionId, 'failed');
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe(`/registration/checkout?payment=failed&session=${first.paymentSessionId}`);
    expect((await orderRow(order.id))?.status).toBe('open');
    expect(await invoicesOf(user.id)).toHaveLength(0);
    const afterFailure = await t.app.inject({ method: 'GET', url: `/api/payment/session/${first.paymentSessionId}`, headers });
    expect(afterFailure.json()).toMatchObject({ status: 'failed', order: { status: 'open' } });

    // Retry: a new session; the failed one cannot be pressed into success any more.
    const retry = (await openSession(headers, sessionFor(order))).json() as { paymentSessionId: string };
    expect(retry.paymentSessionId).not.toBe(first.paymentSessionId);
    expect((await press(first.paymentSessionId, 'succeeded')).headers.location).toContain(CANCEL.split('?')[0]);

    const paid = await press(retry.paymentSessionId, 'succeeded');
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${FINISH}?session=${retry.paymentSessionId}`);

    const status = await t.app.inject({ method: 'GET', url: `/api/payment/session/${retry.paymentSessionId}`, headers });
    expect(status.statusCode).toBe(200);
    const { order: done } = status.json() as { order: Order };
    expect(status.json().status).toBe('succeeded');
    expect(done).toMatchObject({ id: order.id, status: 'paid', passStatus: 'approved' });
    expect(done.invoiceNumber).toMatch(/^CF-\d{4}-\d{6}$/);

    const [invoice] = await invoicesOf(user.id);
    expect(invoice).toMatchObject({ number: done.invoiceNumber, gross: 107_913, vat: 10_413, net: 97_500 });
    expect(invoice?.lines).toEqual(order.lines);
    expect(invoice?.buyer).toMatchObject({ email: user.email, address: ['Teststraße 1', '12345 Teststadt', 'Germany'] });
    const [pass] = await t.database.db.select().from(passes).where(eq(passes.userId, user.id));
    expect(pass?.status).toBe('approved');
    const [booking] = await t.database.db.select().from(bookings).where(eq(bookings.userId, user.id));
    expect(booking?.status).toBe('confirmed');

    const mails = (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(user.email)}` })).json();
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Your CloudFest 2026 registration, invoice ${done.invoiceNumber}`);
    expect(mails[0].text).toContain('Your Business Pass is approved.');
    expect(mails[0].text).toContain('Total: 1,079.13 €');

    // Pressing pay again, or asking for a new session, never charges twice.
    const again = await press(retry.paymentSessionId, 'succeeded');
    expect(again.headers.location).toBe(`${FINISH}?session=${retry.paymentSessionId}`);
    const paidAgain = await openSession(headers, sessionFor(order));
    expect(paidAgain.statusCode).toBe(409);
    expect(paidAgain.json().detail).toBe(PAYMENT_MESSAGES.alreadyPaid);
    expect(await invoicesOf(user.id)).toHaveLength(1);
    const sessions = await t.database.db.select().from(paymentSessions).where(eq(paymentSessions.orderId, order.id));
    expect(sessions.filter((s) => s.status === 'succeeded')).toHaveLength(1);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(user.email)}` })).json(),
    ).toHaveLength(1);

    // The closed page says so instead of offering to pay.
    const closed = await t.app.inject({ method: 'GET', url: `/payment/sandbox/${retry.paymentSessionId}` });
    expect(closed.body).toContain('This payment is complete.');
    expect(closed.body).not.toContain('Pay 1,079.13');

    // Checking out again answers the paid order; another hotel is a conflict.
    const repeat = await checkout(headers, await hotel('Hotel Colosseo', 'Comfort Single'));
    expect(repeat).toMatchObject({ id: order.id, status: 'paid', invoiceNumber: done.invoiceNumber });
  });

  it('invoices an EU company outside Germany with German VAT per line, its VAT ID, address parts and references', async () => {
    const { headers, user } = await registrant({ country: 'AT', vatId: 'ATU 1358 5627', company: 'Beispiel GmbH' });
    await t.database.db
      .update(addresses)
      .set({ buyerReference: ' 04011000-12345-67 ', purchaseOrder: 'PO-2026-17' })
      .where(eq(addresses.userId, user.id));
    const order = await checkout(headers, await hotel('Hotel Bell Rock', 'Standard Single'));
    // 29,900 at 19 % and 4 × 15,900 at 7 %: no reverse charge.
    expect(order).toMatchObject({ net: 29_900 + 63_600, vat: 5_681 + 4_452, gross: 29_900 + 63_600 + 5_681 + 4_452 });
    const { paymentSessionId } = (await openSession(headers, sessionFor(order))).json();
    expect((await press(paymentSessionId, 'succeeded')).statusCode).toBe(303);
    const [invoice] = await invoicesOf(user.id);
    expect(invoice).toMatchObject({ net: order.net, vat: order.vat, gross: order.gross, lines: order.lines });
    expect(invoice?.lines.map((line) => [line.vatCategory, line.vatBasisPoints])).toEqual([
      ['S', 1900],
      ['S', 700],
    ]);
    expect(invoice?.buyer).toEqual({
      name: expect.any(String),
      company: 'Beispiel GmbH',
      address: ['Teststraße 1', '12345 Teststadt', 'Austria'],
      postal: { line1: 'Teststraße 1', line2: '', postcode: '12345', city: 'Teststadt', state: '', countryCode: 'AT' },
      vatId: 'ATU13585627',
      email: user.email,
      reference: '04011000-12345-67',
      purchaseOrder: 'PO-2026-17',
    });
  });

  it('prints only a well-formed EU VAT ID, and no empty references', async () => {
    const { headers, user } = await registrant({ country: 'AT', vatId: 'ATU00000000', company: 'Beispiel GmbH' });
    const order = await checkout(headers);
    const { paymentSessionId } = (await openSession(headers, sessionFor(order))).json();
    await press(paymentSessionId, 'succeeded');
    const [invoice] = await invoicesOf(user.id);
    expect(invoice?.buyer.vatId).toBe('');
    expect(invoice?.buyer).not.toHaveProperty('reference');
    expect(invoice?.buyer).not.toHaveProperty('purchaseOrder');
  });

  it('numbers invoices without gaps', async () => {
    const numbers: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { headers } = await registrant({ passType: 'Premium Pass' });
      const order = await checkout(headers);
      const { paymentSessionId } = (await openSession(headers, sessionFor(order))).json();
      await press(paymentSessionId, 'succeeded');
      const status = await t.app.inject({ method: 'GET', url: `/api/payment/session/${paymentSessionId}`, headers });
      numbers.push(Number(status.json().order.invoiceNumber.slice(-6)));
    }
    expect(numbers).toEqual([numbers[0], (numbers[0] ?? 0) + 1, (numbers[0] ?? 0) + 2]);
  });

  it('refuses to charge a session whose amount the order no longer has', async () => {
    const { headers } = await registrant();
    const order = await checkout(headers);
    const { paymentSessionId } = (await openSession(headers, sessionFor(order))).json();
    const changed = await checkout(headers, await hotel('Hotel Colosseo', 'Superior Double'));
    expect(changed.gross).not.toBe(order.gross);
    const res = await press(paymentSessionId, 'succeeded');
    expect(res.headers.location).toBe(`/registration/checkout?payment=failed&session=${paymentSessionId}`);
    expect((await orderRow(order.id))?.status).toBe('open');
  });

  it('fails the payment, charging nothing, when the held room expired and was taken meanwhile', async () => {
    const late = await registrant();
    const lastRoom = await hotel('Hotel Ringsheimer Hof', 'Single Room');
    const order = await checkout(late.headers, lastRoom);
    const { paymentSessionId } = (await openSession(late.headers, sessionFor(order))).json();
    const [held] = await t.database.db.select().from(bookings).where(eq(bookings.userId, late.user.id));
    if (!held) throw new Error('no hold');
    await t.database.db
      .update(bookings)
      .set({ createdAt: new Date(Date.now() - (HOLD_MINUTES + 5) * 60_000) })
      .where(eq(bookings.id, held.id));

    const quick = await registrant();
    const { paymentSessionId: quickSession } = (
      await openSession(quick.headers, sessionFor(await checkout(quick.headers, lastRoom)))
    ).json();
    await press(quickSession, 'succeeded');
    const numberBefore = (await invoicesOf(quick.user.id))[0]?.sequence ?? 0;

    const res = await press(paymentSessionId, 'succeeded');
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toContain('payment=failed');
    expect((await orderRow(order.id))?.status).toBe('open');
    expect(await invoicesOf(late.user.id)).toHaveLength(0);
    const [session] = await t.database.db.select().from(paymentSessions).where(eq(paymentSessions.id, paymentSessionId));
    expect(session?.status).toBe('failed');

    // Opening a new session tells them before they pay; the invoice counter did not move.
    const retry = await openSession(late.headers, sessionFor(order));
    expect(retry.statusCode).toBe(409);
    expect(retry.json().detail).toBe(SOLD_OUT);
    const next = await registrant({ passType: 'Premium Pass' });
    const nextOrder = await checkout(next.headers);
    await press((await openSession(next.headers, sessionFor(nextOrder))).json().paymentSessionId, 'succeeded');
    expect((await invoicesOf(next.user.id))[0]?.sequence).toBe(numberBefore + 1);
  });
});

describe('double submits (concurrent on PostgreSQL)', () => {
  it('book once, open one session and charge once', async () => {
    const { headers, user } = await registrant();
    const choice = await hotel('Hotel Krønasår', 'Nordic Single');
    const checkouts = await Promise.all(
      Array.from({ length: 5 }, () =>
        t.app.inject({ method: 'POST', url: '/api/registration/checkout', headers, payload: { hotel: choice } }),
      ),
    );
    expect(checkouts.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const [order] = checkouts.map((r) => r.json() as Order);
    if (!order) throw new Error('no order');
    expect(new Set(checkouts.map((r) => r.json().id))).toEqual(new Set([order.id]));
    const live = await t.database.db.select().from(bookings).where(eq(bookings.userId, user.id));
    expect(live.filter((b) => b.status !== 'cancelled')).toHaveLength(1);

    const sessions = await Promise.all(Array.from({ length: 5 }, () => openSession(headers, sessionFor(order))));
    const ids = new Set(sessions.map((r) => r.json().paymentSessionId));
    expect(ids.size).toBe(1);
    const [sessionId] = [...ids];

    const presses = await Promise.all(Array.from({ length: 5 }, () => press(sessionId, 'succeeded')));
    expect(presses.map((r) => r.headers.location)).toEqual(Array(5).fill(`${FINISH}?session=${sessionId}`));
    expect(await invoicesOf(user.id)).toHaveLength(1);
    const mails = (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(user.email)}` })).json();
    expect(mails).toHaveLength(1);
  });
});

describe('POST /api/payment/session refusals', () => {
  it('needs a token and answers 404 for another user’s or an unknown order', async () => {
    const owner = await registrant();
    const order = await checkout(owner.headers);
    expect((await openSession(undefined, sessionFor(order))).statusCode).toBe(401);
    const stranger = await registrant();
    const theirs = await openSession(stranger.headers, sessionFor(order));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.headers['content-type']).toContain('application/problem+json');
    const unknown = await openSession(owner.headers, sessionFor(order, { item: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.statusCode).toBe(404);

    const { paymentSessionId } = (await openSession(owner.headers, sessionFor(order))).json();
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/payment/session/${paymentSessionId}`,
      headers: stranger.headers,
    });
    expect(peek.statusCode).toBe(404);
  });

  it('refuses a wrong amount, outside redirect targets and a free order', async () => {
    const { headers } = await registrant();
    const order = await checkout(headers);
    const wrong = await openSession(headers, sessionFor(order, { amount: order.gross - 1 }));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ detail: PAYMENT_MESSAGES.amountMismatch, errors: [{ path: 'amount' }] });

    for (const target of ['https://evil.example/x', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', 'finish']) {
      for (const field of ['redirectSuccess', 'redirectCancel']) {
        const res = await openSession(headers, sessionFor(order, { [field]: target }));
        expect(res.statusCode, `${field}=${target}`).toBe(400);
        expect(res.json().errors[0].path).toBe(field);
      }
    }

    const free = await registrant({ passType: 'Standard Pass' });
    const freeOrder = await checkout(free.headers);
    const res = await openSession(free.headers, sessionFor(freeOrder, { amount: 1 }));
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(PAYMENT_MESSAGES.nothingToPay);
  });

  it('answers malformed bodies with 400 problem+json', async () => {
    const { headers } = await registrant();
    const order = await checkout(headers);
    const bodies = [
      {},
      sessionFor(order, { item: 'not-a-uuid' }),
      sessionFor(order, { amount: 0 }),
      sessionFor(order, { amount: 12.5 }),
      sessionFor(order, { amount: '35581' }),
      sessionFor(order, { redirectSuccess: `/${'x'.repeat(600)}` }),
    ];
    for (const body of bodies) {
      const res = await openSession(headers, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
  });
});

describe('the sandbox page refusals', () => {
  it('answers unknown or malformed sessions and bad outcomes with 4xx', async () => {
    const unknown = `sbx_${'A'.repeat(43)}`;
    expect((await t.app.inject({ method: 'GET', url: `/payment/sandbox/${unknown}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/payment/sandbox/<script>' })).statusCode).toBe(400);
    expect((await press(unknown, 'succeeded')).statusCode).toBe(404);

    const { headers } = await registrant();
    const { paymentSessionId } = (await openSession(headers, sessionFor(await checkout(headers)))).json();
    expect((await press(paymentSessionId, 'maybe')).statusCode).toBe(400);
    const empty = await t.app.inject({ method: 'POST', url: `/payment/sandbox/${paymentSessionId}/complete` });
    expect(empty.statusCode).toBe(400);
    const text = await t.app.inject({
      method: 'POST',
      url: `/payment/sandbox/${paymentSessionId}/complete`,
      headers: { 'content-type': 'text/plain' },
      payload: 'outcome=succeeded',
    });
    expect(text.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/api/payment/session/${paymentSessionId}`, headers })).json().status).toBe(
      'open',
    );
  });

  it('stays out of the OpenAPI document while the API session routes are tagged payment', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(spec.paths)).toContain('/api/payment/session');
    expect(spec.paths['/api/payment/session'].post.tags).toEqual(['payment']);
    expect(Object.keys(spec.paths).some((p) => p.startsWith('/payment/sandbox'))).toBe(false);
  });
});
