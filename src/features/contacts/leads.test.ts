import 'fake-indexeddb/auto';
import { generateKeyPairSync, sign } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type AppDatabase, deleteUserData, type LeadRow, type OutboxRow, openAppDatabase } from '../../lib/db.ts';
import type { Lead } from '../../shared/contracts/leads.ts';
import { bytesToBase64url, encodePayload, type PassPayload } from '../../shared/pass-token.ts';
import { checkBadge } from '../../lib/badges/verify.ts';
import { leadSyncStates, mergeLeads, saveScan, sortLeads, splitName } from './leads.ts';

const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const rawPublic = publicKey.export({ format: 'jwk' }).x as string;
const TRUST = { keys: { k1: rawPublic }, revoked: null };
const DURING = Date.parse('2026-03-25T10:00:00Z');

function badge(overrides: Partial<PassPayload> = {}, key = privateKey): string {
  const encoded = encodePayload({
    v: 1,
    kid: 'k1',
    pid: 'badge-ada',
    n: 'Ada Lovelace',
    c: 'Analytical Engines Ltd',
    t: 'Standard Pass',
    vf: Date.parse('2026-03-23T00:00:00Z') / 1000,
    vt: Date.parse('2026-03-27T00:00:00Z') / 1000,
    ...overrides,
  });
  return `${encoded}.${bytesToBase64url(sign(null, Buffer.from(encoded), key))}`;
}

describe('saveScan', () => {
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
    const verdict = await checkBadge(token, TRUST, DURING);
    if (!verdict.ok) throw new Error('expected a valid badge');
    return saveScan(database, ADA, verdict.person, token, now);
  }

  it('writes the lead and one pending op carrying the token', async () => {
    const token = badge();
    const { row, op, isNew } = await scan(token, DURING);
    expect(isNew).toBe(true);
    expect(await database.leads.get([ADA, 'badge-ada'])).toEqual(row);
    expect(row).toMatchObject({ name: 'Ada Lovelace', company: 'Analytical Engines Ltd', status: 'pending', token });
    expect(row.createdAt).toBe(op.createdAt);
    expect(await database.outbox.toArray()).toEqual([op]);
    expect(op).toMatchObject({ kind: 'lead', userId: ADA, status: 'pending', payload: { token } });
  });

  it('updates the same person on a second scan and queues a second op, keeping notes', async () => {
    const first = await scan(badge(), DURING);
    await database.leads.update([ADA, 'badge-ada'], { notes: 'Wants a demo' });
    const second = await scan(badge({ n: 'Ada King' }), DURING + 60_000);
    expect(second.isNew).toBe(false);
    const rows = await database.leads.toArray();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ada King', notes: 'Wants a demo', createdAt: first.row.createdAt });
    expect(rows[0]?.changedAt).toBe(second.op.createdAt);
    expect(await database.outbox.count()).toBe(2);
  });

  it('is deleted with the user on sign-out', async () => {
    await scan(badge(), DURING);
    await database.leads.put({ ...(await database.leads.toArray())[0], userId: 'someone-else' } as LeadRow);
    await deleteUserData(database, ADA);
    expect((await database.leads.toArray()).map((row) => row.userId)).toEqual(['someone-else']);
    expect(await database.outbox.count()).toBe(0);
  });
});

function localRow(personKey: string, name: string, company: string, createdAt: string): LeadRow {
  return {
    userId: 'u',
    personKey,
    token: badge({ pid: personKey, n: name, c: company }),
    name,
    company,
    passType: 'Standard Pass',
    createdAt,
    changedAt: createdAt,
    notes: '',
    rating: null,
    tags: [],
    answers: [],
    status: 'pending',
    reason: null,
  };
}

function serverLead(id: string, firstName: string, lastName: string, company: string, createdAt: string): Lead {
  return {
    id,
    createdAt,
    changedAt: createdAt,
    scanCount: 1,
    passiveUser: { uuid: '00000000-0000-4000-8000-000000000001', firstName, lastName, company, image: null },
  };
}

