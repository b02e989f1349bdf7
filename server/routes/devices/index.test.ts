import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEVICE_RETIRED_HOURS, type OrganizerDevice, type OrganizerDevices } from '#shared/contracts/devices.ts';
import { checkinLists, devices, leadTeams, users } from '../../db/schema/index.ts';
import { demoEmail, genericAttendeeEmail } from '../../db/seed/demo-accounts.ts';
import { deviceOverview } from '../../services/organizer/device-overview.ts';
import { badgeTestConfig, type TestApp } from '../../testing/lead.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { DEVICE_REPORTS_PER_MINUTE, DEVICE_TAKEN, NOT_EVENT_DEVICE, WRONG_DEVICE_KIND } from './index.ts';
import { serverLastSync } from './report.ts';

type Headers = { authorization: string };
let t: TestApp;
let staff: Headers;
let vendor: Headers;
let organizer: Headers;
let attendee: Headers;
let lists: Record<string, number>;

const MINUTE = 60_000;
const secret = () => randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '');
const deviceId = () => randomUUID();
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

beforeAll(async () => {
  t = await createTestApp(badgeTestConfig());
  [staff, vendor, organizer, attendee] = await Promise.all([
    t.login(demoEmail('staff')),
    t.login(demoEmail('vendor')),
    t.login(demoEmail('organizer')),
    t.login(demoEmail('attendee')),
  ]);
  const rows = await t.database.db.select({ id: checkinLists.id, name: checkinLists.name }).from(checkinLists);
  lists = Object.fromEntries(rows.map((row) => [row.name, row.id]));
}, 60_000);
afterAll(async () => t?.close());

/** A string payload is sent as JSON text as it is (to send broken JSON). */
const report = (headers: Headers | Record<string, never>, payload: object | string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/devices/report',
    headers: typeof payload === 'string' ? { ...headers, 'content-type': 'application/json' } : headers,
    payload,
  });

const validReport = (overrides: object = {}) => ({
  deviceId: deviceId(),
  secret: secret(),
  kind: 'checkin',
  listId: lists['Main entrance'],
  lastSyncAt: new Date().toISOString(),
  sentAt: new Date().toISOString(),
  pending: 0,
  appVersion: '2026.3.1',
  ...overrides,
});

const rowOf = async (id: string) => (await t.database.db.select().from(devices).where(eq(devices.deviceId, id)))[0];

async function overview(): Promise<OrganizerDevices> {
  const res = await t.app.inject({ method: 'GET', url: '/api/organizer/devices', headers: organizer });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OrganizerDevices;
}
const findDevice = (data: OrganizerDevices, id: string): OrganizerDevice | undefined =>
  [...data.checkinLists, ...data.exhibitors].flatMap((group) => group.devices).find((device) => device.deviceId === id);

describe('serverLastSync', () => {
  const now = new Date('2026-03-24T10:00:00.000Z');
  it('moves the device time by the clock difference and never into the future', () => {
    // The device's clock is 15 minutes behind: its "1 minute ago" is 1 minute ago on the server too.
    expect(serverLastSync({ lastSyncAt: '2026-03-24T09:44:00.000Z', sentAt: '2026-03-24T09:45:00.000Z' }, now)).toEqual(
      new Date('2026-03-24T09:59:00.000Z'),
    );
    expect(serverLastSync({ lastSyncAt: '2026-03-24T11:00:00.000Z' }, now)).toEqual(now);
    expect(serverLastSync({ lastSyncAt: '2026-03-24T09:30:00+01:00' }, now)).toEqual(new Date('2026-03-24T08:30:00.000Z'));
    expect(serverLastSync({ lastSyncAt: null, sentAt: '2026-03-24T09:45:00.000Z' }, now)).toBeNull();
  });
});

