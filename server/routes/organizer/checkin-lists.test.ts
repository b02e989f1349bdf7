import { randomUUID } from 'node:crypto';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckinList, CheckinOp } from '#shared/contracts/checkin.ts';
import type { CheckinDuplicate, OrganizerCheckinList } from '#shared/contracts/organizer-event.ts';
import { auditLog, passTypes } from '../../db/schema/index.ts';
import { demoEmail } from '../../db/seed/demo-accounts.ts';
import { badgeBook, badgeTestConfig, type TestApp } from '../../testing/lead.ts';
import { csvRecords } from '../../testing/organizer-event.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { LIST_NAME_TAKEN, UNKNOWN_PASS_TYPE } from './checkin-lists.ts';

let t: TestApp;
let organizer: { authorization: string };
let staff: { authorization: string };
let typeIds: Record<string, number>;

beforeAll(async () => {
  t = await createTestApp(badgeTestConfig());
  organizer = await t.login(demoEmail('organizer'));
  staff = await t.login(demoEmail('staff'));
  const types = await t.database.db
    .select({ id: passTypes.id, name: passTypes.name })
    .from(passTypes)
    .where(ne(passTypes.kind, 'paid-upgrade'));
  typeIds = Object.fromEntries(types.map((type) => [type.name, type.id]));
}, 60_000);
afterAll(async () => t?.close());

const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object | string) =>
  t.app.inject({ method, url: `/api/organizer${url}`, headers: organizer, ...(payload === undefined ? {} : { payload }) });

async function lists(): Promise<OrganizerCheckinList[]> {
  const res = await call('GET', '/checkin-lists');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as OrganizerCheckinList[];
}

