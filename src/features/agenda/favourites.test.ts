import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppDatabase, openAppDatabase } from '../../lib/db.ts';
import {
  favouriteIds,
  mergeServerFavourites,
  pendingFavouriteSessions,
  pullFavourites,
  setFavourite,
  syncStates,
} from './favourites.ts';

const ADA = 'user-ada';
const BOB = 'user-bob';
let database: AppDatabase;
let count = 0;

beforeEach(() => {
  database = openAppDatabase(`favourites-test-${++count}`);
});
afterEach(async () => {
  await database.delete();
});

const favourites = async (userId = ADA) => favouriteIds(await database.favourites.where('userId').equals(userId).toArray());

describe('setFavourite', () => {
  it('writes the row and one pending outbox op with the same time', async () => {
    const op = await setFavourite(database, ADA, 12, true, Date.parse('2026-03-24T08:00:00Z'));
    // The outbox keeps creation times strictly increasing; the row's time is the op's.
    expect(op.createdAt >= '2026-03-24T08:00:00.000Z').toBe(true);
    expect(await database.favourites.get([ADA, 12])).toEqual({
      userId: ADA,
      sessionId: 12,
      favourite: true,
      changedAt: op.createdAt,
    });
    expect(await database.outbox.toArray()).toEqual([
      {
        id: op.id,
        userId: ADA,
        kind: 'favourite',
        payload: { sessionId: 12, favourite: true },
        createdAt: op.createdAt,
        status: 'pending',
        attempts: 0,
        lastError: null,
      },
    ]);
    expect(op.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('queues one op per change, each with its own id', async () => {
    const first = await setFavourite(database, ADA, 12, true);
    const second = await setFavourite(database, ADA, 12, false);
    expect(first.id).not.toBe(second.id);
    expect(await database.outbox.count()).toBe(2);
    expect(await favourites()).toEqual(new Set());
  });

  it('writes nothing when the transaction fails', async () => {
    const op = await setFavourite(database, ADA, 1, true);
    // Same op id again: the outbox add fails, so the favourites row must not change either.
    const original = crypto.randomUUID;
    crypto.randomUUID = () => op.id as ReturnType<typeof crypto.randomUUID>;
    try {
      await expect(setFavourite(database, ADA, 2, true)).rejects.toThrow();
    } finally {
      crypto.randomUUID = original;
    }
    expect(await favourites()).toEqual(new Set([1]));
    expect(await database.outbox.count()).toBe(1);
  });
});

describe('mergeServerFavourites', () => {
  const fetchedAt = '2026-03-24T09:00:00.000Z';

  it('takes the server state for sessions without pending ops', async () => {
    await database.favourites.bulkPut([
      { userId: ADA, sessionId: 1, favourite: true, changedAt: '2026-03-20T00:00:00.000Z' },
      { userId: ADA, sessionId: 2, favourite: true, changedAt: '2026-03-20T00:00:00.000Z' },
    ]);
    const changed = await mergeServerFavourites(database, ADA, [2, 3], new Set(), fetchedAt);
    expect(changed).toBe(2);
    expect(await favourites()).toEqual(new Set([2, 3]));
    expect((await database.favourites.get([ADA, 3]))?.changedAt).toBe(fetchedAt);
  });

  it('does not undo changes still waiting in the outbox', async () => {
    await setFavourite(database, ADA, 5, true); // added offline, not on the server yet
    await database.favourites.put({ userId: ADA, sessionId: 6, favourite: true, changedAt: '2026-03-20T00:00:00.000Z' });
    await setFavourite(database, ADA, 6, false); // removed offline, still on the server
    const pending = await pendingFavouriteSessions(database, ADA);
    expect(pending).toEqual(new Set([5, 6]));
    await mergeServerFavourites(database, ADA, [6, 7], pending, fetchedAt);
    expect(await favourites()).toEqual(new Set([5, 7]));
  });

  it('keeps sessions whose op was pending when the request started, even if it was sent since', async () => {
    // The upload may have reached the server after it answered the GET: the answer is older than the change.
    await database.favourites.put({ userId: ADA, sessionId: 8, favourite: true, changedAt: '2026-03-24T08:59:00.000Z' });
    await mergeServerFavourites(database, ADA, [], new Set([8]), fetchedAt);
    expect(await favourites()).toEqual(new Set([8]));
  });

  it('keeps rows changed after the request started', async () => {
    await database.favourites.put({ userId: ADA, sessionId: 9, favourite: true, changedAt: '2026-03-24T09:00:01.000Z' });
    await mergeServerFavourites(database, ADA, [], new Set(), fetchedAt);
    expect(await favourites()).toEqual(new Set([9]));
  });

  it("ignores rejected ops and never touches another user's rows or ops", async () => {
    const op = await setFavourite(database, ADA, 10, true);
    await database.outbox.update(op.id, { status: 'rejected', lastError: 'Unknown session' });
    await database.favourites.update([ADA, 10], { changedAt: '2026-03-24T08:00:00.000Z' });
    await setFavourite(database, BOB, 11, true);
    await mergeServerFavourites(database, ADA, [11], new Set(), fetchedAt);
    expect(await favourites(ADA)).toEqual(new Set([11]));
    expect(await favourites(BOB)).toEqual(new Set([11]));
    expect(await pendingFavouriteSessions(database, BOB)).toEqual(new Set([11]));
  });
});

describe('pullFavourites', () => {
  it('reads pending ops before the request and merges after it', async () => {
    await setFavourite(database, ADA, 1, true);
    const changed = await pullFavourites(database, ADA, async () => {
      // The sync engine uploads the op while the GET is on its way: the answer does not have it yet.
      await database.outbox.clear();
      return [2];
    });
    expect(changed).toBe(1);
    expect(await favourites()).toEqual(new Set([1, 2]));
  });

  it('changes nothing when the request fails', async () => {
    await database.favourites.put({ userId: ADA, sessionId: 1, favourite: true, changedAt: '2026-03-20T00:00:00.000Z' });
    await expect(
      pullFavourites(database, ADA, async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).rejects.toThrow('Failed to fetch');
    expect(await favourites()).toEqual(new Set([1]));
  });
});

describe('syncStates', () => {
  it('reports the newest op per session with its rejection reason', () => {
    const op = (sessionId: number, createdAt: string, status: 'pending' | 'rejected', lastError: string | null = null) => ({
      id: crypto.randomUUID(),
      userId: ADA,
      kind: 'favourite' as const,
      payload: { sessionId, favourite: true },
      createdAt,
      status,
      attempts: 1,
      lastError,
    });
    const states = syncStates([
      op(1, '2026-03-24T09:00:00.000Z', 'pending'),
      op(1, '2026-03-24T08:00:00.000Z', 'rejected', 'Unknown session'),
      op(2, '2026-03-24T08:00:00.000Z', 'rejected', 'Unknown session'),
      { ...op(3, '2026-03-24T08:00:00.000Z', 'pending'), payload: 'garbage' },
    ]);
    expect(states).toEqual(
      new Map([
        [1, { status: 'pending', reason: null }],
        [2, { status: 'rejected', reason: 'Unknown session' }],
      ]),
    );
  });
});