describe('POST /api/devices/report', () => {
  it('refuses anonymous callers (401) and attendees (403) before reading the body', async () => {
    expect((await report({}, { junk: true })).statusCode).toBe(401);
    const res = await report(attendee, { junk: true });
    expect(res.statusCode).toBe(403);
    expect(res.json().detail).toBe(NOT_EVENT_DEVICE);
  });

  it('lets each account report only the kinds of device it may use', async () => {
    // The vendor is a lead scanner, not staff; staff are no lead scanners; organizers may use any.
    expect((await report(vendor, validReport({ kind: 'checkin' }))).json().detail).toBe(WRONG_DEVICE_KIND);
    expect((await report(vendor, validReport({ kind: 'kiosk' }))).statusCode).toBe(403);
    expect((await report(staff, validReport({ kind: 'lead' }))).json().detail).toBe(WRONG_DEVICE_KIND);
    for (const kind of ['checkin', 'kiosk', 'lead']) {
      const body = validReport({ kind });
      const res = await report(organizer, body);
      expect(res.statusCode, res.body).toBe(200);
      expect((await rowOf(body.deviceId))?.kind).toBe(kind);
    }
    expect((await report(vendor, validReport({ kind: 'lead', listId: undefined }))).statusCode).toBe(200);
    expect((await report(staff, validReport({ kind: 'kiosk' }))).statusCode).toBe(200);
  });

  it('refuses malformed reports with 400 and never stores them', async () => {
    const bad: [string, object | string][] = [
      ['short device id', validReport({ deviceId: 'abc' })],
      ['markup in the device id', validReport({ deviceId: '<script>alert(1)</script>' })],
      ['no secret', validReport({ secret: undefined })],
      ['short secret', validReport({ secret: 'short' })],
      ['unknown kind', validReport({ kind: 'printer' })],
      ['negative pending', validReport({ pending: -1 })],
      ['fractional pending', validReport({ pending: 1.5 })],
      ['huge pending', validReport({ pending: 1_000_001 })],
      ['pending as text', validReport({ pending: '3' })],
      ['no pending', validReport({ pending: undefined })],
      ['impossible date', validReport({ lastSyncAt: '2026-13-40T10:00:00Z' })],
      ['date without zone', validReport({ lastSyncAt: '2026-03-24T10:00:00' })],
      ['list id zero', validReport({ listId: 0 })],
      ['list id too large', validReport({ listId: 2 ** 31 })],
      ['line break in label', validReport({ label: 'Door\nB' })],
      ['long label', validReport({ label: 'x'.repeat(61) })],
      ['long app version', validReport({ appVersion: '1'.repeat(41) })],
      ['broken JSON', '{"deviceId":'],
      ['a list, not an object', '[]'],
    ];
    for (const [what, body] of bad) {
      const res = await report(staff, body);
      expect({ what, status: res.statusCode }).toEqual({ what, status: 400 });
      if (typeof body === 'object' && 'deviceId' in body && typeof body.deviceId === 'string') {
        expect(await rowOf(body.deviceId)).toBeUndefined();
      }
    }
    // A body beyond any real report is refused before it is parsed.
    const huge = await report(staff, validReport({ label: 'x'.repeat(5_000) }));
    expect(huge.statusCode).toBe(413);
  });

  it('creates the row and updates it in place on the next report', async () => {
    const body = validReport({ pending: 3, label: '  Door B ' });
    expect((await report(staff, body)).statusCode).toBe(200);
    const [staffUser] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoEmail('staff')));
    const first = await rowOf(body.deviceId);
    expect(first).toMatchObject({
      userId: staffUser?.id,
      kind: 'checkin',
      checkinListId: lists['Main entrance'],
      pending: 3,
      appVersion: '2026.3.1',
      label: 'Door B',
    });
    expect(first?.secretHash).not.toContain(body.secret);

    const later = { ...body, listId: lists['Premium lounge'], pending: 0, lastSyncAt: ago(1_000), label: null };
    expect((await report(staff, later)).statusCode).toBe(200);
    const second = await rowOf(body.deviceId);
    expect(second).toMatchObject({ checkinListId: lists['Premium lounge'], pending: 0, label: null });
    expect(second?.reportedAt.getTime()).toBeGreaterThanOrEqual(first?.reportedAt.getTime() ?? 0);
    expect(await t.database.db.select().from(devices).where(eq(devices.deviceId, body.deviceId))).toHaveLength(1);
  });

  it('stores no list for lead scanners and for a list that does not exist', async () => {
    const lead = validReport({ kind: 'lead', listId: lists['Main entrance'] });
    expect((await report(vendor, lead)).statusCode).toBe(200);
    expect((await rowOf(lead.deviceId))?.checkinListId).toBeNull();
    const gone = validReport({ listId: 999_999 });
    expect((await report(staff, gone)).statusCode).toBe(200);
    expect((await rowOf(gone.deviceId))?.checkinListId).toBeNull();
    const never = validReport({ lastSyncAt: null });
    expect((await report(staff, never)).statusCode).toBe(200);
    expect((await rowOf(never.deviceId))?.lastSyncAt).toBeNull();
  });

  it('refuses a report for a device id held by another device, and lets a device change hands', async () => {
    const body = validReport({ pending: 2 });
    expect((await report(staff, body)).statusCode).toBe(200);
    const before = await rowOf(body.deviceId);

    // Someone who learnt the id (it travels with every check-in event) cannot overwrite its state.
    const hijack = await report(organizer, { ...body, secret: secret(), pending: 0, lastSyncAt: new Date().toISOString() });
    expect(hijack.statusCode).toBe(409);
    expect(hijack.json().detail).toBe(DEVICE_TAKEN);
    const sameUserOtherSecret = await report(staff, { ...body, secret: secret(), pending: 0 });
    expect(sameUserOtherSecret.statusCode).toBe(409);
    expect(await rowOf(body.deviceId)).toEqual(before);

    // The tablet itself (same secret) at the next shift, signed in as someone else: it is theirs now.
    expect((await report(organizer, { ...body, kind: 'kiosk', pending: 5 })).statusCode).toBe(200);
    const [organizerUser] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, demoEmail('organizer')));
    expect(await rowOf(body.deviceId)).toMatchObject({ userId: organizerUser?.id, kind: 'kiosk', pending: 5 });
  });

  it('judges lastSyncAt by the server clock when the device clock is off', async () => {
    // The device's clock is an hour behind: it synced "2 minutes ago" by its own clock.
    const slow = Date.now() - 60 * MINUTE;
    const body = validReport({ lastSyncAt: new Date(slow - 2 * MINUTE).toISOString(), sentAt: new Date(slow).toISOString() });
    expect((await report(staff, body)).statusCode).toBe(200);
    const stored = (await rowOf(body.deviceId))?.lastSyncAt?.getTime() ?? 0;
    expect(Math.abs(stored - (Date.now() - 2 * MINUTE))).toBeLessThan(10_000);
    expect(findDevice(await overview(), body.deviceId)?.stale).toBe(false);
  });
});

