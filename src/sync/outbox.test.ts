import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AppDatabase } from '../lib/db.ts';
import { QUOTA_MESSAGE, StorageFullError } from '../lib/storage.ts';
import { addFavourites, testDatabase, USER_A, USER_B } from '../testing/sync.ts';
import {
  addToOutbox,
  createOutboxRow,
  dismissRejected,
  enqueue,
  onOutboxChange,
  outboxChanged,
  outboxCounts,
  pendingChangesCount,
  rejectedChanges,
} from './outbox.ts';

let database: AppDatabase;

beforeEach(() => {
  database = testDatabase();
});

afterEach(() => {
  database.close();
});

const favourite = (sessionId: number, value = true) => ({ sessionId, favourite: value });

describe('createOutboxRow', () => {
  it('makes a pending row with a UUID, the user and an ISO creation time', () => {
    const row = createOutboxRow('favourite', favourite(12), USER_A, Date.UTC(2030, 0, 1));
    expect(row).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      userId: USER_A,
      kind: 'favourite',
      payload: { sessionId: 12, favourite: true },
      createdAt: '2030-01-01T00:00:00.000Z',
      status: 'pending',
      attempts: 0,
      lastError: null,
    });
  });

  it('keeps creation times strictly increasing, so two changes in one millisecond keep their order', () => {
    const now = Date.UTC(2031, 0, 1);
    const first = createOutboxRow('favourite', favourite(1), USER_A, now);
    const second = createOutboxRow('favourite', favourite(1, false), USER_A, now);
    expect(second.createdAt > first.createdAt).toBe(true);
  });

  it('refuses a payload that does not match the contract, and a missing user', () => {
    expect(() => createOutboxRow('favourite', { sessionId: -1, favourite: true }, USER_A)).toThrow(/Invalid favourite change/);
    expect(() => createOutboxRow('favourite', favourite(1), '')).toThrow(/signed-in user/);
  });
});

describe('enqueue', () => {
  it('writes the row and the local change in one transaction and tells the listeners', async () => {
    let notified = 0;
    const unsubscribe = onOutboxChange(() => {
      notified += 1;
    });
    const row = await enqueue('favourite', favourite(7), USER_A, {
      database,
      tables: [database.favourites],
      write: (outboxRow) =>
        database.favourites.put({ userId: USER_A, sessionId: 7, favourite: true, changedAt: outboxRow.createdAt }),
    });
    unsubscribe();
    expect(await database.outbox.get(row.id)).toEqual(row);
    expect(await database.favourites.get([USER_A, 7])).toEqual({
      userId: USER_A,
      sessionId: 7,
      favourite: true,
      changedAt: row.createdAt,
    });
    expect(notified).toBe(1);
  });

  it('writes nothing when the local change fails', async () => {
    await expect(
      enqueue('favourite', favourite(7), USER_A, {
        database,
        tables: [database.favourites],
        write: async () => {
          await database.favourites.put({ userId: USER_A, sessionId: 7, favourite: true, changedAt: 'x' });
          throw new Error('boom');
        },
      }),
    ).rejects.toThrow('boom');
    expect(await database.outbox.count()).toBe(0);
    expect(await database.favourites.count()).toBe(0);
  });

  it('turns a full disk into the storage message, with nothing written', async () => {
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    const failing = enqueue('favourite', favourite(7), USER_A, {
      database,
      tables: [database.favourites],
      write: async () => {
        await database.favourites.put({ userId: USER_A, sessionId: 7, favourite: true, changedAt: 'x' });
        throw quota;
      },
    });
    await expect(failing).rejects.toBeInstanceOf(StorageFullError);
    await expect(failing).rejects.toThrow(QUOTA_MESSAGE);
    expect(await database.favourites.count()).toBe(0);
  });

  it("also recognises Dexie's wrapped quota errors", async () => {
    const table = database.outbox;
    const original = table.add.bind(table);
    table.add = (() =>
      Dexie.Promise.reject(
        new Dexie.AbortError('Transaction aborted', new Dexie.QuotaExceededError('full')),
      )) as typeof table.add;
    try {
      await expect(enqueue('favourite', favourite(1), USER_A, { database })).rejects.toThrow(QUOTA_MESSAGE);
    } finally {
      table.add = original;
    }
  });

  it('addToOutbox joins a transaction of the caller', async () => {
    let notified = 0;
    const unsubscribe = onOutboxChange(() => {
      notified += 1;
    });
    const row = createOutboxRow('favourite', favourite(3), USER_A);
    await database.transaction('rw', database.favourites, database.outbox, async () => {
      await database.favourites.put({ userId: USER_A, sessionId: 3, favourite: true, changedAt: row.createdAt });
      await addToOutbox(row, database);
    });
    outboxChanged();
    unsubscribe();
    expect(await database.outbox.get(row.id)).toEqual(row);
    expect(notified).toBe(1);
  });
});

describe('reading', () => {
  it('counts pending and rejected changes per user', async () => {
    const rows = await addFavourites(database, USER_A, 3);
    await addFavourites(database, USER_B, 2);
    await database.outbox.update(rows[1]?.id ?? '', { status: 'rejected', lastError: 'No such session.' });

    expect(await outboxCounts(USER_A, database)).toEqual({ pending: 2, rejected: 1 });
    expect(await pendingChangesCount(USER_A, database)).toBe(3);
    expect(await pendingChangesCount(USER_B, database)).toBe(2);
    expect(await pendingChangesCount('nobody', database)).toBe(0);
    expect((await rejectedChanges(USER_A, database)).map((row) => row.lastError)).toEqual(['No such session.']);
  });

  it("dismisses only the user's own rejected rows", async () => {
    const [pending, rejected] = await addFavourites(database, USER_A, 2);
    const [other] = await addFavourites(database, USER_B, 1);
    await database.outbox.update(rejected?.id ?? '', { status: 'rejected' });
    await database.outbox.update(other?.id ?? '', { status: 'rejected' });

    await dismissRejected(USER_A, [pending?.id ?? '', rejected?.id ?? '', other?.id ?? ''], database);
    expect((await database.outbox.toArray()).map((row) => row.id).sort()).toEqual([pending?.id, other?.id].sort());
  });
});
