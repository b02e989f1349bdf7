import { randomUUID } from 'node:crypto';
import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '#shared/contracts/organizer-event.ts';
import {
  leads,
  leadTeams,
  passClaims,
  passes,
  passPools,
  refunds,
  roomAvailabilities,
  rooms,
  users,
} from '../../db/schema/index.ts';
import { demoEmail } from '../../db/seed/demo-accounts.ts';
import { FREE_STANDARD_POOL } from '../../services/passes/pass-pool.ts';
import { addCheckin, addInvoice, listIdOf, passIdOf, userIdOf } from '../../testing/organizer-event.ts';
import { createTestApp } from '../../testing/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let organizer: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  organizer = await t.login(demoEmail('organizer'));
}, 60_000);
afterAll(async () => t?.close());

async function dashboard(): Promise<Dashboard> {
  const res = await t.app.inject({ method: 'GET', url: '/api/organizer/dashboard', headers: organizer });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json() as Dashboard;
}

describe('GET /api/organizer/dashboard', () => {
  it('counts the seeded accounts and passes per venue day, and passes by type and status', async () => {
    const figures = await dashboard();
    const db = t.database.db;
    const [accounts] = await db.select({ n: count() }).from(users);
    const [passCount] = await db.select({ n: count() }).from(passes);
    expect(figures.timeZone).toBe('Europe/Berlin');
    expect(figures.registrationsPerDay.reduce((sum, day) => sum + day.accounts, 0)).toBe(accounts?.n);
    expect(figures.registrationsPerDay.reduce((sum, day) => sum + day.passes, 0)).toBe(passCount?.n);
    const days = figures.registrationsPerDay.map((day) => day.day);
    expect(days).toEqual([...days].sort());
    for (const day of days) expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    expect(figures.passes.reduce((sum, row) => sum + row.count, 0)).toBe(passCount?.n);
    // The demo accounts: vip@, vendor-vip@ and organizer@ hold approved Premium Passes; pending@ waits with a Business Pass.
    expect(
      figures.passes.find((row) => row.passType === 'Premium Pass' && row.status === 'approved')?.count,
    ).toBeGreaterThanOrEqual(3);
    expect(
      figures.passes.find((row) => row.passType === 'Business Pass' && row.status === 'pending')?.count,
    ).toBeGreaterThanOrEqual(1);
  });

  it('counts an account on the day it was made in Berlin, not in UTC', async () => {
    const before = await dashboard();
    const dayOf = (figures: Dashboard, day: string) => figures.registrationsPerDay.find((row) => row.day === day)?.accounts ?? 0;
    // 23:30 UTC on 1 March is 00:30 on 2 March in Berlin.
    await t.database.db.insert(users).values({
      email: 'late-night@test.example',
      passwordHash: 'x',
      lastName: 'Late',
      createdAt: new Date('2026-03-01T23:30:00Z'),
    });
    const after = await dashboard();
    expect(dayOf(after, '2026-03-02')).toBe(dayOf(before, '2026-03-02') + 1);
    expect(dayOf(after, '2026-03-01')).toBe(dayOf(before, '2026-03-01'));
  });

  it('shows the free-pass pool with the holds still open', async () => {
    const db = t.database.db;
    const [pool] = await db.select().from(passPools).where(eq(passPools.key, FREE_STANDARD_POOL));
    const hold = (expiresAt: Date) => ({ tokenHash: randomUUID(), poolKey: FREE_STANDARD_POOL, expiresAt });
    await db.insert(passClaims).values([hold(new Date(Date.now() + 600_000)), hold(new Date(Date.now() - 600_000))]);
    const figures = await dashboard();
    expect(figures.passPools).toEqual([{ key: FREE_STANDARD_POOL, total: 2000, taken: pool?.taken, held: 1 }]);
  });

  it('adds up invoices less credit notes, and refunds apart', async () => {
    const before = (await dashboard()).revenue;
    const kept = await addInvoice(t.database.db, demoEmail('attendee'), { net: 10_000 });
    const cancelled = await addInvoice(t.database.db, demoEmail('vip'), { net: 50_000, creditNote: true });
    await t.database.db
      .insert(refunds)
      .values({ orderId: cancelled.orderId, amount: cancelled.gross, provider: 'sandbox', providerRefundId: 'r-1' });
    const after = (await dashboard()).revenue;
    expect(after.currency).toBe('EUR');
    expect(after.invoiced).toEqual({
      count: before.invoiced.count + 2,
      net: before.invoiced.net + 60_000,
      vat: before.invoiced.vat + 11_400,
      gross: before.invoiced.gross + 71_400,
    });
    expect(after.credited).toEqual({
      count: before.credited.count + 1,
      net: before.credited.net - 50_000,
      vat: before.credited.vat - 9_500,
      gross: before.credited.gross - 59_500,
    });
    expect(after.total).toEqual({
      net: before.total.net + kept.net,
      vat: before.total.vat + kept.vat,
      gross: before.total.gross + kept.gross,
    });
    expect(after.refunded).toEqual({ count: before.refunded.count + 1, amount: before.refunded.amount + 59_500 });
  });

  it('shows hotel rooms booked per night against the rooms there are', async () => {
    const db = t.database.db;
    const [seeded] = await db
      .select({
        capacity: sql<number>`sum(${roomAvailabilities.total})::int`,
        booked: sql<number>`sum(${roomAvailabilities.booked})::int`,
      })
      .from(roomAvailabilities)
      .innerJoin(rooms, eq(rooms.id, roomAvailabilities.roomId))
      // Rooms taken off sale do not count.
      .where(and(eq(roomAvailabilities.night, '2026-03-24'), eq(rooms.active, true)));
    const night = async () => (await dashboard()).hotelNights.find((row) => row.night === '2026-03-24');
    expect(await night()).toEqual({ night: '2026-03-24', capacity: seeded?.capacity, booked: seeded?.booked });
    const [room] = await db
      .select({ id: roomAvailabilities.id })
      .from(roomAvailabilities)
      .innerJoin(rooms, eq(rooms.id, roomAvailabilities.roomId))
      .where(
        and(
          eq(roomAvailabilities.night, '2026-03-24'),
          eq(rooms.active, true),
          sql`${roomAvailabilities.booked} < ${roomAvailabilities.total}`,
        ),
      )
      .limit(1);
    await db
      .update(roomAvailabilities)
      .set({ booked: sql`${roomAvailabilities.booked} + 1` })
      .where(eq(roomAvailabilities.id, room?.id ?? -1));
    expect((await night())?.booked).toBe((seeded?.booked ?? 0) + 1);
    const nights = (await dashboard()).hotelNights.map((row) => row.night);
    expect(nights).toEqual([...nights].sort());
  });

  it('counts check-ins per list and venue hour, duplicates apart', async () => {
    const db = t.database.db;
    const main = await listIdOf(db, 'Main entrance');
    const lounge = await listIdOf(db, 'Premium lounge');
    const vip = await passIdOf(db, demoEmail('vip'));
    const attendee = await passIdOf(db, demoEmail('attendee'));
    // 08:05 and 08:55 UTC are 09:05 and 09:55 in Berlin (CET); 09:10 UTC is 10:10.
    const first = await addCheckin(db, { listId: main, passId: vip, scannedAt: '2026-03-24T08:05:00Z' });
    await addCheckin(db, { listId: main, passId: attendee, scannedAt: '2026-03-24T08:55:00Z' });
    await addCheckin(db, {
      listId: main,
      passId: vip,
      scannedAt: '2026-03-24T08:56:00Z',
      deviceId: 'device-b',
      duplicateOf: first,
    });
    await addCheckin(db, { listId: main, passId: attendee, scannedAt: '2026-03-24T09:10:00Z' });
    await addCheckin(db, { listId: lounge, passId: vip, scannedAt: '2026-03-24T09:10:00Z' });
    const hours = (await dashboard()).checkinsPerHour;
    expect(hours).toEqual([
      { listId: main, listName: 'Main entrance', hour: '2026-03-24T09:00', checkins: 2, duplicates: 1 },
      { listId: main, listName: 'Main entrance', hour: '2026-03-24T10:00', checkins: 1, duplicates: 0 },
      { listId: lounge, listName: 'Premium lounge', hour: '2026-03-24T10:00', checkins: 1, duplicates: 0 },
    ]);
  });

  it('groups leads by the scanner’s lead team, else by the scanner’s company', async () => {
    const db = t.database.db;
    const vendorId = await userIdOf(db, demoEmail('vendor'));
    const [vendor] = await db.select({ company: users.company }).from(users).where(eq(users.id, vendorId));
    const [seeded] = await db.select({ n: count() }).from(leads).where(eq(leads.scannerUserId, vendorId));
    const before = await dashboard();
    expect(before.leadsPerExhibitor.find((row) => row.exhibitor === vendor?.company)).toEqual({
      exhibitor: vendor?.company,
      scanners: 1,
      leads: seeded?.n,
    });

    // A colleague in the same team: both scanners' leads count for the team.
    const [team] = await db
      .insert(leadTeams)
      .values({ name: 'Team Booth A12', ownerUserId: vendorId })
      .returning({ id: leadTeams.id });
    const hostId = await userIdOf(db, demoEmail('host'));
    await db.update(users).set({ leadTeamId: team?.id }).where(eq(users.id, vendorId));
    await db.update(users).set({ leadTeamId: team?.id }).where(eq(users.id, hostId));
    const scanned = await userIdOf(db, demoEmail('staff'));
    await db.insert(leads).values({
      scannerUserId: hostId,
      scannedUserId: scanned,
      barcodeId: randomUUID(),
      createdAt: new Date('2026-03-24T10:00:00Z'),
      changedAt: new Date('2026-03-24T10:00:00Z'),
    });
    const after = await dashboard();
    expect(after.leadsPerExhibitor[0]).toEqual({ exhibitor: 'Team Booth A12', scanners: 2, leads: (seeded?.n ?? 0) + 1 });
    expect(after.leadsPerExhibitor.find((row) => row.exhibitor === vendor?.company)).toBeUndefined();
  });

  it('is for organizers only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/organizer/dashboard' })).statusCode).toBe(401);
    const staff = await t.login(demoEmail('staff'));
    expect((await t.app.inject({ method: 'GET', url: '/api/organizer/dashboard', headers: staff })).statusCode).toBe(403);
  });
});