describe('GET /api/organizer/devices', () => {
  it('is for organizers only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/organizer/devices' })).statusCode).toBe(401);
    for (const headers of [staff, vendor, attendee]) {
      expect((await t.app.inject({ method: 'GET', url: '/api/organizer/devices', headers })).statusCode).toBe(403);
    }
  });

  it('groups check-in devices and kiosks per list and scanners per exhibitor, with names and stale flags', async () => {
    await t.database.db.delete(devices);
    const { db } = t.database;
    const [vendorUser] = await db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('vendor')));
    const [other] = await db
      .select()
      .from(users)
      .where(eq(users.email, genericAttendeeEmail(1)));
    if (!vendorUser || !other) throw new Error('seed users missing');
    const [team] = await db.insert(leadTeams).values({ name: 'Nordlicht booth', ownerUserId: vendorUser.id }).returning();
    await db.update(users).set({ leadTeamId: team?.id }).where(eq(users.id, vendorUser.id));

    const door = validReport({ pending: 4 });
    const stale = validReport({ lastSyncAt: ago(11 * MINUTE), pending: 7 });
    const kiosk = validReport({ kind: 'kiosk', listId: lists['Premium lounge'], label: 'Kiosk hall 2' });
    const noList = validReport({ listId: null, lastSyncAt: null });
    const scanner = validReport({ kind: 'lead', listId: null, lastSyncAt: ago(9 * MINUTE) });
    for (const [headers, body] of [
      [staff, door],
      [staff, stale],
      [organizer, kiosk],
      [staff, noList],
      [vendor, scanner],
    ] as const) {
      expect((await report(headers, body)).statusCode).toBe(200);
    }
    // A scanner outside any team is grouped by their company (written straight to the table here).
    const loneId = deviceId();
    await db.insert(devices).values({
      deviceId: loneId,
      secretHash: 'x',
      userId: other.id,
      kind: 'lead',
      lastSyncAt: new Date(),
      pending: 1,
      reportedAt: new Date(),
    });

    const data = await overview();
    expect(data.staleAfterMinutes).toBe(10);
    expect(Math.abs(Date.parse(data.serverTime) - Date.now())).toBeLessThan(10_000);
    expect(data.checkinLists.map((group) => [group.name, group.devices.map((device) => device.deviceId)])).toEqual([
      ['Main entrance', [stale.deviceId, door.deviceId]],
      ['Premium lounge', [kiosk.deviceId]],
      [null, [noList.deviceId]],
    ]);
    expect(findDevice(data, stale.deviceId)).toMatchObject({
      kind: 'checkin',
      userName: 'Daniel Weber',
      email: demoEmail('staff'),
      listId: lists['Main entrance'],
      listName: 'Main entrance',
      pending: 7,
      stale: true,
      appVersion: '2026.3.1',
    });
    expect(findDevice(data, door.deviceId)).toMatchObject({ pending: 4, stale: false });
    expect(findDevice(data, kiosk.deviceId)).toMatchObject({ kind: 'kiosk', userName: 'Katharina Vogel', label: 'Kiosk hall 2' });
    // Never synced counts as not synced.
    expect(findDevice(data, noList.deviceId)).toMatchObject({ listId: null, listName: null, lastSyncAt: null, stale: true });

    const exhibitors = data.exhibitors.map((group) => [group.name, group.teamId]);
    expect(exhibitors).toHaveLength(2);
    expect(exhibitors).toEqual(
      expect.arrayContaining([
        [other.company, null],
        ['Nordlicht booth', team?.id],
      ]),
    );
    expect(exhibitors.map(([name]) => name)).toEqual([other.company, 'Nordlicht booth'].sort((a, b) => a.localeCompare(b)));
    const booth = data.exhibitors.find((group) => group.teamId === team?.id);
    expect(booth?.devices).toHaveLength(1);
    expect(booth?.devices[0]).toMatchObject({
      deviceId: scanner.deviceId,
      kind: 'lead',
      userName: 'Tobias Krüger',
      exhibitor: 'Nordlicht booth',
      stale: false,
    });
    expect(data.exhibitors.find((group) => group.teamId === null)?.devices.map((device) => device.deviceId)).toEqual([loneId]);
  });

  it('flags a device exactly when its last sync is more than 10 minutes before the server clock', async () => {
    const body = validReport();
    expect((await report(staff, body)).statusCode).toBe(200);
    const synced = (await rowOf(body.deviceId))?.lastSyncAt?.getTime() ?? 0;
    const at = (ms: number) =>
      deviceOverview(t.database.db, new Date(synced + ms)).then((data) => findDevice(data, body.deviceId));
    expect((await at(10 * MINUTE))?.stale).toBe(false);
    expect((await at(10 * MINUTE + 1))?.stale).toBe(true);
  });

  it('puts away a device silent for a day with nothing waiting, and keeps one that still holds changes', async () => {
    const idle = validReport();
    const holding = validReport({ pending: 3 });
    expect((await report(staff, idle)).statusCode).toBe(200);
    expect((await report(staff, holding)).statusCode).toBe(200);
    const reported = (await rowOf(idle.deviceId))?.reportedAt.getTime() ?? 0;
    const at = (ms: number) => deviceOverview(t.database.db, new Date(reported + ms));
    const day = DEVICE_RETIRED_HOURS * 60 * MINUTE;
    expect(findDevice(await at(day - MINUTE), idle.deviceId)).toBeDefined();
    const later = await at(day + MINUTE);
    expect(findDevice(later, idle.deviceId)).toBeUndefined();
    expect(findDevice(later, holding.deviceId)).toMatchObject({ pending: 3, stale: true });
  });
});

describe('report rate', () => {
  it(`answers 429 with Retry-After after ${DEVICE_REPORTS_PER_MINUTE} reports of one account in a minute`, async () => {
    const body = validReport({ kind: 'lead', listId: null });
    const statuses: number[] = [];
    for (let i = 0; i <= DEVICE_REPORTS_PER_MINUTE + 1; i += 1) statuses.push((await report(vendor, body)).statusCode);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((status) => status !== 429).every((status) => status === 200)).toBe(true);
    const refused = await report(vendor, body);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});