describe('organizer check-in lists', () => {
  it('lists the seeded lists with pass types by id and name, no window, counts', async () => {
    const seeded = await lists();
    expect(seeded.map((list) => list.name)).toEqual(['Main entrance', 'Premium lounge', 'Speakers & VIP dinner']);
    expect(seeded[1]).toMatchObject({
      passTypeIds: [typeIds['Premium Pass'], typeIds['Host Pass']],
      passTypes: ['Premium Pass', 'Host Pass'],
      validFrom: null,
      validUntil: null,
      checkedIn: 0,
      duplicates: 0,
      events: 0,
    });
  });

  it('offers the pass types a list can admit, without upgrades', async () => {
    const res = await call('GET', '/checkin-lists/pass-types');
    expect(res.statusCode, res.body).toBe(200);
    const names = (res.json() as { name: string }[]).map((type) => type.name);
    expect(names).toEqual(expect.arrayContaining(['Standard Pass', 'Premium Pass', 'Host Pass', 'Speaker Pass']));
    expect(names.some((name) => name.includes('Upgrade'))).toBe(false);
  });

  it('creates a list with a window, records it in the audit log, and staff devices get the window', async () => {
    const res = await call('POST', '/checkin-lists', {
      name: '  VIP breakfast ',
      description: 'Thursday breakfast for Premium holders.',
      passTypeIds: [typeIds['Premium Pass'], typeIds['Premium Pass']],
      validFrom: '2026-03-26T08:00:00+01:00',
      validUntil: '2026-03-26T10:30:00+01:00',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json() as OrganizerCheckinList;
    expect(created).toMatchObject({
      name: 'VIP breakfast',
      passTypeIds: [typeIds['Premium Pass']],
      passTypes: ['Premium Pass'],
      validFrom: '2026-03-26T07:00:00.000Z',
      validUntil: '2026-03-26T09:30:00.000Z',
      checkedIn: 0,
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'checkin-list.create'), eq(auditLog.subject, 'VIP breakfast')));
    expect(entry?.details).toMatchObject({ listId: created.id });

    const staffLists = await t.app.inject({ method: 'GET', url: '/api/checkin/lists', headers: staff });
    expect((staffLists.json() as CheckinList[]).find((list) => list.id === created.id)).toMatchObject({
      passTypes: ['Premium Pass'],
      validFrom: '2026-03-26T07:00:00.000Z',
      validUntil: '2026-03-26T09:30:00.000Z',
    });
    expect((staffLists.json() as CheckinList[])[0]).toMatchObject({ validFrom: null, validUntil: null });
  });

  it('refuses a bad list with a 400 or 409 naming the field, never a 500', async () => {
    const cases: [object, number, string][] = [
      [{ name: '   ' }, 400, 'name'],
      [{ name: 'Line\nbreak' }, 400, 'name'],
      [{ name: 'x'.repeat(101) }, 400, 'name'],
      [{ name: 'Unknown type', passTypeIds: [typeIds['Premium Pass'], 999_999] }, 400, 'passTypeIds.1'],
      [{ name: 'Negative type', passTypeIds: [-1] }, 400, 'passTypeIds.0'],
      [{ name: 'Bad time', validFrom: 'tomorrow' }, 400, 'validFrom'],
      [{ name: 'No zone', validFrom: '2026-03-24T09:00:00' }, 400, 'validFrom'],
      [{ name: 'Backwards', validFrom: '2026-03-24T10:00:00Z', validUntil: '2026-03-24T09:00:00Z' }, 400, 'validUntil'],
      [{ name: 'Main entrance' }, 409, 'name'],
      [{ name: 'main entrance ' }, 201, ''],
    ];
    for (const [payload, status, path] of cases) {
      const res = await call('POST', '/checkin-lists', payload);
      expect({ payload, status: res.statusCode }).toEqual({ payload, status });
      if (status !== 201) expect(res.json().errors?.map((e: { path: string }) => e.path)).toContain(path);
    }
    const unknown = await call('POST', '/checkin-lists', { name: 'Unknown', passTypeIds: [999_999] });
    expect(unknown.json().detail).toBe(UNKNOWN_PASS_TYPE);
    expect((await call('POST', '/checkin-lists', { name: 'Main entrance' })).json().detail).toBe(LIST_NAME_TAKEN);
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/organizer/checkin-lists',
      headers: { ...organizer, 'content-type': 'application/json' },
      payload: '{"name":',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('changes a list: window, types, name; checks the window against what is stored', async () => {
    const lounge = (await lists()).find((list) => list.name === 'Premium lounge') as OrganizerCheckinList;
    const patched = await call('PATCH', `/checkin-lists/${lounge.id}`, {
      validUntil: '2026-03-26T23:00:00Z',
      passTypeIds: [typeIds['Premium Pass']],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      validFrom: null,
      validUntil: '2026-03-26T23:00:00.000Z',
      passTypes: ['Premium Pass'],
    });

    // A start after the stored end is refused, and nothing changes.
    const backwards = await call('PATCH', `/checkin-lists/${lounge.id}`, { validFrom: '2026-03-27T00:00:00Z', name: 'Renamed' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      detail: 'The end of the check-in window must be after its start.',
      errors: [{ path: 'validUntil' }],
    });
    expect((await lists()).find((list) => list.id === lounge.id)?.name).toBe('Premium lounge');

    // null lifts a limit; the name can move to a free one but not to another list's.
    const lifted = await call('PATCH', `/checkin-lists/${lounge.id}`, { validUntil: null, name: 'VIP lounge' });
    expect(lifted.json()).toMatchObject({ name: 'VIP lounge', validUntil: null });
    expect((await call('PATCH', `/checkin-lists/${lounge.id}`, { name: 'Main entrance' })).statusCode).toBe(409);
    expect((await call('PATCH', `/checkin-lists/${lounge.id}`, { passTypeIds: [123_456] })).statusCode).toBe(400);
    expect((await call('PATCH', `/checkin-lists/${lounge.id}`, {})).statusCode).toBe(200);

    const updates = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'checkin-list.update'));
    expect(updates.map((entry) => entry.subject)).toEqual(['Premium lounge', 'VIP lounge']);
    expect(updates[1]?.details).toMatchObject({ previousName: 'Premium lounge' });
  });

  it('answers 404 for a list that does not exist and 400 for an id that is not one', async () => {
    expect((await call('PATCH', '/checkin-lists/99999', { name: 'X' })).statusCode).toBe(404);
    expect((await call('GET', '/checkin-lists/99999/duplicates')).statusCode).toBe(404);
    expect((await call('GET', '/checkin-lists/99999/checkins.csv')).statusCode).toBe(404);
    for (const id of ['0', '-1', 'abc', '1.5', '99999999999']) {
      expect((await call('GET', `/checkin-lists/${id}/duplicates`)).statusCode).toBe(400);
    }
  });
});

describe('duplicates and the list export', () => {
  it('shows a pass checked in on two devices with both events, and exports the list as CSV', async () => {
    const badge = badgeBook(t);
    const vip = await badge(demoEmail('vip'));
    const main = (await lists()).find((list) => list.name === 'Main entrance') as OrganizerCheckinList;
    const op = (deviceId: string, createdAt: string): CheckinOp => ({
      id: randomUUID(),
      createdAt,
      listId: main.id,
      token: vip.token,
      deviceId,
    });
    const first = op('device-north', '2026-03-24T08:05:00.000Z');
    const second = op('device-south', '2026-03-24T08:07:00.000Z');
    for (const ops of [[first], [second]]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/checkin', headers: staff, payload: { ops } });
      expect(res.statusCode, res.body).toBe(200);
    }

    expect((await lists()).find((list) => list.id === main.id)).toMatchObject({ checkedIn: 1, duplicates: 1, events: 2 });
    const res = await call('GET', `/checkin-lists/${main.id}/duplicates`);
    expect(res.statusCode, res.body).toBe(200);
    const duplicates = res.json() as CheckinDuplicate[];
    expect(duplicates).toHaveLength(1);
    expect(duplicates[0]).toMatchObject({
      holderName: 'James Taylor',
      company: 'Granite Cloud Ltd',
      passType: 'Premium Pass',
      first: { id: first.id, deviceId: 'device-north', scannedAt: first.createdAt },
      duplicate: { id: second.id, deviceId: 'device-south', scannedAt: second.createdAt },
    });
    expect(duplicates[0]?.first.staffName).toMatch(/\S/);
    expect(duplicates[0]?.duplicate.staffName).toBe(duplicates[0]?.first.staffName);
    expect((await call('GET', `/checkin-lists/${(await lists())[2]?.id}/duplicates`)).json()).toEqual([]);

    const csv = await call('GET', `/checkin-lists/${main.id}/checkins.csv`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(
      /^attachment; filename="cloudfest-checkins-main-entrance-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const records = csvRecords(csv.body);
    expect(
      records.map((row) => [row.Device, row.Duplicate, row['First check-in id'], row['Scanned at (Europe/Berlin)']]),
    ).toEqual([
      ['device-north', 'no', '', '2026-03-24 09:05:00'],
      ['device-south', 'yes', first.id, '2026-03-24 09:07:00'],
    ]);
    expect(records[0]).toMatchObject({
      List: 'Main entrance',
      'Last name': 'Taylor',
      'Pass type': 'Premium Pass',
      'Check-in id': first.id,
    });
  });
});
