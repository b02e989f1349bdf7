import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { type AppDatabase, deleteUserData, openAppDatabase } from '../../lib/db.ts';
import { testBadge } from '../../testing/contacts.ts';
import { loadOwnBadgeId } from './own-badge.ts';

const USER = 'vendor-user';
const offline = () => Promise.reject(new TypeError('Failed to fetch'));
let database: AppDatabase;
let count = 0;
beforeEach(() => {
  database = openAppDatabase(`own-badge-test-${++count}`);
});
afterEach(async () => {
  await database.delete();
});

describe('loadOwnBadgeId', () => {
  it('reads the badge id from the fresh token, keeps it for offline, and forgets it on logout', async () => {
    expect(await loadOwnBadgeId(database, USER, async () => testBadge({ pid: 'my-badge' }))).toBe('my-badge');
    expect(await loadOwnBadgeId(database, USER, offline)).toBe('my-badge');
    expect(await loadOwnBadgeId(database, 'someone-else', offline)).toBeNull();
    await deleteUserData(database, USER);
    expect(await loadOwnBadgeId(database, USER, offline)).toBeNull();
  });

  it('has none without an approved pass (404), also offline afterwards', async () => {
    await loadOwnBadgeId(database, USER, async () => testBadge({ pid: 'my-badge' }));
    const noPass = () => Promise.reject(new ApiError(404, null));
    expect(await loadOwnBadgeId(database, USER, noPass)).toBeNull();
    expect(await loadOwnBadgeId(database, USER, offline)).toBeNull();
  });
});
