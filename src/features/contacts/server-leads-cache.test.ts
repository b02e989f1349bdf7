import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppDatabase, deleteUserData, openAppDatabase } from '../../lib/db.ts';
import type { Lead, LeadChanges } from '../../shared/contracts/leads.ts';
import { serverLead } from '../../testing/contacts.ts';
import {
  cachedActiveLeads,
  cachedPassiveLeads,
  LEADS_CURSOR_KEY,
  storePassiveLeads,
  syncActiveLeads,
} from './server-leads-cache.ts';

const USER = 'vendor-user';
let database: AppDatabase;
let count = 0;
beforeEach(() => {
  database = openAppDatabase(`server-leads-test-${++count}`);
});
afterEach(async () => {
  await database.delete();
});

const at = (minute: number) => new Date(Date.UTC(2026, 2, 25, 10, minute)).toISOString();
const ada = serverLead('p-ada', 'Ada', 'Lovelace', at(1));
const bob = serverLead('p-bob', 'Bob', 'Babbage', at(2));
const cy = serverLead('p-cy', 'Cy', 'Young', at(3));
const page = (leads: Lead[], cursor: string, extra: Partial<LeadChanges> = {}): LeadChanges => ({
  leads,
  cursor,
  complete: true,
  reset: false,
  ...extra,
});

/** A server answering from a script of pages, recording the cursors it was asked with. */
function server(pages: LeadChanges[]) {
  const asked: (string | undefined)[] = [];
  const fetchPage = async (cursor: string | undefined) => {
    asked.push(cursor);
    const next = pages.shift();
    if (!next) throw new TypeError('Failed to fetch');
    return next;
  };
  return { asked, fetchPage };
}

const names = (leads: Lead[] | null) => leads?.map((lead) => lead.passiveUser?.firstName);

describe('the active list, downloaded as changes', () => {
  it('takes the first download whole, then only changes, newest first; nothing changed writes nothing', async () => {
    expect(await cachedActiveLeads(database, USER)).toBeNull();
    const { asked, fetchPage } = server([
      page([ada], 'c1', { reset: true, complete: false }),
      page([bob], 'c2'),
      page([{ ...ada, notes: 'edited on the tablet' }, cy], 'c3'),
      page([], 'c3'),
    ]);
    expect(await syncActiveLeads(database, USER, fetchPage)).toBe(true);
    expect(names(await cachedActiveLeads(database, USER))).toEqual(['Bob', 'Ada']);
    expect(await syncActiveLeads(database, USER, fetchPage)).toBe(true);
    const leads = await cachedActiveLeads(database, USER);
    expect(names(leads)).toEqual(['Cy', 'Bob', 'Ada']);
    expect(leads?.find((lead) => lead.id === ada.id)?.notes).toBe('edited on the tablet');

    let writes = 0;
    database.serverLeads.hook('creating', () => void writes++);
    database.meta.hook('updating', () => void writes++);
    expect(await syncActiveLeads(database, USER, fetchPage)).toBe(false);
    expect(writes).toBe(0);
    expect(asked).toEqual([undefined, 'c1', 'c2', 'c3']);
  });

  it('replaces the list when a download starts over, only once it is complete', async () => {
    const first = server([page([ada, bob], 'c2', { reset: true })]);
    await syncActiveLeads(database, USER, first.fetchPage);
    // A team mate left: the server starts over; the download breaks off after its first page.
    const broken = server([page([cy], 'v2-c3', { reset: true, complete: false })]);
    await expect(syncActiveLeads(database, USER, broken.fetchPage)).rejects.toThrow(TypeError);
    expect(names(await cachedActiveLeads(database, USER))).toEqual(['Bob', 'Ada']);
    expect((await database.meta.get([USER, LEADS_CURSOR_KEY]))?.value).toBe('c2');

    const again = server([page([cy], 'v2-c3', { reset: true, complete: false }), page([ada], 'v2-c4')]);
    expect(await syncActiveLeads(database, USER, again.fetchPage)).toBe(true);
    expect(again.asked).toEqual(['c2', 'v2-c3']);
    expect(names(await cachedActiveLeads(database, USER))).toEqual(['Cy', 'Ada']);
    expect((await database.meta.get([USER, LEADS_CURSOR_KEY]))?.value).toBe('v2-c4');
  });

  it('runs one download at a time per user: the second starts from the first one’s cursor', async () => {
    const { asked, fetchPage } = server([page([ada], 'c1', { reset: true }), page([], 'c1')]);
    await Promise.all([syncActiveLeads(database, USER, fetchPage), syncActiveLeads(database, USER, fetchPage)]);
    expect(asked).toEqual([undefined, 'c1']);
  });

  it('keeps each user’s list apart until logout, and skips rows that no longer fit the contract', async () => {
    await syncActiveLeads(database, USER, server([page([ada], 'c1', { reset: true })]).fetchPage);
    await syncActiveLeads(database, 'someone-else', server([page([bob], 'c9', { reset: true })]).fetchPage);
    await database.serverLeads.put({ ...cy, userId: USER, scanCount: 'many' } as never);
    expect(names(await cachedActiveLeads(database, USER))).toEqual(['Ada']);
    await deleteUserData(database, USER);
    expect(await cachedActiveLeads(database, USER)).toBeNull();
    expect(names(await cachedActiveLeads(database, 'someone-else'))).toEqual(['Bob']);
  });
});

