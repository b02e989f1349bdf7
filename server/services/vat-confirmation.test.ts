import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { BookingCancellation, BookingOrder } from '#shared/contracts/index.ts';
import type { AttendeeAction } from '#shared/contracts/organizer-people.ts';
import type { Invoice, Order } from '#shared/contracts/registration.ts';
import { addDays } from '#shared/stay.ts';
import { addresses, invoices, orders, paymentSessions, refunds, trainTicketTypes, viesChecks } from '../db/schema/index.ts';
import { ORGANIZER } from '../routes/organizer/people-testing.ts';
import { lastMailTo, payInSandbox } from '../routes/payment/sandbox-testing.ts';
import { type FakeVies, startFakeVies } from '../testing/fake-vies.ts';
import { pdfText } from '../testing/pdf-text.ts';
import { createRegistrant, type RegistrantOptions, roomFromToday, seededRoom } from '../testing/registrant.ts';
import { createTestApp } from '../testing/test-app.ts';
import { cancelBooking } from './booking.ts';
import { lockUser } from './order-completion.ts';
import { invoiceBalance } from './invoice-balance.ts';
import { currentInvoiceOf, refundCancelledBooking } from './payments/refunds.ts';
import { SandboxPaymentProvider } from './payments/sandbox.ts';
import { correctVatAfterConfirmation } from './vat-confirmation.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let vies: FakeVies;

/** An organizer cancels the holder's pass (refunded through the provider that took the payment). */
const cancelPassAsOrganizer = async (userId: string) =>
  t.app.inject({ method: 'POST', url: `/api/organizer/attendees/${userId}/cancel-pass`, headers: await t.login(ORGANIZER) });

const TIMEOUT_MS = 500;

beforeAll(async () => {
  vies = await startFakeVies();
  t = await createTestApp({ VIES_URL: vies.url, VIES_TIMEOUT_MS: String(TIMEOUT_MS), VIES_REQUESTER_VAT_ID: 'DE 314 772 507' });
});
afterAll(async () => {
  await t?.close();
  await vies?.close();
});
beforeEach(() => {
  vies.mode = 'up';
});

let counter = 0;
/** A buyer with an approved Business Pass (€299 net), signed in, billing address in Austria unless told. */
const buyer = (options: Partial<RegistrantOptions> = {}) =>
  createRegistrant(t.database.db, {
    email: `vies${++counter}@company.example`,
    company: 'Example GmbH',
    country: 'AT',
    scope: 'full',
    ...options,
  });

const checkout = async (headers: Record<string, string>) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/registration/checkout', headers, payload: { hotel: null } });
  if (res.statusCode !== 200) throw new Error(`checkout ${res.statusCode}: ${res.body}`);
  return res.json() as Order;
};

const requestsFor = (vatId: string) => vies.requests.filter((r) => r.countryCode + r.vatNumber === vatId).length;
const expire = (vatId: string) =>
  t.database.db
    .update(viesChecks)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(viesChecks.vatId, vatId));
const cached = (vatId: string) => t.database.db.select().from(viesChecks).where(eq(viesChecks.vatId, vatId));
const billingOf = async (userId: string) => {
  const [row] = await t.database.db.select().from(addresses).where(eq(addresses.userId, userId));
  if (!row) throw new Error('no billing address');
  return row;
};
const invoicesOf = (userId: string) =>
  t.database.db
    .select()
    .from(invoices)
    .where(eq(invoices.userId, userId))
    .orderBy(asc(invoices.issuedAt), asc(invoices.sequence));
const pdf = async (headers: Record<string, string>, id: string) => {
  const res = await t.app.inject({ method: 'GET', url: `/api/invoice/${id}/pdf`, headers });
  expect(res.statusCode).toBe(200);
  return pdfText(res.rawPayload).replace(/\s+/g, ' ');
};

const WITH_VAT = { reverseCharge: false, vatRate: 0.19, vat: 5_681, gross: 35_581 };
const REVERSE_CHARGE = { reverseCharge: true, vatRate: 0, vat: 0, gross: 29_900 };

