import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { type AppDatabase, deleteUserData, openAppDatabase } from '../../lib/db.ts';
import type { CheckinEvent, CheckinEvents, CheckinList } from '../../shared/contracts/checkin.ts';
import { encodePayload } from '../../shared/pass-token.ts';
import { readOp, SYNC_KINDS } from '../../sync/kinds.ts';
import { pendingChangesCount } from '../../sync/outbox.ts';
import { DURING, TEST_TRUST, testBadge } from '../../testing/badges.ts';
import { PREMIUM_LOUNGE as LOUNGE, MAIN_ENTRANCE as MAIN, TEST_STAFF as USER } from '../../testing/checkin.ts';
import { cachedCheckins, checkIn, mergeEvents, REFUSED_CHECKIN, readCheckinRows, recordRejections } from './checkins.ts';
import { cachedLists, chosenListId, deviceIdOf, type KeyValueStore, readListRows, rememberListId, storeLists } from './lists.ts';
import { eventsCursorKey, pullEvents, refreshCheckins } from './refresh.ts';

const TRUST = { ...TEST_TRUST, revoked: new Set(['badge-revoked']) };
const HERE = 'device-here-0001';
const badge = testBadge;

function event(id: string, overrides: Partial<CheckinEvent> = {}): CheckinEvent {
  return {
    id,
    listId: 1,
    barcodeId: 'badge-ada',
    passId: 'pass-ada',
    holderName: 'Ada Lovelace',
    company: 'Analytical Engines Ltd',
    passType: 'Standard Pass',
    deviceId: 'device-other-0002',
    scannedAt: '2026-03-25T09:58:00.000Z',
    receivedAt: '2026-03-25T09:59:00.000Z',
    duplicateOf: null,
    ...overrides,
  };
}

let database: AppDatabase;
let count = 0;
beforeEach(() => {
  database = openAppDatabase(`checkin-test-${++count}`);
});
afterEach(async () => {
  await database.delete();
});

const place = (list = MAIN, deviceId = HERE) => ({ database, userId: USER, deviceId, list });

describe('checkIn', () => {
  it('stores a valid check-in and its outbox op in one go: the op id is the nonce and the row id', async () => {
    const token = badge();
    const verdict = await checkIn(place(), `  ${token}\n`, TRUST, DURING);
    expect(verdict).toMatchObject({ kind: 'valid', person: { name: 'Ada Lovelace', personKey: 'badge-ada' } });
    const [op] = await database.outbox.toArray();
    expect(op).toMatchObject({ kind: 'checkin', userId: USER, status: 'pending', payload: { listId: 1, token, deviceId: HERE } });
    expect('op' in readOp(SYNC_KINDS.checkin, op ?? { id: '', createdAt: '', payload: null })).toBe(true);
    expect(await cachedCheckins(database, USER)).toEqual([
      {
        userId: USER,
        id: op?.id,
        listId: 1,
        barcodeId: 'badge-ada',
        passId: null,
        holderName: 'Ada Lovelace',
        company: 'Analytical Engines Ltd',
        passType: 'Standard Pass',
        deviceId: HERE,
        scannedAt: op?.createdAt,
        receivedAt: null,
        duplicateOf: null,
        rejectedReason: null,
      },
    ]);
    // Logout asks first: check-ins waiting to sync count as unsynced changes.
    expect(await pendingChangesCount(USER, database)).toBe(1);
  });

  it('stores nothing for a second scan on this device, a forged, a revoked or a not-admitted badge', async () => {
    const token = badge();
    await checkIn(place(), token, TRUST, DURING);
    expect(await checkIn(place(), token, TRUST, DURING + 60_000)).toMatchObject({
      kind: 'already-checked-in',
      onThisDevice: true,
    });
    const [payload = ''] = token.split('.');
    const renamed = encodePayload({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), n: 'Eve Forger' });
    expect(await checkIn(place(), `${renamed}.${token.split('.')[1]}`, TRUST, DURING)).toMatchObject({ kind: 'forged' });
    expect(await checkIn(place(), badge({ pid: 'badge-revoked', n: 'Rex' }), TRUST, DURING)).toMatchObject({
      kind: 'revoked',
      holder: { name: 'Rex' },
    });
    expect(await checkIn(place(LOUNGE), token, TRUST, DURING)).toMatchObject({ kind: 'not-admitted' });
    expect(await database.outbox.count()).toBe(1);
    expect(await database.checkins.count()).toBe(1);
  });

  it('checks the same pass in on another list, and after another device’s known check-in says so', async () => {
    const token = badge({ t: 'Premium Pass' });
    expect((await checkIn(place(), token, TRUST, DURING)).kind).toBe('valid');
    expect((await checkIn(place(LOUNGE), token, TRUST, DURING)).kind).toBe('valid');
    await mergeEvents(database, USER, [event('remote', { listId: 1, barcodeId: 'badge-bob' })]);
    expect(await checkIn(place(), badge({ pid: 'badge-bob' }), TRUST, DURING)).toMatchObject({
      kind: 'already-checked-in',
      onThisDevice: false,
      scannedAt: '2026-03-25T09:58:00.000Z',
    });
  });

  it('keeps two concurrent scans of one pass from storing it twice', async () => {
    const token = badge();
    const verdicts = await Promise.all([checkIn(place(), token, TRUST, DURING), checkIn(place(), token, TRUST, DURING)]);
    expect(verdicts.map((verdict) => verdict.kind).sort()).toEqual(['already-checked-in', 'valid']);
    expect(await database.outbox.count()).toBe(1);
  });
});

