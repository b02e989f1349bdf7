import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingCancellation, BookingOrder } from '#shared/contracts/index.ts';
import type { Order } from '#shared/contracts/registration.ts';
import { addDays } from '#shared/stay.ts';
import { buildApp } from '../../app.ts';
import { loadConfig, startWarnings } from '../../config.ts';
import {
  auditLog,
  invoices,
  mailOutbox,
  orders,
  passes,
  passTypes,
  paymentSessions,
  refunds,
  stripeEvents,
} from '../../db/schema/index.ts';
import { createStripeProvider, STRIPE_SESSION_MINUTES, stripeClientConfig } from '../../services/payments/stripe.ts';
import { type FakeCheckoutSession, type FakeStripe, startFakeStripe } from '../../testing/fake-stripe.ts';
import { type Headers, signedInUser, vendorWithoutPass } from '../../testing/purchases.ts';
import { createRegistrant, roomFromToday } from '../../testing/registrant.ts';
import { createTestApp, createTestDatabase, testConfig } from '../../testing/test-app.ts';
import { PAYMENT_MESSAGES } from './index.ts';
import { STRIPE_WEBHOOK_MESSAGES } from './stripe.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const SECRET_KEY = 'sk_test_cloudfest_fake';
const WEBHOOK_SECRET = 'whsec_test_cloudfest_fake';
const WEBHOOK = '/api/payment/stripe/webhook';

let fake: FakeStripe;
let dataDir: string;

beforeAll(async () => {
  fake = await startFakeStripe();
  dataDir = await mkdtemp(path.join(tmpdir(), 'stripe-payments-'));
});
afterAll(async () => {
  await fake?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const stripeSettings = () => ({
  PAYMENT_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: SECRET_KEY,
  STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
  STRIPE_API_URL: fake.url,
  DATA_DIR: dataDir,
});

/** Stripe's POST to the webhook: the event's JSON as sent, signed unless told otherwise. */
function deliver(
  app: TestApp,
  payload: string,
  signature: string | null = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
) {
  return app.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature === null ? {} : { 'stripe-signature': signature }),
    },
    payload,
  });
}