describe('VAT IDs confirmed with VIES', () => {
  it('finding 8: a well-formed VAT ID that VIES does not know keeps VAT', async () => {
    // Format and check digits are right, but no company is registered under it.
    const { headers } = await buyer({ vatId: 'ATU12345675' });
    const order = await checkout(headers);
    expect(order).toMatchObject(WITH_VAT);
    expect(vies.requests).toContainEqual(expect.objectContaining({ countryCode: 'AT', vatNumber: 'U12345675' }));
  });

  it('gives reverse charge for a VAT ID VIES confirmed, keeping its date and consultation number for the invoice and the organizer', async () => {
    vies.register('ATU12345700', 'Bestätigt GmbH');
    const { headers, user } = await buyer({ vatId: 'ATU 1234 5700' });
    const before = Date.now();
    const order = await checkout(headers);
    expect(order).toMatchObject(REVERSE_CHARGE);

    // Our own VAT ID went along, so VIES answered with a consultation number.
    expect(vies.requests.at(-1)).toEqual({
      countryCode: 'AT',
      vatNumber: 'U12345700',
      requesterMemberStateCode: 'DE',
      requesterNumber: '314772507',
    });
    const address = await billingOf(user.id);
    expect(address.vatConfirmedId).toBe('ATU12345700');
    expect(address.vatConfirmationReference).toMatch(/^WAPI[0-9A-F]{12}$/);
    expect(address.vatConfirmedAt?.getTime()).toBeGreaterThanOrEqual(before - 1000);
    const [check] = await cached('ATU12345700');
    expect(check).toMatchObject({ valid: true, name: 'Bestätigt GmbH', requestIdentifier: address.vatConfirmationReference });

    await payInSandbox(t, headers, order);
    const [invoice] = await invoicesOf(user.id);
    expect(invoice).toMatchObject({ reverseCharge: true, vat: 0 });
    expect(invoice?.buyer.vatConfirmation).toEqual({
      confirmedAt: address.vatConfirmedAt?.toISOString(),
      reference: address.vatConfirmationReference,
    });
    const text = await pdf(headers, invoice?.id ?? '');
    expect(text).toContain('USt-IdNr. / VAT ID: ATU12345700');
    expect(text).toContain(`confirmed by VIES`);
    expect(text).toContain(`ref. ${address.vatConfirmationReference}`);
  });

  it.each([
    ['down (HTTP 500)', 'down', 'ATU12345719'],
    ['a member state unavailable', 'ms-unavailable', 'ATU12345728'],
    ['silent (timeout)', 'hang', 'ATU12345737'],
  ] as const)('charges VAT while VIES is %s, caches nothing and asks again next time', async (_label, mode, vatId) => {
    vies.register(vatId);
    const { headers, user } = await buyer({ vatId });
    vies.mode = mode;
    const started = performance.now();
    expect(await checkout(headers)).toMatchObject(WITH_VAT);
    expect(performance.now() - started).toBeLessThan(TIMEOUT_MS + 4000);
    expect(requestsFor(vatId)).toBe(1);
    expect(await cached(vatId)).toEqual([]);
    expect((await billingOf(user.id)).vatConfirmedId).toBeNull();

    vies.mode = 'up';
    expect(await checkout(headers)).toMatchObject(REVERSE_CHARGE);
    expect(requestsFor(vatId)).toBe(2);
  });

  it('answers from the cache: a confirmed or refused VAT ID is not asked about twice', async () => {
    vies.register('ATU12345746');
    const first = await buyer({ vatId: 'ATU12345746' });
    const second = await buyer({ vatId: 'ATU12345746' });
    expect(await checkout(first.headers)).toMatchObject(REVERSE_CHARGE);
    expect(await checkout(first.headers)).toMatchObject(REVERSE_CHARGE);
    expect(await checkout(second.headers)).toMatchObject(REVERSE_CHARGE);
    expect(requestsFor('ATU12345746')).toBe(1);

    const unknown = await buyer({ vatId: 'ATU12345755' });
    expect(await checkout(unknown.headers)).toMatchObject(WITH_VAT);
    expect(await checkout(unknown.headers)).toMatchObject(WITH_VAT);
    expect(requestsFor('ATU12345755')).toBe(1);
    const [refused] = await cached('ATU12345755');
    // A refusal is kept for an hour only, a confirmation for a day.
    expect(refused?.valid).toBe(false);
    const [confirmed] = await cached('ATU12345746');
    const ttl = (row: typeof refused) => (row ? row.expiresAt.getTime() - row.checkedAt.getTime() : 0);
    expect(ttl(refused)).toBe(60 * 60 * 1000);
    expect(ttl(confirmed)).toBe(24 * 60 * 60 * 1000);
  });

  it('keeps an earlier confirmation while VIES is down, and withdraws it once VIES refuses the VAT ID', async () => {
    vies.register('ATU12345764');
    const { headers, user } = await buyer({ vatId: 'ATU12345764' });
    expect(await checkout(headers)).toMatchObject(REVERSE_CHARGE);
    const confirmed = await billingOf(user.id);

    // A day later the cached answer has expired and VIES is down: yesterday's confirmation stands.
    await expire('ATU12345764');
    vies.mode = 'down';
    expect(await checkout(headers)).toMatchObject(REVERSE_CHARGE);
    expect(await billingOf(user.id)).toEqual(confirmed);

    // Then the company is gone from the register.
    vies.mode = 'up';
    vies.deregister('ATU12345764');
    expect(await checkout(headers)).toMatchObject(WITH_VAT);
    expect(await billingOf(user.id)).toMatchObject({
      vatConfirmedId: null,
      vatConfirmedAt: null,
      vatConfirmationReference: null,
    });
  });

  it('never asks about an ID that cannot give reverse charge', async () => {
    const before = vies.requests.length;
    for (const options of [
      { country: 'DE', vatId: 'DE314772507' },
      { country: 'AT', vatId: 'ATU00000000' },
      { country: 'AT', vatId: 'FR40303265045' },
      { country: 'CH', vatId: 'CHE123456789' },
    ]) {
      expect(await checkout((await buyer(options)).headers)).toMatchObject(WITH_VAT);
    }
    expect(vies.requests.length).toBe(before);
  });
});

