import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppDatabase, deleteUserData, openAppDatabase } from '../../lib/db.ts';
import { cachedServerLeads, storeServerLeads } from './server-leads-cache.ts';
import { serverLead } from './testing.ts';

const USER = 'vendor-user';
let database: AppDatabase;
let count = 0;
beforeEach(() => {
  database = openAppDatabase(`server-leads-test-${++count}`);
});
afterEach(async () => {
  await database.delete();
});

describe('the stored server lists', () => {
  it('keeps the active and passive lists apart per user until logout', async () => {
    const lead = serverLead('p-ada', 'Ada', 'Lovelace', '2026-03-25T10:00:00.000Z');
    await storeServerLeads(database, USER, true, [lead]);
    expect(await cachedServerLeads(database, USER, true)).toEqual([lead]);
    expect(await cachedServerLeads(database, USER, false)).toBeNull();
    expect(await cachedServerLeads(database, 'someone-else', true)).toBeNull();
    await deleteUserData(database, USER);
    expect(await cachedServerLeads(database, USER, true)).toBeNull();
  });

  it('ignores a stored list that no longer fits the contract', async () => {
    await database.meta.put({ userId: USER, key: 'leadsActive', value: [{ id: 'x' }] });
    expect(await cachedServerLeads(database, USER, true)).toBeNull();
  });
});
