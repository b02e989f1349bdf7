import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#shared/contracts/registration.ts';
import { bookings, invoices, orders, passes, users } from '../../db/schema/index.ts';
import { CONFIRM_FIRST } from '../../services/accounts/confirmed-account.ts';
import { SOLD_OUT } from '../../services/hotels/booking.ts';
import { createRegistrant, type RegistrantOptions, seededRoom } from '../../testing/registrant.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { CHECKOUT_MESSAGES } from './checkout.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const STAY = { start: '2026-03-23', end: '2026-03-27' };
let counter = 0;
const registrant = (options: Partial<RegistrantOptions> = {}) =>
  createRegistrant(t.database.db, { email: `checkout${++counter}@company.example`, ...options });

const checkout = (headers: Record<string, string> | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/registration/checkout', headers, payload: payload as object });

async function hotel(name: string, room: string) {
  const row = await seededRoom(t.database.db, name, room);
  return { accommodationId: row.accommodationId, roomId: row.id, ...STAY };
}

async function roomLeft(choice: { accommodationId: number; roomId: number }) {
  const res = await t.app.inject({ method: 'GET', url: `/api/accommodation/${choice.accommodationId}/room/${choice.roomId}` });
  return res.json().available as number;
}

const liveBookings = (userId: string) =>
  t.database.db
    .select()
    .from(bookings)
    .where(and(eq(bookings.userId, userId), ne(bookings.status, 'cancelled')));

describe('only a confirmed registration holds a room', () => {
  it('refuses checkout and payment to an unconfirmed account (room availability unchanged); once confirmed it holds the room', async () => {
    const { headers, user } = await registrant({ confirmed: false });
    const colosseo = await hotel('Hotel Colosseo', 'Comfort Single');
    const left = await roomLeft(colosseo);

    const refused = await checkout(headers, { hotel: colosseo });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json().detail).toBe(CONFIRM_FIRST);
    expect(await roomLeft(colosseo)).toBe(left);
    expect(await liveBookings(user.id)).toHaveLength(0);
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/payment/session',
      headers,
      payload: {
        item: crypto.randomUUID(),
        amount: 100,
        redirectSuccess: '/registration/finish',
        redirectCancel: '/registration/checkout',
      },
    });
    expect(session.statusCode, session.body).toBe(403);
    expect(session.json().detail).toBe(CONFIRM_FIRST);

    await t.database.db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, user.id));
    const held = await checkout(headers, { hotel: colosseo });
    expect(held.statusCode, held.body).toBe(200);
    expect(await roomLeft(colosseo)).toBe(left - 1);
    expect(await liveBookings(user.id)).toMatchObject([{ status: 'held', roomId: colosseo.roomId }]);
  });
});