describe('the passive list', () => {
  it('is stored whole per user until logout; an unreadable copy is ignored', async () => {
    const lead = serverLead('p-ada', 'Ada', 'Lovelace', at(0));
    await storePassiveLeads(database, USER, [lead]);
    expect(await cachedPassiveLeads(database, USER)).toEqual([lead]);
    expect(await cachedPassiveLeads(database, 'someone-else')).toBeNull();
    await deleteUserData(database, USER);
    expect(await cachedPassiveLeads(database, USER)).toBeNull();
    await database.meta.put({ userId: USER, key: 'leadsPassive', value: [{ id: 'x' }] });
    expect(await cachedPassiveLeads(database, USER)).toBeNull();
  });
});

describe('upgrading a device database of version 4', () => {
  it('moves the active list stored as one value into the table; the next download starts over', async () => {
    const name = `server-leads-upgrade-${++count}`;
    const old = new Dexie(name);
    old.version(4).stores({
      outbox: 'id, [userId+status], [userId+kind], createdAt, [userId+kind+createdAt]',
      favourites: '[userId+sessionId], userId',
      meta: '[userId+key], userId',
      leads: '[userId+personKey], userId, [userId+changedAt]',
      checkinLists: '[userId+id], userId',
      checkins: '[userId+id], [userId+listId+barcodeId], userId',
    });
    // As version 4 stored it: the whole list with the tokens the server signed then.
    await old.table('meta').bulkPut([
      { userId: USER, key: 'leadsActive', value: [{ ...ada, token: 'signed.token' }, bob] },
      { userId: USER, key: 'checkinEventsSince:1', value: at(0) },
      { userId: USER, key: 'leadsPassive', value: [cy] },
    ]);
    old.close();

    const upgraded = openAppDatabase(name);
    try {
      expect(names(await cachedActiveLeads(upgraded, USER))).toEqual(['Bob', 'Ada']);
      expect(await cachedPassiveLeads(upgraded, USER)).toEqual([cy]);
      expect(await upgraded.meta.get([USER, 'leadsActive'])).toBeUndefined();
      expect(await upgraded.meta.get([USER, 'checkinEventsSince:1'])).toBeUndefined();
      const { asked, fetchPage } = server([page([cy], 'c1', { reset: true })]);
      await syncActiveLeads(upgraded, USER, fetchPage);
      expect(asked).toEqual([undefined]);
      expect(names(await cachedActiveLeads(upgraded, USER))).toEqual(['Cy']);
    } finally {
      await upgraded.delete();
    }
  });
});