describe('server events and refusals', () => {
  it('merges events by id: this device’s check-in is completed, others are added', async () => {
    await checkIn(place(), badge(), TRUST, DURING);
    const [mine] = await cachedCheckins(database, USER);
    const ownEvent = event(mine?.id ?? '', {
      deviceId: HERE,
      scannedAt: mine?.scannedAt,
      receivedAt: '2026-03-25T10:01:00.000Z',
    });
    const otherEvent = event(crypto.randomUUID(), { duplicateOf: mine?.id ?? null });
    await mergeEvents(database, USER, [ownEvent, otherEvent]);
    await mergeEvents(database, USER, [ownEvent]);
    const rows = await cachedCheckins(database, USER);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.id === mine?.id)).toMatchObject({ passId: 'pass-ada', receivedAt: '2026-03-25T10:01:00.000Z' });
    expect(rows.find((row) => row.id === otherEvent.id)).toMatchObject({ deviceId: 'device-other-0002', duplicateOf: mine?.id });
  });

  it('copies an op’s refusal onto its check-in, so it stays after the op is dismissed', async () => {
    await checkIn(place(), badge(), TRUST, DURING);
    const [op] = await database.outbox.toArray();
    if (!op) throw new Error('no op');
    await database.outbox.update(op.id, { status: 'rejected', lastError: 'This badge has been revoked.' });
    await recordRejections(database, USER, await database.outbox.toArray());
    await database.outbox.delete(op.id);
    expect((await cachedCheckins(database, USER))[0]?.rejectedReason).toBe('This badge has been revoked.');
    await recordRejections(database, USER, [{ ...op, status: 'rejected', lastError: null }]);
    expect((await cachedCheckins(database, USER))[0]?.rejectedReason).toBe(REFUSED_CHECKIN);
  });

  it('skips rows it cannot read', () => {
    expect(readCheckinRows([{ id: 'x' }, null, 'text'])).toEqual([]);
    expect(readListRows([{ ...MAIN, checkedIn: 'many' }, MAIN, { ...LOUNGE }].reverse())).toEqual([MAIN, LOUNGE]);
    // A row cached before lists had a validity window reads as open at both ends.
    const { validFrom: _from, validUntil: _until, ...older } = LOUNGE;
    expect(readListRows([older])).toEqual([LOUNGE]);
  });
});

