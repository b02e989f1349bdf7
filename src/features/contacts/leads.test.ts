import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkBadge } from '../../lib/badges/verify.ts';
import { type AppDatabase, deleteUserData, type LeadRow, type OutboxRow, openAppDatabase } from '../../lib/db.ts';
import { type EditableLead, leadSyncStates, saveLeadEdit, saveScan } from './leads.ts';
import { DURING, localRow, TEST_TRUST, testBadge } from './testing.ts';

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

  it("creates the device row of a lead only the server had, sending the server's token", async () => {
    const token = testBadge({ pid: 'badge-bob', n: 'Bob Babbage', t: 'Business Pass' });
    const lead: EditableLead = {
      personKey: 'badge-bob',
      token,
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
    expect(saved?.op.payload).toEqual({ token, tags: ['cloud', 'storage'] });
    expect(await database.leads.get([ADA, 'badge-bob'])).toMatchObject({
      token,
      name: 'Bob Babbage',
      notes: 'met on day one',
      rating: 2,
      tags: ['cloud', 'storage'],
      createdAt: '2026-03-24T09:00:00.000Z',
    });
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
