import { randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckinEvents, CheckinList, CheckinOp } from '#shared/contracts/checkin.ts';
import type { SyncResponse } from '#shared/contracts/sync.ts';
import { checkins, passes } from '../../db/schema/index.ts';
import { demoEmail, genericAttendeeEmail } from '../../db/seed/demo-accounts.ts';
import { NOT_STAFF } from '../../plugins/access.ts';
import { BADGE_NOT_GENUINE, BADGE_REVOKED } from '../../services/badges/badge-verifier.ts';
import { badgeBook, badgeOf, badgeTestConfig, changesSettled, type TestApp, withChangedPayload } from '../../testing/lead.ts';
import { signedInUser } from '../../testing/purchases.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { UNKNOWN_LIST } from './apply.ts';

let t: TestApp;
let badge: ReturnType<typeof badgeBook>;
let staff: { authorization: string };
let listIds: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp(badgeTestConfig());
  badge = badgeBook(t);
  staff = await t.login(demoEmail('staff'));
  const res = await t.app.inject({ method: 'GET', url: '/api/checkin/lists', headers: staff });
  listIds = Object.fromEntries((res.json() as CheckinList[]).map((list) => [list.name, list.id]));
}, 60_000);
afterAll(async () => t?.close());

// 09:05 and 09:07 in Berlin (UTC+1 on 24 March 2026).
const AT_0805 = '2026-03-24T08:05:00.000Z';
const AT_0807 = '2026-03-24T08:07:00.000Z';

const checkin = (listId: number, token: string, deviceId = 'device-a', createdAt = AT_0805): CheckinOp => ({
  id: randomUUID(),
  createdAt,
  listId,
  token,
  deviceId,
});

async function upload(ops: CheckinOp[], headers = staff) {
  const res = await t.app.inject({ method: 'POST', url: '/api/checkin', headers, payload: { ops } });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SyncResponse).results;
}

async function lists(): Promise<CheckinList[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/checkin/lists', headers: staff });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as CheckinList[];
}

const main = () => listIds['Main entrance'] as number;
const lounge = () => listIds['Premium lounge'] as number;

describe('check-in: who may', () => {
  it('answers 401 without a sign-in and 403 to users without the staff scope', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/checkin/lists' })).statusCode).toBe(401);
    const vendor = await t.login(demoEmail('vendor'));
    for (const request of [
      { method: 'GET' as const, url: '/api/checkin/lists' },
      { method: 'GET' as const, url: `/api/checkin/lists/${main()}/events` },
      { method: 'POST' as const, url: '/api/checkin', payload: { ops: [checkin(main(), 'x.y')] } },
    ]) {
      const res = await t.app.inject({ ...request, headers: vendor });
      expect(res.statusCode, request.url).toBe(403);
      expect(res.json()).toMatchObject({ detail: NOT_STAFF });
    }
  });

  it('lets organizers check passes too (they stand in at a door or set up a kiosk)', async () => {
    const organizer = await t.login(demoEmail('organizer'));
    const res = await t.app.inject({ method: 'GET', url: '/api/checkin/lists', headers: organizer });
    expect(res.statusCode).toBe(200);
    expect((res.json() as CheckinList[]).map((list) => list.name)).toContain('Main entrance');
  });

  it('answers 400 to bad bodies and queries, 404 to an unknown list', async () => {
    const op = checkin(1, 'a.b');
    for (const payload of [
      {},
      { ops: [] },
      { ops: [{ ...op, listId: 0 }] },
      { ops: [{ ...op, listId: 'main' }] },
      { ops: [{ ...op, deviceId: '' }] },
      { ops: [{ ...op, id: 'nonce' }] },
      { ops: [{ ...op, token: '' }] },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/checkin', headers: staff, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    for (const url of [
      '/api/checkin/lists/abc/events',
      '/api/checkin/lists/1/events?cursor=yesterday',
      '/api/checkin/lists/0/events',
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: staff })).statusCode, url).toBe(400);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/checkin/lists/99999/events', headers: staff })).statusCode).toBe(404);
  });
});

describe('check-in lists', () => {
  it('lists the seeded lists with their pass types (empty = all) and zero counts', async () => {
    const all = await lists();
    expect(all.map((list) => [list.name, list.passTypes])).toEqual([
      ['Main entrance', []],
      ['Premium lounge', ['Premium Pass', 'Host Pass']],
      ['Speakers & VIP dinner', ['Premium Pass', 'Speaker Pass']],
    ]);
  });
});

