import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppDatabase, deleteUserData, openAppDatabase } from '../db.ts';
import { cachedPassKeys, cachedRevocations, loadBadgeTrust, loadPassKeys, loadRevocations } from './trust.ts';

const USER = 'user-scanner';
const KEYS = { keys: [{ kid: 'k1', publicKey: 'AAAA' }] };
const REVOKED = { revoked: ['barcode-1', 'barcode-2'], updatedAt: '2026-03-20T10:00:00.000Z' };
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
  it('stores the list with the time it was fetched, replaces it on the next fetch, falls back offline', async () => {
    const at = new Date('2026-03-25T08:00:00Z');
    expect(await loadRevocations(database, USER, async () => REVOKED, at)).toEqual({
      ...REVOKED,
      fetchedAt: at.toISOString(),
    });
    const later = { revoked: ['barcode-3'], updatedAt: '2026-03-25T09:00:00.000Z' };
    await loadRevocations(database, USER, async () => later, new Date('2026-03-25T09:30:00Z'));
    expect((await loadRevocations(database, USER, offline))?.revoked).toEqual(['barcode-3']);
    expect(await cachedRevocations(database, 'another-user')).toBeNull();
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