function op(row: LeadRow, status: OutboxRow['status'], createdAt: string, lastError: string | null = null): OutboxRow {
  return { id: createdAt, userId: 'u', kind: 'lead', payload: { token: row.token }, createdAt, status, attempts: 0, lastError };
}

describe('leadSyncStates and mergeLeads', () => {
  const ada = localRow('p-ada', 'Ada Lovelace', 'Engines', '2026-03-25T10:00:00.000Z');
  const bob = localRow('p-bob', 'Bob Babbage', 'Mills', '2026-03-25T09:00:00.000Z');
  const cy = localRow('p-cy', 'Cy Young', 'Ball', '2026-03-25T08:00:00.000Z');

  it('takes the newest op per person', () => {
    const states = leadSyncStates([
      op(ada, 'rejected', '2026-03-25T10:00:00.000Z', 'revoked badge'),
      op(ada, 'pending', '2026-03-25T10:05:00.000Z'),
      op(bob, 'rejected', '2026-03-25T09:00:00.000Z', 'revoked badge'),
    ]);
    expect(states.get('p-ada')).toEqual({ status: 'pending', reason: null });
    expect(states.get('p-bob')).toEqual({ status: 'rejected', reason: 'revoked badge' });
  });

  it('shows unsent local leads over the server line, and sent ones only while the server lacks them', () => {
    const states = leadSyncStates([op(ada, 'pending', '2026-03-25T10:00:00.000Z')]);
    const server = [
      serverLead('s-ada', 'Ada', 'Lovelace', 'Engines', '2026-03-24T10:00:00.000Z'),
      serverLead('s-bob', 'Bob', 'Babbage', 'Mills', '2026-03-25T09:00:01.000Z'),
      serverLead('s-dan', 'Dan', 'Other', 'Elsewhere', '2026-03-20T09:00:00.000Z'),
    ];
    const items = mergeLeads([ada, bob, cy], states, server);
    expect(items.map((item) => [item.key, item.status])).toEqual([
      ['local:p-ada', 'pending'],
      ['server:s-bob', 'synced'],
      ['server:s-dan', 'synced'],
      ['local:p-cy', 'synced'],
    ]);
    expect(items[0]).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
  });
});

describe('sortLeads and splitName', () => {
  const items = [
    { firstName: 'Ada', lastName: 'lovelace', company: 'Zeta', createdAt: '2026-03-25T10:00:00.000Z' },
    { firstName: 'Bob', lastName: 'Babbage', company: 'alpha', createdAt: '2026-03-25T11:00:00.000Z' },
    { firstName: 'Al', lastName: 'Babbage', company: 'Mid', createdAt: '2026-03-25T09:00:00.000Z' },
  ];
  const names = (list: typeof items) => list.map((item) => item.firstName);

  it('sorts by last name (then first name), company and time, both ways', () => {
    expect(names(sortLeads(items, 'lastName', 'asc'))).toEqual(['Al', 'Bob', 'Ada']);
    expect(names(sortLeads(items, 'lastName', 'desc'))).toEqual(['Ada', 'Al', 'Bob']);
    expect(names(sortLeads(items, 'company', 'asc'))).toEqual(['Bob', 'Al', 'Ada']);
    expect(names(sortLeads(items, 'createdAt', 'asc'))).toEqual(['Al', 'Ada', 'Bob']);
    expect(names(sortLeads(items, 'createdAt', 'desc'))).toEqual(['Bob', 'Ada', 'Al']);
  });

  it('splits the badge name at the last word', () => {
    expect(splitName('  Ada  M. Lovelace ')).toEqual({ firstName: 'Ada M.', lastName: 'Lovelace' });
    expect(splitName('Cher')).toEqual({ firstName: '', lastName: 'Cher' });
  });
});