describe('POST /api/checkin', () => {
  it('checks in a valid pass; refuses forged, revoked and not-admitted passes and unknown lists', async () => {
    const lena = await badge(demoEmail('attendee'));
    const cancelled = await signedInUser(t.database.db);
    const cancelledToken = await badgeOf(t, cancelled.headers);
    await t.database.db.update(passes).set({ status: 'cancelled' }).where(eq(passes.userId, cancelled.user.id));

    const ops = [
      checkin(main(), lena.token),
      checkin(main(), withChangedPayload(lena.token, { t: 'Premium Pass' })),
      checkin(main(), cancelledToken),
      checkin(lounge(), lena.token),
      checkin(99999, lena.token),
    ];
    const results = await upload(ops);
    expect(results.map((r) => [r.status, r.reason])).toEqual([
      ['created', undefined],
      ['rejected', BADGE_NOT_GENUINE],
      ['rejected', BADGE_REVOKED],
      ['rejected', 'This pass is not valid for Premium lounge.'],
      ['rejected', UNKNOWN_LIST],
    ]);
    expect(await t.database.db.$count(checkins, eq(checkins.id, ops[0]?.id ?? ''))).toBe(1);
    // A retry of the whole batch changes nothing.
    expect((await upload(ops)).map((r) => r.status)).toEqual(['duplicate', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    expect(await t.database.db.$count(checkins)).toBe(1);
  });

  it('keeps a second check-in of the same pass as a duplicate, on this device and on another', async () => {
    const vip = await badge(demoEmail('vip'));
    const first = checkin(lounge(), vip.token, 'device-a', AT_0805);
    expect(await upload([first])).toEqual([{ id: first.id, status: 'created' }]);
    const sameDevice = checkin(lounge(), vip.token, 'device-a', AT_0807);
    const otherDevice = checkin(lounge(), vip.token, 'device-b', AT_0807);
    expect(await upload([sameDevice, otherDevice])).toEqual([
      { id: sameDevice.id, status: 'created', reason: 'duplicate: already checked in at 09:05 on this device' },
      { id: otherDevice.id, status: 'created', reason: 'duplicate: already checked in at 09:05 on another device' },
    ]);
    // Another list is another check-in.
    expect((await upload([checkin(main(), vip.token, 'device-b')]))[0]).not.toHaveProperty('reason');

    const rows = await t.database.db.select().from(checkins).where(eq(checkins.listId, lounge()));
    expect(rows).toHaveLength(3);
    expect(rows.filter((row) => row.duplicateOf === null).map((row) => row.id)).toEqual([first.id]);
    expect(rows.filter((row) => row.duplicateOf === first.id)).toHaveLength(2);

    const counts = (await lists()).find((list) => list.id === lounge());
    expect(counts).toMatchObject({ checkedIn: 1, duplicates: 2 });

    // (On PostgreSQL the events of a write wait for older transactions of the cluster to finish.)
    await changesSettled(t.database.db);
    const res = await t.app.inject({ method: 'GET', url: `/api/checkin/lists/${lounge()}/events`, headers: staff });
    expect(res.statusCode, res.body).toBe(200);
    const { events, cursor, complete } = res.json() as CheckinEvents;
    expect(complete).toBe(true);
    // Oldest upload first; the two of one upload share their received time.
    expect(events[0]?.id).toBe(first.id);
    expect(events.map((event) => event.id).sort()).toEqual([first.id, sameDevice.id, otherDevice.id].sort());
    expect(events.find((event) => event.id === otherDevice.id)).toMatchObject({
      holderName: 'James Taylor',
      company: 'Granite Cloud Ltd',
      passType: 'Premium Pass',
      deviceId: 'device-b',
      scannedAt: AT_0807,
      duplicateOf: first.id,
    });
    // Asking again from the cursor repeats nothing; a new check-in comes alone.
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/checkin/lists/${lounge()}/events?cursor=${cursor}`,
      headers: staff,
    });
    expect(none.json()).toEqual({ events: [], cursor, complete: true });
    const later = checkin(lounge(), vip.token, 'device-c', AT_0807);
    await upload([later]);
    await changesSettled(t.database.db);
    const next = await t.app.inject({
      method: 'GET',
      url: `/api/checkin/lists/${lounge()}/events?cursor=${cursor}`,
      headers: staff,
    });
    expect((next.json() as CheckinEvents).events.map((event) => event.id)).toEqual([later.id]);
  });

  it('marks later check-ins in the same batch as duplicates of the first', async () => {
    const person = await badge(genericAttendeeEmail(20));
    const ops = [checkin(main(), person.token, 'device-a'), checkin(main(), person.token, 'device-b', AT_0807)];
    const results = await upload(ops);
    expect(results[0]).toEqual({ id: ops[0]?.id, status: 'created' });
    expect(results[1]?.reason).toBe('duplicate: already checked in at 09:05 on another device');
  });
});

// PGlite runs one transaction at a time; only PostgreSQL shows that the pass lock holds under real concurrency.
describe.runIf(process.env.TEST_DATABASE_URL)('POST /api/checkin under concurrency (PostgreSQL)', () => {
  it('ends with exactly one check-in per pass when two devices upload the same passes at the same moment', async () => {
    const people = await Promise.all(Array.from({ length: 20 }, (_, i) => badge(genericAttendeeEmail(i + 1))));
    for (let round = 0; round < 10; round++) {
      const list = round % 2 === 0 ? main() : (listIds['Speakers & VIP dinner'] as number);
      const tokens = round % 2 === 0 ? people.map((p) => p.token) : [(await badge(demoEmail('vip'))).token];
      const uploads = ['device-a', 'device-b', 'device-c'].map((device) =>
        t.app.inject({
          method: 'POST',
          url: '/api/checkin',
          headers: staff,
          payload: { ops: tokens.map((token) => checkin(list, token, `${device}-${round}`)) },
        }),
      );
      for (const answer of await Promise.all(uploads)) expect(answer.statusCode, answer.body).toBe(200);
    }
    const firsts = await t.database.db
      .select({ listId: checkins.listId, passId: checkins.passId })
      .from(checkins)
      .where(and(isNull(checkins.duplicateOf)));
    const keys = firsts.map((row) => `${row.listId}:${row.passId}`);
    expect(new Set(keys).size).toBe(keys.length);
    const dinner = (await lists()).find((list) => list.name === 'Speakers & VIP dinner');
    expect(dinner).toMatchObject({ checkedIn: 1, duplicates: 14 });
  }, 120_000);
});
