import { PGlite } from '@electric-sql/pglite';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventConfigSchema } from '#shared/contracts/catalog.ts';
import { verifyPassword } from '../../services/accounts/password.ts';
import { type Database, openDatabase } from '../client.ts';
import * as t from '../schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, demoEmail, GENERIC_ATTENDEE_COUNT, genericAttendeeEmail } from './demo-accounts.ts';
import { seed } from './index.ts';
import { userSeeds } from './users.ts';
import { DEFAULT_STAY, nightsOf } from './venue.ts';

const TIMEOUT = 60_000;
let database: Database;

// One in-memory PGlite for the whole file: starting one costs ~2 s and ~900 MB.
beforeAll(async () => {
  database = await openDatabase({ pglite: new PGlite() });
  await database.migrate();
  expect(await seed(database.db)).toEqual({ seeded: true });
}, TIMEOUT);

afterAll(async () => {
  await database?.close();
});

const db = () => database.db;

async function userByEmail(email: string) {
  const [user] = await db().select().from(t.users).where(eq(t.users.email, email));
  if (!user) throw new Error(`missing user ${email}`);
  return user;
}

async function passOf(userId: string) {
  const rows = await db()
    .select({ status: t.passes.status, voucherCode: t.passes.voucherCode, typeName: t.passTypes.name })
    .from(t.passes)
    .innerJoin(t.passTypes, eq(t.passTypes.id, t.passes.passTypeId))
    .where(eq(t.passes.userId, userId));
  return rows[0];
}