describe('a confirmation that comes after the payment', () => {
  /** Pays a Business Pass with VAT while VIES is down. */
  async function paidWithVat(vatId: string) {
    const registrant = await buyer({ vatId });
    vies.mode = 'down';
    const order = await checkout(registrant.headers);
    expect(order).toMatchObject(WITH_VAT);
    vies.mode = 'up';
    await payInSandbox(t, registrant.headers, order);
    const [invoice] = await invoicesOf(registrant.user.id);
    expect(invoice).toMatchObject({ kind: 'invoice', reverseCharge: false, vat: 5_681, gross: 35_581 });
    return { ...registrant, order, invoice: invoice as NonNullable<typeof invoice> };
  }

  it('is corrected by a credit note and an invoice without VAT, and the VAT is refunded', async () => {
    const { headers, user, order, invoice } = await paidWithVat('ATU12345773');
    // Still unknown to VIES: the hourly re-check changes nothing.
    await t.app.vat.recheckPending();
    expect(await invoicesOf(user.id)).toHaveLength(1);

    // An hour later (the refusal's cache has expired) VIES knows the company.
    await expire('ATU12345773');
    vies.register('ATU12345773');
    await t.app.vat.recheckPending();
    const [original, creditNote, replacement] = await invoicesOf(user.id);
    expect(original?.id).toBe(invoice.id);
    expect(creditNote).toMatchObject({
      kind: 'credit-note',
      correctsInvoiceId: invoice.id,
      orderId: order.id,
      net: -29_900,
      vat: -5_681,
      gross: -35_581,
      reverseCharge: false,
    });
    expect(replacement).toMatchObject({
      kind: 'invoice',
      correctsInvoiceId: invoice.id,
      orderId: order.id,
      lines: invoice.lines,
      net: 29_900,
      vatBasisPoints: 0,
      vat: 0,
      gross: 29_900,
      reverseCharge: true,
    });
    expect(replacement?.buyer.vatConfirmation?.reference).toMatch(/^WAPI/);
    expect(await t.database.db.select().from(refunds).where(eq(refunds.orderId, order.id))).toEqual([
      expect.objectContaining({ amount: 5_681, provider: 'sandbox', bookingId: null }),
    ]);
    const [repriced] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(repriced).toMatchObject({ status: 'paid', reverseCharge: true, vatBasisPoints: 0, vat: 0, gross: 29_900 });

    // The buyer sees all three; the order now names the invoice that replaced the first.
    const list = (await t.app.inject({ method: 'GET', url: '/api/invoice', headers })).json() as Invoice[];
    expect(list.map((row) => [row.kind, row.gross, row.description])).toEqual([
      ['invoice', 29_900, `Replaces invoice ${invoice.number}: Business Pass`],
      ['credit-note', -35_581, `Cancellation of invoice ${invoice.number}: Business Pass`],
      ['invoice', 35_581, 'Business Pass'],
    ]);
    const noteText = await pdf(headers, creditNote?.id ?? '');
    expect(noteText).toContain(`Cancels invoice ${invoice.number}`);
    expect(noteText).toContain(`Settled against the corrected invoice ${replacement?.number} without VAT; the VAT of 56,81`);
    expect(noteText).toMatch(/the VAT of 56,81\W+was refunded to the original means of payment/);
    const replacementText = await pdf(headers, replacement?.id ?? '');
    expect(replacementText).toContain(`Replaces invoice ${invoice.number}`);
    expect(replacementText).toContain('Umsatzsteuer 0 % / VAT 0 %');
    expect(replacementText).toContain('Steuerschuldnerschaft des Leistungsempfängers');
    expect(replacementText).toContain(`Paid with the payment of invoice ${invoice.number}`);

    // Once is enough: asking again corrects nothing more.
    expect(await correctVatAfterConfirmation(t.database.db, [], user.id)).toEqual([]);
    await t.app.vat.recheckPending();
    expect(await invoicesOf(user.id)).toHaveLength(3);
  });

  it('is corrected when the next order brings the confirmation', async () => {
    const { headers, user, invoice } = await paidWithVat('ATU12345782');
    vies.register('ATU12345782');
    const [type] = await t.database.db.select().from(trainTicketTypes).orderBy(asc(trainTicketTypes.priceCents)).limit(1);
    const ticket = await t.app.inject({ method: 'POST', url: '/api/train-ticket', headers, payload: { typeId: type?.id } });
    expect(ticket.statusCode, ticket.body).toBe(201);
    expect(ticket.json()).toMatchObject({ reverseCharge: true, vat: 0 });
    const corrections = await t.database.db
      .select()
      .from(invoices)
      .where(and(eq(invoices.userId, user.id), eq(invoices.correctsInvoiceId, invoice.id)));
    expect(corrections.map((row) => row.kind).sort()).toEqual(['credit-note', 'invoice']);
  });

  /** The VAT of the paid invoice comes back once VIES confirms the VAT ID (the hourly re-check). */
  async function confirmLater(vatId: string) {
    await expire(vatId);
    vies.register(vatId);
    expect((await t.app.vat.recheckPending()).confirmed).toBeGreaterThanOrEqual(1);
  }
  const refundsOf = (orderId: string) =>
    t.database.db.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(asc(refunds.createdAt));
  const paidFor = async (orderId: string) => {
    const [session] = await t.database.db
      .select()
      .from(paymentSessions)
      .where(and(eq(paymentSessions.orderId, orderId), eq(paymentSessions.status, 'succeeded')));
    return session?.amount ?? 0;
  };

  it('then a cancelled pass is refunded and credited against the corrected invoice, never more than was paid', async () => {
    const { user, order, invoice } = await paidWithVat('ATU12345808');
    await confirmLater('ATU12345808');
    const replacement = (await invoicesOf(user.id)).find((row) => row.kind === 'invoice' && row.correctsInvoiceId === invoice.id);
    expect(replacement).toMatchObject({ vat: 0, gross: 29_900 });

    const res = await cancelPassAsOrganizer(user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AttendeeAction).message).toContain('EUR 299.00 refunded');

    // The VAT went back with the correction, the net with the cancellation: together what was paid.
    const paid = await paidFor(order.id);
    expect(paid).toBe(35_581);
    const made = await refundsOf(order.id);
    expect(made.map((row) => row.amount)).toEqual([5_681, 29_900]);
    expect(made.reduce((total, row) => total + row.amount, 0)).toBe(paid);
    const notes = (await invoicesOf(user.id)).filter((row) => row.kind === 'credit-note');
    expect(notes).toHaveLength(2);
    expect(notes[1]).toMatchObject({
      correctsInvoiceId: replacement?.id,
      net: -29_900,
      vatBasisPoints: 0,
      vat: 0,
      gross: -29_900,
      reverseCharge: true,
    });
    expect((await lastMailTo(t.database.db, user.email))?.text).toContain('EUR 299.00');
  });

  it('then a cancelled hotel booking is refunded and credited against the corrected invoice, never more than was paid', async () => {
    const { db } = t.database;
    const { room, today } = await roomFromToday(db, 'VIES Lake Room');

    const { headers, user } = await buyer({ vatId: 'ATU12345817', passStatus: 'approved' });
    vies.mode = 'down';
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers,
      payload: { accommodationId: room.accommodationId, roomId: room.id, start: addDays(today, 30), end: addDays(today, 34) },
    });
    vies.mode = 'up';
    expect(placed.statusCode, placed.body).toBe(201);
    const { booking, order } = placed.json() as BookingOrder;
    // 4 nights × 150.00 € net + 19 % VAT while the VAT ID is unconfirmed.
    expect(order).toMatchObject({ reverseCharge: false, vat: 11_400, gross: 71_400 });
    await payInSandbox(t, headers, order);
    await confirmLater('ATU12345817');
    const replacement = (await invoicesOf(user.id)).find((row) => row.kind === 'invoice' && row.correctsInvoiceId !== null);
    expect(replacement).toMatchObject({ vat: 0, gross: 60_000, reverseCharge: true });

    const cancelled = await t.app.inject({ method: 'DELETE', url: `/api/booking/${booking.id}`, headers });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const answer = cancelled.json() as BookingCancellation;
    expect(answer.refunded).toBe(60_000);

    const made = await refundsOf(order.id);
    expect(made.map((row) => [row.amount, row.bookingId])).toEqual([
      [11_400, null],
      [60_000, booking.id],
    ]);
    expect(made.reduce((total, row) => total + row.amount, 0)).toBe(await paidFor(order.id));
    const [note] = await db
      .select()
      .from(invoices)
      .where(eq(invoices.number, answer.creditNoteNumber ?? ''));
    expect(note).toMatchObject({ kind: 'credit-note', correctsInvoiceId: replacement?.id, net: -60_000, vat: 0, gross: -60_000 });
  });

  /** A registration order with the Business Pass and four hotel nights, paid with VAT while VIES is down. */
  async function paidPassAndRoomWithVat(vatId: string) {
    const { db } = t.database;
    const room = await seededRoom(db, 'Hotel Colosseo', 'Superior Double');
    const registrant = await buyer({ vatId });
    vies.mode = 'down';
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/registration/checkout',
      headers: registrant.headers,
      payload: { hotel: { accommodationId: room.accommodationId, roomId: room.id, start: '2026-03-23', end: '2026-03-27' } },
    });
    vies.mode = 'up';
    expect(placed.statusCode, placed.body).toBe(200);
    const order = placed.json() as Order;
    expect(order).toMatchObject({ reverseCharge: false, vatRate: 0.19 });
    await payInSandbox(t, registrant.headers, order);
    const [invoice] = await invoicesOf(registrant.user.id);
    if (!invoice) throw new Error('no invoice');
    const [row] = await db.select({ bookingId: orders.bookingId }).from(orders).where(eq(orders.id, order.id));
    if (!row?.bookingId) throw new Error('the registration order holds no booking');
    return { ...registrant, order, invoice, booking: row.bookingId };
  }

  /** The holder cancels the room (well before arrival: the event's nights are past by the test clock). */
  const cancelHotel = (userId: string, bookingId: string) =>
    t.database.db.transaction(async (tx) => {
      await lockUser(tx, userId);
      await cancelBooking(tx, bookingId, new Date('2026-01-05T10:00:00Z'));
      return refundCancelledBooking(tx, [new SandboxPaymentProvider(t.database.db)], bookingId);
    });

  it('of an invoice partly credited already corrects the remaining lines: their VAT refunded, an invoice for them without VAT', async () => {
    const { headers, user, order, invoice, booking } = await paidPassAndRoomWithVat('ATU12345835');
    const hotel = await cancelHotel(user.id, booking);
    const hotelNote = hotel.creditNote;
    if (!hotelNote) throw new Error('no credit note for the hotel');
    expect(hotelNote.lines.map((line) => line.kind)).not.toContain('pass');

    await confirmLater('ATU12345835');
    const all = await invoicesOf(user.id);
    const notes = all.filter((row) => row.kind === 'credit-note' && row.correctsInvoiceId === invoice.id);
    expect(notes.map((note) => note.number)).toEqual([hotelNote.number, expect.any(String)]);
    const vatNote = notes[1];
    // What the hotel's credit note left of the invoice: the pass, with its VAT.
    const remainingVat = invoice.vat + hotelNote.vat;
    expect(vatNote).toMatchObject({
      correction: 'vat',
      reverseCharge: false,
      net: -29_900,
      vat: -remainingVat,
      gross: -(29_900 + remainingVat),
    });
    expect(vatNote?.lines.map((line) => [line.kind, line.net])).toEqual([['pass', -29_900]]);
    const replacement = all.find((row) => row.kind === 'invoice' && row.correctsInvoiceId === invoice.id);
    expect(replacement).toMatchObject({ net: 29_900, vatBasisPoints: 0, vat: 0, gross: 29_900, reverseCharge: true });
    expect(replacement?.lines.map((line) => line.kind)).toEqual(['pass']);
    // Never more credited than invoiced.
    expect(invoice.gross + notes.reduce((total, note) => total + note.gross, 0)).toBe(0);

    const made = await refundsOf(order.id);
    expect(made.map((row) => [row.amount, row.bookingId])).toEqual([
      [hotel.refunded, booking],
      [remainingVat, null],
    ]);
    expect(hotel.refunded).toBe(-hotelNote.gross);

    // The hotel's credit note was refunded, not settled against the corrected invoice; the correction's was.
    const hotelText = await pdf(headers, hotelNote.id);
    expect(hotelText).not.toContain('Settled against');
    expect(hotelText).toContain('was refunded to the original means of payment');
    const vatText = await pdf(headers, vatNote?.id ?? '');
    expect(vatText).toContain(`Settled against the corrected invoice ${replacement?.number} without VAT`);

    // Once is enough.
    expect(await correctVatAfterConfirmation(t.database.db, [], user.id)).toEqual([]);
    expect(await invoicesOf(user.id)).toHaveLength(all.length);

    // The pass cancelled later: its net comes back against the corrected invoice; in sum what was paid.
    const res = await cancelPassAsOrganizer(user.id);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AttendeeAction).message).toContain('EUR 299.00 refunded');
    const after = await refundsOf(order.id);
    expect(after.map((row) => row.amount)).toEqual([hotel.refunded, remainingVat, 29_900]);
    expect(after.reduce((total, row) => total + row.amount, 0)).toBe(await paidFor(order.id));
  });

  it('of an invoice credited in full changes nothing', async () => {
    const { user, order, booking } = await paidPassAndRoomWithVat('ATU12345844');
    await cancelHotel(user.id, booking);
    const res = await cancelPassAsOrganizer(user.id);
    expect(res.statusCode, res.body).toBe(200);
    const before = await invoicesOf(user.id);
    expect(before).toHaveLength(3);
    vies.register('ATU12345844');
    expect(await t.app.vat.confirmBuyer(user.id)).toBe('confirmed');
    expect(await invoicesOf(user.id)).toEqual(before);
    expect((await refundsOf(order.id)).reduce((total, row) => total + row.amount, 0)).toBe(await paidFor(order.id));
  });

  // PGlite runs one statement at a time: only PostgreSQL shows whether the per-user lock holds.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'and a hotel cancellation at the same moment: whichever comes first, what was paid is refunded once and the pass stays billed without VAT',
    async () => {
      const { db } = t.database;
      const rounds = await Promise.all(
        ['ATU12345853', 'ATU12345862', 'ATU12345871'].map(async (vatId) => {
          const paid = await paidPassAndRoomWithVat(vatId);
          vies.register(vatId);
          await expire(vatId);
          return paid;
        }),
      );
      await Promise.all(rounds.flatMap(({ user, booking }) => [cancelHotel(user.id, booking), t.app.vat.confirmBuyer(user.id)]));
      for (const { user, order } of rounds) {
        const current = await currentInvoiceOf(db, order.id);
        if (!current) throw new Error('no current invoice');
        const open = await invoiceBalance(db, current);
        expect(open).toMatchObject({ net: 29_900, vat: 0, gross: 29_900 });
        expect(open.lines.map((line) => line.kind)).toEqual(['pass']);
        expect(current.reverseCharge).toBe(true);
        for (const invoice of (await invoicesOf(user.id)).filter((row) => row.kind === 'invoice')) {
          expect((await invoiceBalance(db, invoice)).gross).toBeGreaterThanOrEqual(0);
        }
        const refunded = (await refundsOf(order.id)).reduce((total, row) => total + row.amount, 0);
        expect(refunded).toBe((await paidFor(order.id)) - 29_900);
      }
    },
  );

  it('leaves an invoice issued before the VAT ID was entered alone', async () => {
    const { headers, user } = await buyer({ vatId: '' });
    const order = await checkout(headers);
    expect(order).toMatchObject(WITH_VAT);
    await payInSandbox(t, headers, order);
    vies.register('ATU12345791');
    await t.database.db.update(addresses).set({ vatId: 'ATU12345791' }).where(eq(addresses.userId, user.id));
    expect(await t.app.vat.confirmBuyer(user.id)).toBe('confirmed');
    expect(await invoicesOf(user.id)).toHaveLength(1);
  });
});
