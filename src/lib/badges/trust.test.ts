import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppDatabase, deleteUserData, openAppDatabase } from '../db.ts';
import { cachedPassKeys, cachedRevocations, loadBadgeTrust, loadPassKeys, loadRevocations } from './trust.ts';

const USER = 'user-scanner';
const KEYS = { keys: [{ kid: 'k1', publicKey: 'AAAA' }] };
const REVOKED = { revoked: ['barcode-1', 'barcode-2'], cursor: 'c2', complete: true };
const offline = () => Promise.reject(new TypeError('Failed to fetch'));
let database: AppDatabase;
let count = 0;

beforeEach(() => {
  database = openAppDatabase(`badge-trust-test-${++count}`);
});
afterEach(async () => {
  await database.delete();
});

describe('loadPassKeys', () => {
  it('stores fetched keys and falls back to them offline', async () => {
    expect(await loadPassKeys(database, USER, async () => KEYS)).toEqual(KEYS);
    expect(await loadPassKeys(database, USER, offline)).toEqual(KEYS);
    expect(await cachedPassKeys(database, 'another-user')).toBeNull();
  });

  it('is null with neither the network nor a cache, and ignores an unreadable cache', async () => {
    expect(await loadPassKeys(database, USER, offline)).toBeNull();
    await database.meta.put({ userId: USER, key: 'passKeys', value: { keys: 'nope' } });
    expect(await loadPassKeys(database, USER, offline)).toBeNull();
  });
});

describe('loadRevocations', () => {
  it('stores the list with its cursor and the time it was fetched, adds only what is new, falls back offline', async () => {
    const at = new Date('2026-03-25T08:00:00Z');
    const asked: (string | undefined)[] = [];
    const pages = [
      { revoked: ['barcode-1'], cursor: 'c1', complete: false },
      { revoked: ['barcode-2'], cursor: 'c2', complete: true },
      { revoked: ['barcode-3'], cursor: 'c3', complete: true },
    ];
    const fetchPage = async (cursor: string | undefined) => {
      asked.push(cursor);
      return pages.shift() ?? { revoked: [], cursor: cursor ?? '', complete: true };
    };
    expect(await loadRevocations(database, USER, fetchPage, at)).toEqual({
      revoked: ['barcode-1', 'barcode-2'],
      cursor: 'c2',
      fetchedAt: at.toISOString(),
    });
    const later = new Date('2026-03-25T09:30:00Z');
    expect((await loadRevocations(database, USER, fetchPage, later))?.revoked).toEqual(['barcode-1', 'barcode-2', 'barcode-3']);
    expect(asked).toEqual([undefined, 'c1', 'c2']);
    expect(await loadRevocations(database, USER, offline)).toMatchObject({ cursor: 'c3', fetchedAt: later.toISOString() });
    expect(await cachedRevocations(database, 'another-user')).toBeNull();
  });

  it('keeps what it had when a download breaks off', async () => {
    await loadRevocations(database, USER, async () => REVOKED);
    const broken = async (cursor: string | undefined) => {
      if (cursor === 'c2') return { revoked: ['barcode-9'], cursor: 'c9', complete: false };
      throw new TypeError('Failed to fetch');
    };
    expect(await loadRevocations(database, USER, broken)).toMatchObject({ revoked: REVOKED.revoked, cursor: 'c2' });
  });

  it('judges with a list stored before cursors, and downloads it from the start next time', async () => {
    const old = { revoked: ['barcode-1'], updatedAt: '2026-03-20T10:00:00.000Z', fetchedAt: '2026-03-20T10:01:00.000Z' };
    await database.meta.put({ userId: USER, key: 'passRevocations', value: old });
    expect(await cachedRevocations(database, USER)).toEqual({ revoked: ['barcode-1'], fetchedAt: old.fetchedAt });
    const asked: (string | undefined)[] = [];
    const list = await loadRevocations(database, USER, async (cursor) => {
      asked.push(cursor);
      return { revoked: ['barcode-1', 'barcode-5'], cursor: 'c5', complete: true };
    });
    expect(asked).toEqual([undefined]);
    expect(list?.revoked).toEqual(['barcode-1', 'barcode-5']);
  });

  it('ignores a cached row of an older shape', async () => {
    await database.meta.put({ userId: USER, key: 'passRevocations', value: ['barcode-1'] });
    expect(await cachedRevocations(database, USER)).toBeNull();
  });
});

describe('loadBadgeTrust', () => {
  it('combines keys and revocations, and works offline from the cache until logout deletes it', async () => {
    const online = { keys: async () => KEYS, revocations: async () => REVOKED };
    const fresh = await loadBadgeTrust(database, USER, online);
    expect(fresh?.keys).toEqual({ k1: 'AAAA' });
    expect([...(fresh?.revoked ?? [])]).toEqual(REVOKED.revoked);

    const cached = await loadBadgeTrust(database, USER, { keys: offline, revocations: offline });
    expect(cached?.revoked?.has('barcode-2')).toBe(true);
    expect(cached?.revocationsFetchedAt).toBe(fresh?.revocationsFetchedAt);

    await deleteUserData(database, USER);
    expect(await loadBadgeTrust(database, USER, { keys: offline, revocations: offline })).toBeNull();
  });

  it('has keys without a revocation list when only the keys could be fetched', async () => {
    const trust = await loadBadgeTrust(database, USER, { keys: async () => KEYS, revocations: offline });
    expect(trust?.revoked).toBeNull();
  });
});