describe('downloads', () => {
  const lists: CheckinList[] = [
    {
      id: 1,
      name: 'Main entrance',
      description: 'Every pass.',
      passTypes: [],
      validFrom: null,
      validUntil: null,
      checkedIn: 3,
      duplicates: 1,
    },
    {
      id: 2,
      name: 'Premium lounge',
      description: 'Premium.',
      passTypes: ['Premium Pass'],
      validFrom: '2026-03-24T07:00:00.000Z',
      validUntil: null,
      checkedIn: 0,
      duplicates: 0,
    },
  ];

  it('replaces the cached lists and pulls the chosen list’s events from the stored cursor, page by page until complete', async () => {
    await storeLists(database, USER, [{ ...lists[0], id: 9, name: 'Gone' } as CheckinList]);
    const asked: (string | undefined)[] = [];
    const order: string[] = [];
    const pages: CheckinEvents[] = [
      { events: Array.from({ length: 1000 }, () => event(crypto.randomUUID())), cursor: 'c1', complete: false },
      // A short page that is not the last (the server held back changes still being written): ask again.
      { events: [event('late')], cursor: 'c2', complete: false },
      { events: [event('last')], cursor: 'c3', complete: true },
    ];
    const fetchers = {
      lists: async () => {
        order.push('lists');
        return lists;
      },
      events: async (listId: number, cursor: string | undefined): Promise<CheckinEvents> => {
        order.push(`events ${listId}`);
        if (listId === 9) throw new ApiError(404, null);
        asked.push(cursor);
        return pages.shift() ?? { events: [], cursor: cursor ?? 'start', complete: true };
      },
    };
    // A list the device does not know yet: its events once the lists are there.
    await refreshCheckins(database, USER, 1, fetchers);
    expect(order).toEqual(['lists', 'events 1', 'events 1', 'events 1']);
    expect((await cachedLists(database, USER)).map((list) => list.name)).toEqual(['Main entrance', 'Premium lounge']);
    expect(asked).toEqual([undefined, 'c1', 'c2']);
    expect(await database.checkins.count()).toBe(1002);
    expect((await database.meta.get([USER, eventsCursorKey(1)]))?.value).toBe('c3');

    // A known list: events first, so the counts fetched after them include every merged event.
    order.length = 0;
    await refreshCheckins(database, USER, 1, fetchers);
    expect(order).toEqual(['events 1', 'lists']);
    expect(asked.at(-1)).toBe('c3');
    await pullEvents(database, USER, 1, fetchers.events);
    expect(asked).toEqual([undefined, 'c1', 'c2', 'c3', 'c3']);
    expect(await database.checkins.count()).toBe(1002);
  });

  it('resumes an interrupted download from the last page it stored', async () => {
    const asked: (string | undefined)[] = [];
    let failed = false;
    const events = async (_listId: number, cursor: string | undefined): Promise<CheckinEvents> => {
      asked.push(cursor);
      if (cursor === undefined) return { events: [event('first')], cursor: 'c1', complete: false };
      if (!failed) {
        failed = true;
        throw new TypeError('Failed to fetch');
      }
      return { events: [event('second')], cursor: 'c2', complete: true };
    };
    await expect(pullEvents(database, USER, 1, events)).rejects.toThrow(TypeError);
    expect((await database.meta.get([USER, eventsCursorKey(1)]))?.value).toBe('c1');
    await pullEvents(database, USER, 1, events);
    expect(asked).toEqual([undefined, 'c1', 'c1']);
    expect((await database.checkins.toArray()).map((row) => row.id).sort()).toEqual(['first', 'second']);
  });

  it('drops a list the server no longer has (404 for its events) and still updates the others', async () => {
    await storeLists(database, USER, [{ ...lists[0], id: 9, name: 'Gone' } as CheckinList]);
    const fetchers = {
      lists: async () => lists,
      events: async (): Promise<CheckinEvents> => {
        throw new ApiError(404, null);
      },
    };
    await refreshCheckins(database, USER, 9, fetchers);
    expect((await cachedLists(database, USER)).map((list) => list.id)).toEqual([1, 2]);
    const refused = { ...fetchers, events: async (): Promise<CheckinEvents> => Promise.reject(new ApiError(403, null)) };
    await expect(refreshCheckins(database, USER, 1, refused)).rejects.toThrow(ApiError);
  });

  it('leaves nothing of the user after a logout', async () => {
    await storeLists(database, USER, lists);
    await checkIn(place(), badge(), TRUST, DURING);
    await storeLists(database, 'someone-else', lists);
    await deleteUserData(database, USER);
    expect(await database.checkins.count()).toBe(0);
    expect(await cachedLists(database, USER)).toEqual([]);
    expect(await cachedLists(database, 'someone-else')).toHaveLength(2);
  });
});

describe('device id and chosen list', () => {
  const memory = (): KeyValueStore & { values: Map<string, string> } => {
    const values = new Map<string, string>();
    return { values, getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
  };

  it('creates the device id once and keeps it; replaces an unreadable one', () => {
    const storage = memory();
    const id = deviceIdOf(storage);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(deviceIdOf(storage)).toBe(id);
    storage.values.set('checkin-device-id', '<script>');
    expect(deviceIdOf(storage)).not.toBe('<script>');
    // Without storage: one id for the page.
    expect(deviceIdOf(null)).toBe(deviceIdOf(null));
  });

  it('remembers the chosen list as a positive id', () => {
    const storage = memory();
    expect(chosenListId(storage)).toBeNull();
    rememberListId(3, storage);
    expect(chosenListId(storage)).toBe(3);
    storage.values.set('checkin-list', '-1');
    expect(chosenListId(storage)).toBeNull();
  });
});