describe('demo seed', () => {
  it('stores the event config in the contract shape', async () => {
    const [row] = await db().select().from(t.config).where(eq(t.config.key, 'event'));
    const event = eventConfigSchema.parse(row?.value);
    expect(event.name).toBe('CloudFest 2026');
    expect(event.countdownPhases.map((p) => p.name)).toContain('Cyber Week Special');
  });

  it('has every ISO country and exactly the 27 EU members', async () => {
    expect(await db().$count(t.countries)).toBeGreaterThanOrEqual(249);
    const eu = await db().select({ code: t.countries.code }).from(t.countries).where(eq(t.countries.isEu, true));
    expect(eu).toHaveLength(27);
    expect(eu.map((c) => c.code)).toContain('DE');
    expect(eu.map((c) => c.code)).not.toContain('GB');
  });

  it('has paid, upgrade and voucher pass types with resolvable upgrade paths', async () => {
    const types = await db().select().from(t.passTypes);
    const byName = (name: string, kind: string) => types.filter((p) => p.name === name && p.kind === kind);
    const [standard] = byName('Standard Pass', 'paid');
    const [business] = byName('Business Pass', 'paid');
    expect(standard).toMatchObject({ isFree: true, priceCents: 0 });
    expect(business?.priceCents).toBe(29_900);
    expect(byName('Premium Pass', 'paid')[0]?.priceCents).toBe(89_900);
    const upgrades = types.filter((p) => p.kind === 'paid-upgrade');
    const fromStandard = upgrades.filter((u) => u.upgradeableBy.includes(standard?.id ?? -1));
    expect(fromStandard.map((u) => u.priceCents).sort()).toEqual([29_900, 89_900]);
    expect(upgrades.filter((u) => u.upgradeableBy.includes(business?.id ?? -1)).map((u) => u.priceCents)).toEqual([60_000]);
    expect(
      types
        .filter((p) => p.kind === 'voucher')
        .map((p) => p.name)
        .sort(),
    ).toEqual(['Host Pass', 'Partner Pass', 'Press Pass', 'Speaker Pass']);
  });

  it('has upper-case vouchers whose use counts match the seeded passes', async () => {
    const rows = await db().select().from(t.vouchers);
    expect(rows.map((v) => v.code)).toEqual(
      expect.arrayContaining(['CF26', 'HOST-EUROPA-2026', 'HOST-PARTNER-7731', 'SPEAKER-2026', 'PRESS-2026', 'PARTNER-2026']),
    );
    for (const v of rows) expect(v.code).toBe(v.code.toUpperCase());
    const used = await db()
      .select({ code: t.passes.voucherCode, n: sql<number>`count(*)::int` })
      .from(t.passes)
      .groupBy(t.passes.voucherCode);
    for (const v of rows) expect(v.usedCount).toBe(used.find((u) => u.code === v.code)?.n ?? 0);
  });

  it('has white, black and gray lists', async () => {
    const lists = await db().select().from(t.emailLists);
    expect(lists).toEqual(
      expect.arrayContaining([expect.objectContaining({ list: 'white', pattern: 'demo.cloudfest.example' })]),
    );
    expect(lists).toEqual(
      expect.arrayContaining([expect.objectContaining({ list: 'black', pattern: 'banned@attacker.example' })]),
    );
    expect(await db().$count(t.grayListedProviders)).toBeGreaterThanOrEqual(18);
  });

  it('has hotels with rooms and availability for every night, including a last room and a sold-out room', async () => {
    const hotels = await db().select().from(t.accommodations);
    expect(hotels.length).toBeGreaterThanOrEqual(8);
    expect(hotels.some((h) => h.badgeIds.some((b) => [28, 30, 31].includes(b)))).toBe(true);
    const allRooms = await db().select().from(t.rooms);
    for (const h of hotels) {
      const n = allRooms.filter((r) => r.accommodationId === h.id).length;
      expect(n).toBeGreaterThanOrEqual(2);
      expect(n).toBeLessThanOrEqual(4);
    }
    expect(allRooms.some((r) => r.internal)).toBe(true);
    expect(allRooms.some((r) => !r.active)).toBe(true);
    expect(await db().$count(t.roomAvailabilities)).toBe(allRooms.length * 8);

    const nights = nightsOf(DEFAULT_STAY.start, DEFAULT_STAY.end);
    const left = await db()
      .select({
        roomId: t.roomAvailabilities.roomId,
        min: sql<number>`min(${t.roomAvailabilities.total} - ${t.roomAvailabilities.booked})::int`,
      })
      .from(t.roomAvailabilities)
      .where(inArray(t.roomAvailabilities.night, nights))
      .groupBy(t.roomAvailabilities.roomId);
    expect(left.some((r) => r.min === 1)).toBe(true);
    expect(left.some((r) => r.min === 0)).toBe(true);
    expect(left.every((r) => r.min >= 0)).toBe(true);
  });

  it('has at least 300 sessions between 09:00 and 18:30 Berlin without overlaps in a room', async () => {
    expect(await db().$count(t.agendaSessions)).toBeGreaterThanOrEqual(300);
    const a = t.agendaSessions;
    const b = alias(t.agendaSessions, 'b');
    const overlaps = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(a)
      .innerJoin(b, and(eq(a.room, b.room), lt(a.id, b.id), lt(a.startsAt, b.endsAt), lt(b.startsAt, a.endsAt)));
    expect(overlaps).toEqual([{ n: 0 }]);
    const [bounds] = await db()
      .select({
        first: sql<string>`min(to_char(${t.agendaSessions.startsAt} at time zone 'Europe/Berlin', 'HH24:MI'))`,
        last: sql<string>`max(to_char(${t.agendaSessions.endsAt} at time zone 'Europe/Berlin', 'HH24:MI'))`,
        days: sql<number>`count(distinct (${t.agendaSessions.startsAt} at time zone 'Europe/Berlin')::date)::int`,
      })
      .from(t.agendaSessions);
    expect(bounds).toEqual({ first: '09:00', last: '18:30', days: 3 });
  });

  it('has at least 150 exhibitors, news and train ticket types', async () => {
    expect(await db().$count(t.exhibitors)).toBeGreaterThanOrEqual(150);
    const newsCount = await db().$count(t.news);
    expect(newsCount).toBeGreaterThanOrEqual(8);
    expect(newsCount).toBeLessThanOrEqual(12);
    expect(await db().$count(t.trainTicketTypes)).toBe(2);
  });

  it('has at least five survey questions', async () => {
    const questions = await db().select().from(t.surveyQuestions);
    expect(questions.length).toBeGreaterThanOrEqual(5);
    expect(questions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'single', required: true, text: 'What describes your role best?' }),
        expect.objectContaining({ kind: 'multiple', maxSelections: 3 }),
        expect.objectContaining({ kind: 'multiple', maxSelections: 2, required: true }),
        expect.objectContaining({ kind: 'text', required: false }),
      ]),
    );
  });

  it('creates every demo account, confirmed, with the demo password', async () => {
    for (const { email } of DEMO_ACCOUNTS) expect((await userByEmail(email)).emailConfirmedAt).not.toBeNull();
    const attendee = await userByEmail(demoEmail('attendee'));
    expect(await verifyPassword(DEMO_PASSWORD, attendee.passwordHash)).toBe(true);
    const generic = await db().$count(t.users, sql`${t.users.email} like 'attendee0%'`);
    expect(generic).toBe(GENERIC_ATTENDEE_COUNT);
    expect(await passOf((await userByEmail(genericAttendeeEmail(1))).id)).toMatchObject({ status: 'approved' });
  });

  it('gives each role its scopes, tags, permissions and pass', async () => {
    const vendor = await userByEmail(demoEmail('vendor'));
    expect(vendor.tagIds).toContain(2);
    expect(vendor.permissionPaths).toContain('/contacts');
    expect(await passOf(vendor.id)).toMatchObject({ status: 'approved' });

    const pending = await userByEmail(demoEmail('pending'));
    expect(await passOf(pending.id)).toMatchObject({ status: 'pending' });
    expect(await db().$count(t.surveyAnswers, eq(t.surveyAnswers.userId, pending.id))).toBe(0);

    const noPass = await userByEmail(demoEmail('vendor-nopass'));
    expect(noPass.tagIds).toContain(2);
    expect(await passOf(noPass.id)).toBeUndefined();

    const host = await userByEmail(demoEmail('host'));
    expect(host.scopes).toEqual(['host']);
    expect(await passOf(host.id)).toMatchObject({ status: 'approved', typeName: 'Host Pass', voucherCode: 'HOST-EUROPA-2026' });

    expect(await passOf((await userByEmail(demoEmail('vip'))).id)).toMatchObject({ typeName: 'Premium Pass' });
    const vendorVip = await userByEmail(demoEmail('vendor-vip'));
    expect(vendorVip).toMatchObject({ scopes: ['vendor-vip'], tagIds: [2] });
    expect((await userByEmail(demoEmail('staff'))).scopes).toEqual(['staff']);
    expect((await userByEmail(demoEmail('organizer'))).scopes).toEqual(['organizer']);
  });

  it('gives the attendee an address, a counted booking and a finished survey', async () => {
    const attendee = await userByEmail(demoEmail('attendee'));
    const [address] = await db().select().from(t.addresses).where(eq(t.addresses.userId, attendee.id));
    expect(address).toMatchObject({ type: 'billingAddress', city: 'Berlin' });
    expect(address?.countryId).not.toBeNull();

    const [booking] = await db().select().from(t.bookings).where(eq(t.bookings.userId, attendee.id));
    expect(booking).toMatchObject({ start: '2026-03-23', end: '2026-03-27', status: 'confirmed' });
    const nights = await db()
      .select()
      .from(t.roomAvailabilities)
      .where(
        and(
          eq(t.roomAvailabilities.roomId, booking?.roomId ?? -1),
          inArray(t.roomAvailabilities.night, nightsOf('2026-03-23', '2026-03-27')),
        ),
      );
    expect(nights).toHaveLength(4);
    for (const n of nights) expect(n.booked).toBeGreaterThanOrEqual(1);

    const answers = await db().select().from(t.surveyAnswers).where(eq(t.surveyAnswers.userId, attendee.id));
    expect(answers).toHaveLength(await db().$count(t.surveyQuestions));
    expect(new Set(answers.map((a) => a.createdAt))).toEqual(new Set(['2026-02-10']));
  });

  it("makes the demo users' purchases the way the app does: each with a paid order, its payment and its invoice", async () => {
    for (const role of ['attendee', 'vip'] as const) {
      const user = await userByEmail(demoEmail(role));
      const userOrders = await db().select().from(t.orders).where(eq(t.orders.userId, user.id));
      const userInvoices = await db().select().from(t.invoices).where(eq(t.invoices.userId, user.id));
      const userBookings = await db().select().from(t.bookings).where(eq(t.bookings.userId, user.id));
      const tickets = await db().select().from(t.trainTickets).where(eq(t.trainTickets.userId, user.id));
      expect(userOrders).toHaveLength(userBookings.length + tickets.length);
      for (const order of userOrders) {
        expect(order).toMatchObject({ status: 'paid' });
        expect(order.gross).toBe(order.net + order.vat);
        const [payment] = await db().select().from(t.paymentSessions).where(eq(t.paymentSessions.orderId, order.id));
        expect(payment).toMatchObject({ status: 'succeeded', amount: order.gross, provider: 'sandbox' });
        const invoice = userInvoices.find((i) => i.orderId === order.id);
        expect(invoice).toMatchObject({ kind: 'invoice', status: 'paid', net: order.net, vat: order.vat, gross: order.gross });
        expect(invoice?.number).toMatch(/^CF-2026-\d{6}$/);
      }
      for (const booking of userBookings) {
        const order = userOrders.find((o) => o.bookingId === booking.id);
        expect(order).toMatchObject({ kind: 'hotel' });
        expect(order?.net).toBe(booking.priceCents);
        expect(booking.status).toBe('confirmed');
      }
    }

    // The attendee's €676 stay (4 nights × €169 net) is invoiced with German VAT on accommodation (7 %).
    const attendee = await userByEmail(demoEmail('attendee'));
    const [stay] = await db().select().from(t.invoices).where(eq(t.invoices.userId, attendee.id));
    expect(stay).toMatchObject({ net: 67_600, vat: 4_732, gross: 72_332 });

    // The VIP: the suite (with the guest added after booking) and the train ticket, with its documented code.
    const vip = await userByEmail(demoEmail('vip'));
    const [suite] = await db().select().from(t.bookings).where(eq(t.bookings.userId, vip.id));
    expect(suite?.guests).toEqual([{ firstName: 'Olivia', lastName: 'Taylor' }]);
    const kinds = (await db().select().from(t.orders).where(eq(t.orders.userId, vip.id))).map((o) => o.kind).sort();
    expect(kinds).toEqual(['hotel', 'train-ticket']);
    const [ticket] = await db().select().from(t.trainTickets).where(eq(t.trainTickets.userId, vip.id));
    expect(ticket?.code).toBe('DB-EVT-26-4QX7KM');
  });

  it("counts each demo booking's nights once", async () => {
    const bookingsByRoomNight = new Map<string, number>();
    for (const b of await db().select().from(t.bookings).where(eq(t.bookings.status, 'confirmed'))) {
      for (const night of nightsOf(b.start, b.end)) {
        const key = `${b.roomId} ${night}`;
        bookingsByRoomNight.set(key, (bookingsByRoomNight.get(key) ?? 0) + 1);
      }
    }
    const rows = await db().select().from(t.roomAvailabilities);
    for (const row of rows) expect(row.booked).toBeLessThanOrEqual(row.total);
    for (const [key, count] of bookingsByRoomNight) {
      const row = rows.find((r) => `${r.roomId} ${r.night}` === key);
      expect(row?.booked).toBeGreaterThanOrEqual(count);
    }
  });

  it('has the check-in lists with their pass types (empty = all)', async () => {
    const lists = await db().select().from(t.checkinLists).orderBy(t.checkinLists.id);
    const types = new Map((await db().select().from(t.passTypes)).map((type) => [type.id, type.name]));
    expect(lists.map((list) => [list.name, list.passTypeIds.map((id) => types.get(id))])).toEqual([
      ['Main entrance', []],
      ['Premium lounge', ['Premium Pass', 'Host Pass']],
      ['Speakers & VIP dinner', ['Premium Pass', 'Speaker Pass']],
    ]);
  });

  it("gives the vendor (lead scanner) demo leads, attendee@ among them, each on the scanned pass's current barcode", async () => {
    const vendor = await userByEmail(demoEmail('vendor'));
    const attendee = await userByEmail(demoEmail('attendee'));
    const rows = await db()
      .select({ lead: t.leads, barcode: t.passBarcodes, pass: t.passes })
      .from(t.leads)
      .innerJoin(t.passBarcodes, eq(t.passBarcodes.id, t.leads.barcodeId))
      .innerJoin(t.passes, eq(t.passes.id, t.passBarcodes.passId))
      .where(eq(t.leads.scannerUserId, vendor.id));
    expect(rows.length).toBeGreaterThanOrEqual(5);
    for (const { lead, barcode, pass } of rows) {
      expect(pass.userId).toBe(lead.scannedUserId);
      expect(pass.status).toBe('approved');
      expect(barcode.revokedAt).toBeNull();
      expect(lead.changedAt.getTime()).toBeGreaterThanOrEqual(lead.createdAt.getTime());
    }
    expect(rows.some(({ lead }) => lead.scannedUserId === attendee.id)).toBe(true);
  });

  it(
    'does nothing when seeded again',
    async () => {
      const before = await Promise.all([db().$count(t.users), db().$count(t.agendaSessions), db().$count(t.countries)]);
      expect(await seed(db())).toEqual({ seeded: false });
      const after = await Promise.all([db().$count(t.users), db().$count(t.agendaSessions), db().$count(t.countries)]);
      expect(after).toEqual(before);
    },
    TIMEOUT,
  );
});

describe('demo crowd (DEMO_ATTENDEES)', () => {
  it('adds generic attendees after the default ones, which stay the same, each with a unique e-mail and name', () => {
    const base = userSeeds();
    const crowd = userSeeds(1200);
    expect(crowd).toHaveLength(base.length - GENERIC_ATTENDEE_COUNT + 1200);
    expect(crowd.slice(0, base.length)).toEqual(base);
    expect(new Set(crowd.map((user) => user.email)).size).toBe(crowd.length);
    const generic = crowd.slice(base.length - GENERIC_ATTENDEE_COUNT);
    expect(new Set(generic.map((user) => `${user.firstName} ${user.lastName}`)).size).toBe(1200);
    expect(crowd.at(-1)?.email).toBe(genericAttendeeEmail(1200));
    expect(generic.every((user) => user.pass?.status === 'approved')).toBe(true);
  });
});
