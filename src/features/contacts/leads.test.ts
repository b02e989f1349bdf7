import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkBadge } from '../../lib/badges/verify.ts';
import { type AppDatabase, deleteUserData, type LeadRow, type OutboxRow, openAppDatabase } from '../../lib/db.ts';
import { leadOpSchema } from '../../shared/contracts/leads.ts';
import { DURING, localRow, TEST_TRUST, testBadge } from '../../testing/contacts.ts';
import { type EditableLead, leadSyncStates, recentLeads, saveLeadEdit, saveScan } from './leads.ts';

const ADA = 'user-scanner';
let database: AppDatabase;
let count = 0;
beforeEach(() => {
  database = openAppDatabase(`leads-test-${++count}`);
});
afterEach(async () => {
  await database.delete();
});

async function scan(token: string, now: number) {
  const verdict = await checkBadge(token, TEST_TRUST, DURING);
  if (!verdict.ok) throw new Error('expected a valid badge');
  return saveScan(database, ADA, verdict.person, token, now);
}

describe('saveScan', () => {
  it('writes the lead and one pending op carrying the token', async () => {
    const token = testBadge();
    const { row, op, isNew } = await scan(token, DURING);
    expect(isNew).toBe(true);
    expect(await database.leads.get([ADA, 'badge-ada'])).toEqual(row);
    expect(row).toMatchObject({ name: 'Ada Lovelace', company: 'Analytical Engines Ltd', status: 'pending', token });
    expect(row.createdAt).toBe(op.createdAt);
    expect(await database.outbox.toArray()).toEqual([op]);
    expect(op).toMatchObject({ kind: 'lead', userId: ADA, status: 'pending', payload: { token } });
  });

  it('updates the same person on a second scan and queues a second op, keeping notes', async () => {
    const first = await scan(testBadge(), DURING);
    await database.leads.update([ADA, 'badge-ada'], { notes: 'Wants a demo' });
    const second = await scan(testBadge({ n: 'Ada King' }), DURING + 60_000);
    expect(second.isNew).toBe(false);
    const rows = await database.leads.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ada King', notes: 'Wants a demo', createdAt: first.row.createdAt });
    expect(rows[0]?.changedAt).toBe(second.op.createdAt);
    expect(await database.outbox.count()).toBe(2);
  });

  it('is deleted with the user on sign-out', async () => {
    await scan(testBadge(), DURING);
    await database.leads.put({ ...(await database.leads.toArray())[0], userId: 'someone-else' } as LeadRow);
    await deleteUserData(database, ADA);
    expect((await database.leads.toArray()).map((row) => row.userId)).toEqual(['someone-else']);
    expect(await database.outbox.count()).toBe(0);
  });
});

describe('saveLeadEdit', () => {
  const opened = (row: LeadRow): EditableLead => ({
    personKey: row.personKey,
    token: row.token,
    name: row.name,
    company: row.company,
    passType: row.passType,
    createdAt: row.createdAt,
    notes: row.notes,
    rating: row.rating ?? 0,
    tags: row.tags,
    answers: row.answers,
  });

  it('writes the row with the opened fields plus the changes, and one op with only the changes', async () => {
    const { row } = await scan(testBadge(), DURING);
    await database.outbox.clear();
    const lead = { ...opened(row), notes: 'from the server', tags: ['hot'] };
    const edit = { rating: 4, answers: [{ question: 'Decision maker?', answer: 'Yes' }] };
    const saved = await saveLeadEdit(database, ADA, lead, edit, DURING + 60_000);
    expect(saved?.op.payload).toEqual({ token: row.token, ...edit });
    expect(await database.outbox.toArray()).toEqual([saved?.op]);
    expect(await database.leads.get([ADA, 'badge-ada'])).toMatchObject({
      notes: 'from the server',
      tags: ['hot'],
      rating: 4,
      answers: edit.answers,
      createdAt: row.createdAt,
      changedAt: saved?.op.createdAt,
      status: 'pending',
    });
  });

  it('creates the device row of a lead only the server had, naming it by its badge id', async () => {
    const badgeId = '7c1f3b9e-2a4d-4e8f-9b1a-3d5c7e9f1a2b';
    const lead: EditableLead = {
      personKey: badgeId,
      token: null,
      name: 'Bob Babbage',
      company: 'Mills',
      passType: 'Business Pass',
      createdAt: '2026-03-24T09:00:00.000Z',
      notes: 'met on day one',
      rating: 2,
      tags: [],
      answers: [],
    };
    const saved = await saveLeadEdit(database, ADA, lead, { tags: ['cloud', 'storage'] }, DURING);
    expect(saved?.op.payload).toEqual({ badgeId, tags: ['cloud', 'storage'] });
    // The op is one the contract accepts (the outbox checks it again before sending).
    expect(
      leadOpSchema.safeParse({ ...(saved?.op.payload as object), id: saved?.op.id, createdAt: saved?.op.createdAt }).success,
    ).toBe(true);
    expect(await database.leads.get([ADA, badgeId])).toMatchObject({
      token: '',
      name: 'Bob Babbage',
      notes: 'met on day one',
      rating: 2,
      tags: ['cloud', 'storage'],
      createdAt: '2026-03-24T09:00:00.000Z',
    });
    // Its sync state is found by the badge id, as the list keys the lead.
    expect(leadSyncStates(saved ? [saved.op] : []).get(badgeId)).toEqual({ status: 'pending', reason: null, editQueued: true });
  });

  it('writes nothing when nothing changed, and nothing at all when the op cannot be added', async () => {
    const { row } = await scan(testBadge(), DURING);
    expect(await saveLeadEdit(database, ADA, opened(row), {}, DURING)).toBeNull();
    expect(await database.outbox.count()).toBe(1);

    database.outbox.hook('creating', () => {
      throw new Error('disk gone');
    });
    await expect(saveLeadEdit(database, ADA, opened(row), { notes: 'lost?' }, DURING)).rejects.toThrow('disk gone');
    expect((await database.leads.get([ADA, 'badge-ada']))?.notes).toBe('');
  });
});

