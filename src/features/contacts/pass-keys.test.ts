import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppDatabase, openAppDatabase } from '../../lib/db.ts';
import { cachedPassKeys, loadPassKeys } from './pass-keys.ts';

const USER = 'user-scanner';
const KEYS = { keys: [{ kid: 'k1', publicKey: 'AAAA' }] };
let database: AppDatabase;
let count = 0;

beforeEach(() => {
  database = openAppDatabase(`pass-keys-test-${++count}`);
});
afterEach(async () => {
  await database.delete();
});

describe('loadPassKeys', () => {
  it('stores fetched keys and falls back to them offline', async () => {
    expect(await loadPassKeys(database, USER, async () => KEYS)).toEqual(KEYS);
    const offline = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await loadPassKeys(database, USER, offline)).toEqual(KEYS);
    expect(await cachedPassKeys(database, 'another-user')).toBeNull();
  });

  it('is null with neither the network nor a cache, and ignores an unreadable cache', async () => {
    const offline = () => Promise.reject(new Error('offline'));
    expect(await loadPassKeys(database, USER, offline)).toBeNull();
    await database.meta.put({ userId: USER, key: 'passKeys', value: { keys: 'nope' } });
    expect(await loadPassKeys(database, USER, offline)).toBeNull();
  });
});