describe('POST /api/registration/checkout', () => {
  it('needs the registration (or a full) token', async () => {
    expect((await checkout(undefined, { hotel: null })).statusCode).toBe(401);
    const pending = await t.login('pending@demo.cloudfest.example');
    const res = await checkout(pending, { hotel: null });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'open', gross: 35_581, passStatus: 'pending' });
  });

  it('prices a paid pass with German VAT and keeps the order open', async () => {
    const { headers } = await registrant();
    const res = await checkout(headers, { hotel: null });
    expect(res.statusCode).toBe(200);
    const order = res.json() as Order;
    expect(order).toMatchObject({
      status: 'open',
      net: 29_900,
      vatBreakdown: [{ category: 'S', basisPoints: 1900, net: 29_900, vat: 5_681 }],
      vat: 5_681,
      gross: 35_581,
      passStatus: 'pending',
      invoiceNumber: null,
    });
    expect(order.lines).toEqual([
      {
        kind: 'pass',
        description: 'Business Pass',
        quantity: 1,
        unitPrice: 29_900,
        net: 29_900,
        vatCategory: 'S',
        vatBasisPoints: 1900,
      },
    ]);
  });

  it('holds the room, and a second call updates the same order instead of booking twice', async () => {
    const { headers, user } = await registrant();
    const colosseo = await hotel('Hotel Colosseo', 'Comfort Single');
    const left = await roomLeft(colosseo);

    const first = (await checkout(headers, { hotel: colosseo })).json() as Order;
    // The pass at 19 % (5,681), the nights at 7 % (4,732).
    expect(first).toMatchObject({ status: 'open', net: 97_500, vat: 10_413, gross: 107_913 });
    expect(first.vatBreakdown).toEqual([
      { category: 'S', basisPoints: 1900, net: 29_900, vat: 5_681 },
      { category: 'S', basisPoints: 700, net: 67_600, vat: 4_732 },
    ]);
    expect(first.lines[1]).toMatchObject({
      kind: 'hotel',
      quantity: 4,
      unitPrice: 16_900,
      net: 67_600,
      vatCategory: 'S',
      vatBasisPoints: 700,
    });
    expect(await roomLeft(colosseo)).toBe(left - 1);
    const [held] = await liveBookings(user.id);
    expect(held).toMatchObject({ status: 'held', roomId: colosseo.roomId, priceCents: 67_600 });

    const again = (await checkout(headers, { hotel: colosseo })).json() as Order;
    expect(again.id).toBe(first.id);
    expect(await roomLeft(colosseo)).toBe(left - 1);
    expect(await liveBookings(user.id)).toHaveLength(1);

    // Another hotel: the old hold goes back, the new one is held, still one order.
    const bellRock = await hotel('Hotel Bell Rock', 'Standard Single');
    const bellLeft = await roomLeft(bellRock);
    const swapped = (await checkout(headers, { hotel: bellRock })).json() as Order;
    expect(swapped.id).toBe(first.id);
    expect(swapped.gross).toBe(29_900 + 5_681 + 4 * 15_900 + 4_452);
    expect(await roomLeft(colosseo)).toBe(left);
    expect(await roomLeft(bellRock)).toBe(bellLeft - 1);
    expect((await liveBookings(user.id)).map((b) => b.roomId)).toEqual([bellRock.roomId]);

    // No hotel after all: the hold goes back too.
    const none = (await checkout(headers, { hotel: null })).json() as Order;
    expect(none).toMatchObject({ id: first.id, gross: 35_581 });
    expect(await roomLeft(bellRock)).toBe(bellLeft);
    expect(await liveBookings(user.id)).toHaveLength(0);
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(1);
  });

  it('completes a free pass without a hotel once it is placed: status free, no invoice, a confirmation mail', async () => {
    const { headers, user } = await registrant({ passType: 'Standard Pass' });
    // Priced for the checkout page: nothing to pay, but not placed yet (the step is not complete).
    const priced = await checkout(headers, { hotel: null });
    expect(priced.statusCode).toBe(200);
    expect(priced.json()).toMatchObject({ status: 'open', gross: 0, net: 0, lines: [expect.objectContaining({ kind: 'pass' })] });
    const unplacedMails = (
      await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(user.email)}` })
    ).json();
    expect(unplacedMails).toHaveLength(0);

    const res = await checkout(headers, { hotel: null, place: true });
    expect(res.statusCode).toBe(200);
    const order = res.json() as Order;
    expect(order.id).toBe(priced.json().id);
    expect(order).toMatchObject({ status: 'free', gross: 0, passStatus: 'pending', invoiceNumber: null });
    expect(await t.database.db.select().from(invoices).where(eq(invoices.userId, user.id))).toHaveLength(0);
    const [pass] = await t.database.db.select().from(passes).where(eq(passes.userId, user.id));
    expect(pass?.status).toBe('pending');

    const mails = (await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(user.email)}` })).json();
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe('Your CloudFest 2026 registration is complete');
    expect(mails[0].text).toContain('Your Standard Pass awaits approval');
    // Nothing to pay: 'Free', without net and VAT lines.
    expect(mails[0].text).toContain('Total: Free');
    expect(mails[0].text).not.toMatch(/Net:|VAT/);

    // Asking again answers the same order; asking for something else is a conflict.
    const again = await checkout(headers, { hotel: null });
    expect(again.json().id).toBe(order.id);
    const other = await checkout(headers, { hotel: await hotel('Hotel Colosseo', 'Comfort Single') });
    expect(other.statusCode).toBe(409);
    expect(other.json().detail).toBe(CHECKOUT_MESSAGES.alreadyCheckedOut);
    expect(await liveBookings(user.id)).toHaveLength(0);
  });

  it('charges the hotel of a free pass', async () => {
    const { headers } = await registrant({ passType: 'Standard Pass' });
    const order = (await checkout(headers, { hotel: await hotel('Landhotel Herbolzheim', 'Single Room') })).json() as Order;
    expect(order).toMatchObject({ status: 'open', net: 4 * 8_900, vat: 2_492, gross: 4 * 8_900 + 2_492 });
  });

  it('answers 409 without a pass or with a cancelled pass', async () => {
    const without = await registrant();
    await t.database.db.delete(passes).where(eq(passes.userId, without.user.id));
    const res = await checkout(without.headers, { hotel: null });
    expect(res.statusCode).toBe(409);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().detail).toBe(CHECKOUT_MESSAGES.noPass);

    const cancelled = await registrant({ passStatus: 'cancelled' });
    expect((await checkout(cancelled.headers, { hotel: null })).json().detail).toBe(CHECKOUT_MESSAGES.passClosed);
  });

  it('answers 409 for a sold-out room and creates nothing', async () => {
    const { headers, user } = await registrant();
    const res = await checkout(headers, { hotel: await hotel('Hotel Santa Isabel', 'Cloister Double') });
    expect(res.statusCode).toBe(409);
    expect(res.json().detail).toBe(SOLD_OUT);
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, user.id))).toHaveLength(0);
  });

  it('answers bad input with 4xx problem+json, never 500', async () => {
    const { headers } = await registrant();
    const colosseo = await hotel('Hotel Colosseo', 'Comfort Single');
    const bellRock = await hotel('Hotel Bell Rock', 'Standard Single');
    const cases: [unknown, number][] = [
      [{}, 400],
      [{ hotel: 5 }, 400],
      [{ hotel: { ...colosseo, accommodationId: 'x' } }, 400],
      [{ hotel: { ...colosseo, roomId: -1 } }, 400],
      [{ hotel: { ...colosseo, start: '23.03.2026' } }, 400],
      [{ hotel: { ...colosseo, start: '2026-03-27', end: '2026-03-23' } }, 400],
      [{ hotel: { ...colosseo, start: '2026-02-30', end: '2026-03-02' } }, 400],
      [{ hotel: { ...colosseo, start: '2026-03-01', end: '2026-03-20' } }, 400],
      [{ hotel: { ...colosseo, roomId: 2 ** 40 } }, 404],
      [{ hotel: { ...colosseo, roomId: 999_999 } }, 404],
      [{ hotel: { ...colosseo, roomId: bellRock.roomId } }, 404],
      [{ hotel: { ...colosseo, start: '2027-03-23', end: '2027-03-27' } }, 409],
    ];
    for (const [payload, status] of cases) {
      const res = await checkout(headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    const reversed = await checkout(headers, { hotel: { ...colosseo, start: '2026-03-27', end: '2026-03-23' } });
    expect(reversed.json().errors).toEqual([
      { path: 'hotel.end', message: 'The check-out date must be after the check-in date.' },
    ]);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/registration/checkout',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"hotel":',
    });
    expect(broken.statusCode).toBe(400);
  });
});