async function openSession(
  app: TestApp,
  headers: Headers,
  order: Order,
  redirects = { redirectSuccess: '/pass', redirectCancel: '/pass/upgrade?payment=failed' },
) {
  const res = await app.app.inject({
    method: 'POST',
    url: '/api/payment/session',
    headers,
    payload: { item: order.id, amount: order.gross, ...redirects },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { paymentSessionId: string; url: string };
}

describe('anyone pays nothing in production', () => {
  it('has no sandbox to press in production with Stripe: a vendor’s Premium Pass is paid only by a signed webhook', async () => {
    const prod = await createTestApp({
      ...stripeSettings(),
      NODE_ENV: 'production',
      MAIL_LOG_ONLY: 'true',
      PUBLIC_URL: 'https://app.cloudfest.example',
    });
    try {
      const { db } = prod.database;
      const { headers, user } = await vendorWithoutPass(db);
      const [premium] = await db.select().from(passTypes).where(eq(passTypes.name, 'Premium Pass'));
      const placed = await prod.app.inject({
        method: 'POST',
        url: '/api/pass/upgrade',
        headers,
        payload: { passTypeId: premium?.id },
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const order = placed.json() as Order;
      expect(order.gross).toBeGreaterThan(100_000);

      const session = await openSession(prod, headers, order);
      expect(session.paymentSessionId).toMatch(/^cs_test_/);
      expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.paymentSessionId}`);

      // The finding's path: the sandbox's "Pay" button. It does not exist here, for this session or a made-up one.
      for (const id of [session.paymentSessionId, `sbx_${'a'.repeat(43)}`]) {
        const pressed = await prod.app.inject({
          method: 'POST',
          url: `/payment/sandbox/${id}/complete`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'outcome=succeeded',
        });
        expect(pressed.statusCode).toBe(404);
        expect((await prod.app.inject({ method: 'GET', url: `/payment/sandbox/${id}` })).statusCode).toBe(404);
      }
      // Nor does coming back to the success page pay anything.
      const status = await prod.app.inject({ method: 'GET', url: `/api/payment/session/${session.paymentSessionId}`, headers });
      expect(status.json()).toMatchObject({ status: 'open', order: { status: 'open' } });
      expect(await db.select().from(passes).where(eq(passes.userId, user.id))).toEqual([]);
      expect(await db.select().from(invoices).where(eq(invoices.orderId, order.id))).toEqual([]);

      // Only Stripe's signed word that the money arrived pays the order.
      const { payload } = fake.event('checkout.session.completed', fake.pay(session.paymentSessionId));
      const delivered = await deliver(prod, payload);
      expect(delivered.statusCode, delivered.body).toBe(200);
      const [paid] = await db.select().from(orders).where(eq(orders.id, order.id));
      expect(paid?.status).toBe('paid');
      const [pass] = await db.select().from(passes).where(eq(passes.userId, user.id));
      expect(pass).toMatchObject({ status: 'approved', passTypeId: premium?.id });
      expect(await db.select().from(invoices).where(eq(invoices.orderId, order.id))).toHaveLength(1);
    } finally {
      await prod.close();
    }
  });
});

describe('Stripe Checkout (PAYMENT_PROVIDER=stripe)', () => {
  let t: TestApp;
  let counter = 0;
  const FINISH = '/registration/finish';
  const CANCEL = '/registration/checkout?payment=failed';
  const registration = { redirectSuccess: FINISH, redirectCancel: CANCEL };

  beforeAll(async () => {
    t = await createTestApp(stripeSettings());
  });
  afterAll(async () => t?.close());

  /** A registrant at the checkout with a Business Pass to pay for (no hotel). */
  async function registrationOrder() {
    const registrant = await createRegistrant(t.database.db, { email: `stripe${++counter}@company.example` });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/registration/checkout',
      headers: registrant.headers,
      payload: { hotel: null },
    });
    expect(res.statusCode, res.body).toBe(200);
    return { ...registrant, order: res.json() as Order };
  }

  const orderRow = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
  const sessionRow = async (id: string) =>
    (await t.database.db.select().from(paymentSessions).where(eq(paymentSessions.id, id)))[0];
  const invoicesOf = (orderId: string) => t.database.db.select().from(invoices).where(eq(invoices.orderId, orderId));
  const mailsTo = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
  const eventsOf = (sessionId: string) => t.database.db.select().from(stripeEvents).where(eq(stripeEvents.sessionId, sessionId));

  it('opens a Checkout Session for the order’s gross and pays the order once from a signed webhook', async () => {
    const { headers, user, order } = await registrationOrder();
    const session = await openSession(t, headers, order, registration);
    expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.paymentSessionId}`);

    // What Stripe was asked for: one line of the order's gross in euro cents, our order, absolute return URLs.
    const created = fake.sessions.get(session.paymentSessionId);
    expect(created).toMatchObject({
      mode: 'payment',
      amount_total: order.gross,
      currency: 'eur',
      client_reference_id: order.id,
      metadata: { orderId: order.id },
      success_url: 'http://localhost:3000/registration/finish?session={CHECKOUT_SESSION_ID}',
      cancel_url: `http://localhost:3000/payment/stripe/cancel/${order.id}`,
      line_items_sent: [
        { name: 'CloudFest 2026', description: 'Business Pass', currency: 'eur', unit_amount: order.gross, quantity: 1 },
      ],
    });
    const lifetime = (created?.expires_at ?? 0) - Math.floor(Date.now() / 1000);
    expect(lifetime).toBeGreaterThan((STRIPE_SESSION_MINUTES - 1) * 60);
    expect(lifetime).toBeLessThanOrEqual(STRIPE_SESSION_MINUTES * 60);
    const [call] = fake.requests.filter((r) => r.method === 'POST' && r.params.client_reference_id === order.id);
    expect(call?.authorization).toBe(`Bearer ${SECRET_KEY}`);

    // Asking again offers the same page (read back from Stripe), not a second session.
    const again = await openSession(t, headers, order, registration);
    expect(again).toEqual(session);
    expect(fake.sessions.size).toBeGreaterThan(0);
    expect([...fake.sessions.values()].filter((s) => s.client_reference_id === order.id)).toHaveLength(1);

    // Coming back to the success page before Stripe's word changes nothing.
    const before = await t.app.inject({ method: 'GET', url: `/api/payment/session/${session.paymentSessionId}`, headers });
    expect(before.json()).toMatchObject({ status: 'open', order: { status: 'open' } });

    const completed = fake.event('checkout.session.completed', fake.pay(session.paymentSessionId));
    const delivered = await deliver(t, completed.payload);
    expect(delivered.statusCode, delivered.body).toBe(200);
    expect(delivered.json()).toEqual({ received: true });

    const status = await t.app.inject({ method: 'GET', url: `/api/payment/session/${session.paymentSessionId}`, headers });
    expect(status.json()).toMatchObject({
      status: 'succeeded',
      order: { id: order.id, status: 'paid', passStatus: 'approved', invoiceNumber: expect.stringMatching(/^CF-\d{4}-\d{6}$/) },
    });
    const [pass] = await t.database.db.select().from(passes).where(eq(passes.userId, user.id));
    expect(pass?.status).toBe('approved');
    expect(await invoicesOf(order.id)).toHaveLength(1);
    expect(await mailsTo(user.email)).toHaveLength(1);

    // The same event again (Stripe delivers at least once): once.
    expect((await deliver(t, completed.payload)).statusCode).toBe(200);
    // Another event about the same paid session: once.
    const another = fake.event(
      'checkout.session.async_payment_succeeded',
      fake.sessions.get(session.paymentSessionId) ?? missing(),
    );
    expect((await deliver(t, another.payload)).statusCode).toBe(200);
    const repeated = fake.event('checkout.session.completed', fake.sessions.get(session.paymentSessionId) ?? missing());
    expect((await deliver(t, repeated.payload)).statusCode).toBe(200);

    expect(await invoicesOf(order.id)).toHaveLength(1);
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect((await orderRow(order.id))?.status).toBe('paid');
    expect((await eventsOf(session.paymentSessionId)).map((e) => e.id).sort()).toEqual(
      [completed.id, another.id, repeated.id].sort(),
    );

    // Paid is paid: no new session.
    const closed = await t.app.inject({
      method: 'POST',
      url: '/api/payment/session',
      headers,
      payload: { item: order.id, amount: order.gross, ...registration },
    });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ detail: PAYMENT_MESSAGES.alreadyPaid });
  });

  it('pays once when the same event and another one for the session arrive at the same moment', async () => {
    const { headers, user, order } = await registrationOrder();
    const session = await openSession(t, headers, order, registration);
    const paid = fake.pay(session.paymentSessionId);
    const event = fake.event('checkout.session.completed', paid);
    const other = fake.event('checkout.session.completed', paid);
    const answers = await Promise.all([event.payload, event.payload, other.payload].map((payload) => deliver(t, payload)));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200]);
    expect((await orderRow(order.id))?.status).toBe('paid');
    expect(await invoicesOf(order.id)).toHaveLength(1);
    expect(await mailsTo(user.email)).toHaveLength(1);
    expect(await eventsOf(session.paymentSessionId)).toHaveLength(2);
  });

  it('answers 400 to an unsigned, wrongly signed, altered or stale webhook, and changes nothing', async () => {
    const { headers, order } = await registrationOrder();
    const session = await openSession(t, headers, order, registration);
    const { id, payload } = fake.event('checkout.session.completed', fake.pay(session.paymentSessionId));
    const sign = (body: string, secret = WEBHOOK_SECRET, timestamp?: number) =>
      Stripe.webhooks.generateTestHeaderString({ payload: body, secret, ...(timestamp ? { timestamp } : {}) });

    const refused = [
      await deliver(t, payload, null),
      await deliver(t, payload, ''),
      await deliver(t, payload, 'garbage'),
      await deliver(t, payload, sign(payload, 'whsec_someone_else')),
      await deliver(t, payload.replace(`"amount_total": ${order.gross}`, '"amount_total": 1'), sign(payload)),
      await deliver(t, payload, sign(payload, WEBHOOK_SECRET, Math.floor(Date.now() / 1000) - 3600)),
    ];
    expect(refused.map((res) => res.statusCode)).toEqual([400, 400, 400, 400, 400, 400]);
    expect(refused.map((res) => res.json().detail)).toEqual([
      STRIPE_WEBHOOK_MESSAGES.unsigned,
      STRIPE_WEBHOOK_MESSAGES.unsigned,
      ...Array(4).fill(STRIPE_WEBHOOK_MESSAGES.badSignature),
    ]);
    // A body that is not JSON at all is refused before anyone reads it.
    const text = await t.app.inject({
      method: 'POST',
      url: WEBHOOK,
      headers: { 'content-type': 'text/plain', 'stripe-signature': sign(payload) },
      payload,
    });
    expect(text.statusCode).toBe(415);

    expect((await orderRow(order.id))?.status).toBe('open');
    expect((await sessionRow(session.paymentSessionId))?.status).toBe('open');
    expect(await invoicesOf(order.id)).toEqual([]);
    expect(await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, id))).toEqual([]);

    // The genuine delivery still pays.
    expect((await deliver(t, payload)).statusCode).toBe(200);
    expect((await orderRow(order.id))?.status).toBe('paid');
  });

  it('refuses a body larger than any Stripe event with 413', async () => {
    const payload = JSON.stringify({ id: 'evt_big', object: 'event', padding: 'x'.repeat(70 * 1024) });
    const res = await deliver(t, payload);
    expect(res.statusCode).toBe(413);
  });

  it('marks an expired session failed; paying again opens a new page', async () => {
    const { headers, order } = await registrationOrder();
    const first = await openSession(t, headers, order, registration);
    const expired = fake.event('checkout.session.expired', fake.expire(first.paymentSessionId));
    expect((await deliver(t, expired.payload)).statusCode).toBe(200);
    expect((await sessionRow(first.paymentSessionId))?.status).toBe('failed');
    const status = await t.app.inject({ method: 'GET', url: `/api/payment/session/${first.paymentSessionId}`, headers });
    expect(status.json()).toMatchObject({ status: 'failed', order: { status: 'open' } });

    const second = await openSession(t, headers, order, registration);
    expect(second.paymentSessionId).not.toBe(first.paymentSessionId);
    expect((await sessionRow(second.paymentSessionId))?.status).toBe('open');
  });

  it('does not offer a second page for a session Stripe already took the money for', async () => {
    const { headers, order } = await registrationOrder();
    const session = await openSession(t, headers, order, registration);
    fake.pay(session.paymentSessionId); // its webhook has not arrived yet
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/session',
      headers,
      payload: { item: order.id, amount: order.gross, ...registration },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ detail: PAYMENT_MESSAGES.paymentPending });
  });

  it('sends Stripe’s back link on to the order’s cancel path with its session', async () => {
    const { headers, order } = await registrationOrder();
    const session = await openSession(t, headers, order, registration);
    const back = await t.app.inject({ method: 'GET', url: `/payment/stripe/cancel/${order.id}` });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/registration/checkout?payment=failed&session=${session.paymentSessionId}`);
    const unknown = await t.app.inject({ method: 'GET', url: '/payment/stripe/cancel/00000000-0000-4000-8000-000000000000' });
    expect(unknown.headers.location).toBe('/');
    expect((await t.app.inject({ method: 'GET', url: '/payment/stripe/cancel/not-an-order' })).statusCode).toBe(400);
  });

  it('returns a payment that can no longer buy its order (the order changed since) instead of keeping it', async () => {
    const { headers, order } = await registrationOrder();
    const session = await openSession(t, headers, order, registration);
    await t.database.db
      .update(orders)
      .set({ gross: order.gross + 100 })
      .where(eq(orders.id, order.id));
    const paid = fake.pay(session.paymentSessionId);
    const { payload } = fake.event('checkout.session.completed', paid);
    expect((await deliver(t, payload)).statusCode).toBe(200);
    // Redelivered, or told again by another event: returned once.
    expect((await deliver(t, payload)).statusCode).toBe(200);
    expect((await deliver(t, fake.event('checkout.session.async_payment_succeeded', paid).payload)).statusCode).toBe(200);

    expect((await orderRow(order.id))?.status).toBe('open');
    expect((await sessionRow(session.paymentSessionId))?.status).toBe('failed');
    expect(await invoicesOf(order.id)).toEqual([]);
    expect(fake.refunds.filter((r) => r.payment_intent === paid.payment_intent)).toEqual([
      expect.objectContaining({ amount: order.gross }),
    ]);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([
      expect.objectContaining({ amount: order.gross, provider: 'stripe', bookingId: null }),
    ]);
    const refundCall = fake.requests.find((r) => r.path === '/v1/refunds' && r.params.payment_intent === paid.payment_intent);
    expect(refundCall?.idempotencyKey).toBe(`unusable-payment-${session.paymentSessionId}`);
  });

  it('refunds a paid completion that arrives after its session was marked expired, and logs it', async () => {
    const { headers, order } = await registrationOrder();
    const session = await openSession(t, headers, order, registration);
    // Stripe's expiry reaches the app first (events arrive in any order); the payment's event comes after.
    const expiring = { ...(fake.sessions.get(session.paymentSessionId) as FakeCheckoutSession), status: 'expired' as const };
    expect((await deliver(t, fake.event('checkout.session.expired', expiring).payload)).statusCode).toBe(200);
    expect((await sessionRow(session.paymentSessionId))?.status).toBe('failed');
    const paid = fake.pay(session.paymentSessionId);
    expect((await deliver(t, fake.event('checkout.session.completed', paid).payload)).statusCode).toBe(200);
    // Told again by another event: the same refund, not a second one.
    expect((await deliver(t, fake.event('checkout.session.async_payment_succeeded', paid).payload)).statusCode).toBe(200);

    expect(fake.refunds.filter((r) => r.payment_intent === paid.payment_intent)).toEqual([
      expect.objectContaining({ amount: order.gross }),
    ]);
    expect((await orderRow(order.id))?.status).toBe('open');
    expect(await invoicesOf(order.id)).toEqual([]);
    expect((await sessionRow(session.paymentSessionId))?.status).toBe('failed');
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([
      expect.objectContaining({ amount: order.gross, provider: 'stripe' }),
    ]);
    const logged = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subject, `order ${order.id}`));
    expect(logged).toEqual([
      expect.objectContaining({
        actorUserId: null,
        action: 'payment.refund-unusable',
        details: expect.objectContaining({ sessionId: session.paymentSessionId, sessionStatus: 'failed', amount: order.gross }),
      }),
    ]);
  });

  it('refunds a cancelled hotel booking through Stripe, with the booking’s idempotency key', async () => {
    const { db } = t.database;
    const { room, today } = await roomFromToday(db, 'Stripe Lake Room');

    const { headers } = await signedInUser(db);
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers,
      payload: { accommodationId: room.accommodationId, roomId: room.id, start: addDays(today, 30), end: addDays(today, 34) },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { booking, order } = placed.json() as BookingOrder;
    const session = await openSession(t, headers, order, { redirectSuccess: '/accommodation', redirectCancel: '/accommodation' });
    const paid = fake.pay(session.paymentSessionId);
    expect((await deliver(t, fake.event('checkout.session.completed', paid).payload)).statusCode).toBe(200);

    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/booking/${booking.id}`, headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    // 4 nights × 150.00 € net + 7 % VAT.
    expect(cancelled.json() as BookingCancellation).toMatchObject({ refunded: 64_200, creditNoteNumber: expect.any(String) });

    const [made] = fake.refunds.filter((r) => r.payment_intent === paid.payment_intent);
    expect(made).toMatchObject({ amount: 64_200, currency: 'eur', status: 'succeeded' });
    const calls = fake.requests.filter((r) => r.path === '/v1/refunds' && r.params.payment_intent === paid.payment_intent);
    expect(calls.map((call) => call.idempotencyKey)).toEqual([`booking-refund-${booking.id}`]);
    expect(await db.select().from(refunds).where(eq(refunds.bookingId, booking.id))).toEqual([
      expect.objectContaining({ amount: 64_200, provider: 'stripe', providerRefundId: made?.id }),
    ]);
  });

  it('refunds a pass an organizer cancels through Stripe, once, with a credit note', async () => {
    const { user, headers, order } = await registrationOrder();
    const session = await openSession(t, headers, order, registration);
    const paid = fake.pay(session.paymentSessionId);
    expect((await deliver(t, fake.event('checkout.session.completed', paid).payload)).statusCode).toBe(200);

    const organizer = await t.login('organizer@demo.cloudfest.example');
    const cancel = () =>
      t.app.inject({ method: 'POST', url: `/api/organizer/attendees/${user.id}/cancel-pass`, headers: organizer });
    const res = await cancel();
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { message: string }).message).toContain('refunded');

    const made = fake.refunds.filter((r) => r.payment_intent === paid.payment_intent);
    expect(made).toEqual([expect.objectContaining({ amount: order.gross, currency: 'eur', status: 'succeeded' })]);
    const calls = fake.requests.filter((r) => r.path === '/v1/refunds' && r.params.payment_intent === paid.payment_intent);
    expect(calls.map((call) => call.idempotencyKey)).toEqual([`pass-refund-${order.id}`]);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([
      expect.objectContaining({ amount: order.gross, provider: 'stripe', providerRefundId: made[0]?.id }),
    ]);
    expect((await invoicesOf(order.id)).map((row) => [row.kind, row.gross]).sort()).toEqual([
      ['credit-note', -order.gross],
      ['invoice', order.gross],
    ]);

    // Cancelling again is refused and refunds nothing more.
    expect((await cancel()).statusCode).toBe(409);
    expect(fake.refunds.filter((r) => r.payment_intent === paid.payment_intent)).toHaveLength(1);
  });

  it('takes the webhook without a session token and outside the per-account rate limit', () => {
    const route = t.app.routeTable.find((r) => r.url === WEBHOOK && r.method === 'POST');
    expect(route).toBeDefined();
    const signedIn = new Set<unknown>([t.app.authenticate, t.app.authenticateRegistration]);
    expect([route?.onRequest ?? []].flat().some((hook) => signedIn.has(hook))).toBe(false);
    expect((route?.config as { rateLimit?: unknown } | undefined)?.rateLimit).toBeUndefined();
    // The sandbox's page is not there to be pressed.
    expect(t.app.routeTable.some((r) => r.url.startsWith('/payment/sandbox'))).toBe(false);
  });

  it('records events it does not act on once, and answers them 200', async () => {
    const payload = JSON.stringify({ id: 'evt_test_other', object: 'event', type: 'customer.created', data: { object: {} } });
    expect((await deliver(t, payload)).statusCode).toBe(200);
    expect((await deliver(t, payload)).statusCode).toBe(200);
    const rows = await t.database.db.select().from(stripeEvents).where(eq(stripeEvents.id, 'evt_test_other'));
    expect(rows).toEqual([expect.objectContaining({ type: 'customer.created', sessionId: null })]);
  });
});