function op(
  row: LeadRow,
  status: OutboxRow['status'],
  createdAt: string,
  extra: object = {},
  lastError: string | null = null,
): OutboxRow {
  return {
    id: createdAt,
    userId: 'u',
    kind: 'lead',
    payload: { token: row.token, ...extra },
    createdAt,
    status,
    attempts: 0,
    lastError,
  };
}

describe('leadSyncStates', () => {
  const ada = localRow('p-ada', 'Ada Lovelace', 'Engines', '2026-03-25T10:00:00.000Z');
  const bob = localRow('p-bob', 'Bob Babbage', 'Mills', '2026-03-25T09:00:00.000Z');

  it('takes the newest op per person and notes an unsent edit among them', () => {
    const states = leadSyncStates([
      op(ada, 'rejected', '2026-03-25T10:00:00.000Z', {}, 'revoked badge'),
      op(ada, 'pending', '2026-03-25T10:06:00.000Z'),
      op(ada, 'pending', '2026-03-25T10:05:00.000Z', { notes: 'x' }),
      op(bob, 'rejected', '2026-03-25T09:00:00.000Z', {}, 'revoked badge'),
    ]);
    expect(states.get('p-ada')).toEqual({ status: 'pending', reason: null, editQueued: true });
    expect(states.get('p-bob')).toEqual({ status: 'rejected', reason: 'revoked badge', editQueued: false });
  });
});

describe('recentLeads', () => {
  it('reads the newest leads of this user with their markers, an old refused op included', async () => {
    const people = Array.from({ length: 12 }, (_, i) => ({ pid: `badge-${i}`, n: `Person ${i}` }));
    const ops: OutboxRow[] = [];
    for (const [i, person] of people.entries()) ops.push((await scan(testBadge(person), DURING + i * 1000)).op);
    // The oldest scan was refused by the server; the third newest was uploaded (its op is gone).
    await database.outbox.update(ops[0]?.id ?? '', { status: 'rejected', lastError: 'This badge has been revoked.' });
    await database.outbox.delete(ops[9]?.id ?? '');
    // Another user's newer lead on the same device is not theirs.
    await database.leads.put({
      ...localRow('badge-other', 'Other Person', 'Elsewhere', '2026-03-26T00:00:00.000Z'),
      userId: 'someone',
    });

    const { rows, states } = await recentLeads(database, ADA, 8);
    expect(rows.map((row) => row.personKey)).toEqual(['11', '10', '9', '8', '7', '6', '5', '4'].map((n) => `badge-${n}`));
    expect(states.get('badge-11')).toMatchObject({ status: 'pending' });
    expect(states.has('badge-9')).toBe(false);
    expect(states.get('badge-0')).toMatchObject({ status: 'rejected', reason: 'This badge has been revoked.' });
  });

  it('puts a person scanned again at the top', async () => {
    await scan(testBadge({ pid: 'badge-a', n: 'Anna A' }), DURING);
    await scan(testBadge({ pid: 'badge-b', n: 'Bert B' }), DURING + 1000);
    await scan(testBadge({ pid: 'badge-a', n: 'Anna A' }), DURING + 2000);
    expect((await recentLeads(database, ADA, 8)).rows.map((row) => row.personKey)).toEqual(['badge-a', 'badge-b']);
  });
});

describe('device database version 4', () => {
  it('indexes the leads and ops a version 3 device already holds', async () => {
    const name = `leads-upgrade-test-${++count}`;
    const old = new Dexie(name);
    old.version(1).stores({
      outbox: 'id, [userId+status], [userId+kind], createdAt',
      favourites: '[userId+sessionId], userId',
      meta: '[userId+key], userId',
    });
    old.version(2).stores({ leads: '[userId+personKey], userId' });
    old.version(3).stores({ checkinLists: '[userId+id], userId', checkins: '[userId+id], [userId+listId+barcodeId], userId' });
    const row = { ...localRow('badge-old', 'Olga Old', 'Legacy GmbH', '2026-03-24T09:00:00.000Z'), userId: ADA };
    await old.table('leads').put(row);
    await old.table('outbox').put({
      id: 'op-old',
      userId: ADA,
      kind: 'lead',
      payload: { token: row.token },
      createdAt: row.changedAt,
      status: 'pending',
      attempts: 0,
      lastError: null,
    });
    old.close();

    const upgraded = openAppDatabase(name);
    const { rows, states } = await recentLeads(upgraded, ADA, 8);
    expect(rows).toEqual([row]);
    expect(states.get('badge-old')).toMatchObject({ status: 'pending' });
    await upgraded.delete();
  });
});