describe('VAT by what is sold, whoever buys', () => {
  const company = (options: Partial<RegistrantOptions>) => registrant({ company: 'Example SARL', ...options });
  const PASS_AND_NIGHTS = { net: 97_500, vat: 10_413, gross: 107_913 };

  it('a French company with a valid VAT ID pays 19 % on the pass and 7 % on the nights, like a German consumer', async () => {
    const french = await company({ country: 'FR', vatId: 'FR40303265045' });
    const order = (await checkout(french.headers, { hotel: await hotel('Hotel Colosseo', 'Comfort Single') })).json() as Order;
    expect(order).toMatchObject(PASS_AND_NIGHTS);
    expect(order.lines.map((line) => [line.kind, line.vatCategory, line.vatBasisPoints])).toEqual([
      ['pass', 'S', 1900],
      ['hotel', 'S', 700],
    ]);
    const consumer = await registrant({ country: 'DE', company: '' });
    const same = (await checkout(consumer.headers, { hotel: await hotel('Hotel Colosseo', 'Comfort Single') })).json() as Order;
    expect(same).toMatchObject({ ...PASS_AND_NIGHTS, vatBreakdown: order.vatBreakdown });
  });

  it('charges German VAT on any VAT ID: no reverse charge for Austria, Greece, Switzerland or none', async () => {
    const cases: Partial<RegistrantOptions>[] = [
      { country: 'AT', vatId: 'ATU 1358 5627' },
      { country: 'GR', vatId: 'EL094259216' },
      { country: 'DE', vatId: 'DE314772507' },
      { country: 'CH', vatId: 'CHE123456789' },
      { country: 'AT', vatId: '' },
      { country: null },
    ];
    for (const options of cases) {
      const order = (await checkout((await company(options)).headers, { hotel: null })).json() as Order;
      expect(order, JSON.stringify(options)).toMatchObject({ vat: 5_681, gross: 35_581 });
      expect(order).not.toHaveProperty('reverseCharge');
    }
  });
});