describe('Stripe configuration', () => {
  const SAFE_PRODUCTION = {
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://mail.example:587',
    PUBLIC_URL: 'https://app.cloudfest.example',
    PAYMENT_PROVIDER: 'stripe',
  };

  it('refuses to start in production with PAYMENT_PROVIDER=stripe but without its keys', () => {
    expect(() => loadConfig(SAFE_PRODUCTION)).toThrow(
      /Refusing to start in production:\n {2}- STRIPE_SECRET_KEY is not set.*\n {2}- STRIPE_WEBHOOK_SECRET is not set/,
    );
    expect(() => loadConfig({ ...SAFE_PRODUCTION, STRIPE_SECRET_KEY: SECRET_KEY })).toThrow(/STRIPE_WEBHOOK_SECRET is not set/);
    expect(() => loadConfig({ ...SAFE_PRODUCTION, PAYMENT_PROVIDER: undefined })).toThrow(/PAYMENT_PROVIDER is not set/);
    const ready = loadConfig({ ...SAFE_PRODUCTION, STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET });
    expect(ready.PAYMENT_PROVIDER).toBe('stripe');
    expect(startWarnings(ready)).not.toContainEqual(expect.stringContaining('PAYMENT_PROVIDER'));
    expect(startWarnings({ ...ready, STRIPE_API_URL: 'http://127.0.0.1:12111' })).toContainEqual(
      expect.stringContaining('STRIPE_API_URL=http://127.0.0.1:12111'),
    );
  });

  it('refuses Stripe without keys outside production too, when the app is built', async () => {
    await expect(createStripeProvider(testConfig({ PAYMENT_PROVIDER: 'stripe' }))).rejects.toThrow(
      'PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.',
    );
  });

  it('points the Stripe client at STRIPE_API_URL only when it is set', () => {
    expect(stripeClientConfig({ STRIPE_API_URL: undefined })).not.toHaveProperty('host');
    expect(stripeClientConfig({ STRIPE_API_URL: 'http://127.0.0.1:12111' })).toMatchObject({
      host: '127.0.0.1',
      port: '12111',
      protocol: 'http',
    });
    expect(() => loadConfig({ STRIPE_API_URL: 'ftp://stripe.example' })).toThrow(/STRIPE_API_URL/);
  });

  it('keeps the sandbox the default, without any Stripe route', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database, distDir: '/nonexistent' });
    try {
      expect(app.config.PAYMENT_PROVIDER).toBe('sandbox');
      expect(app.routeTable.some((r) => r.url.includes('/stripe'))).toBe(false);
      expect(app.routeTable.some((r) => r.url === '/payment/sandbox/:sessionId/complete')).toBe(true);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

function missing(): never {
  throw new Error('missing');
}
