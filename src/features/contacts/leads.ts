import { Dexie } from 'dexie';
import type { BadgePerson } from '../../lib/badges/verify.ts';
import type { AppDatabase, LeadRow, OutboxRow } from '../../lib/db.ts';
import { rethrowQuotaError } from '../../lib/storage.ts';
import { decodePassToken } from '../../shared/pass-token.ts';
import { addToOutbox, createOutboxRow, outboxChanged } from '../../sync/outbox.ts';
import { isEmptyEdit, type LeadEdit, type LeadFields } from './lead-fields.ts';

/*
 * The lead scanner's writes on the device (docs/behaviour.md §6, docs/architecture.md §5): a scan or an edit writes the
 * lead row and its outbox op in one transaction, so the list never shows a change that will not be
 * uploaded. ./lead-list.ts merges these rows with the server's list.
 */

/** A person's first lead row on this device: no notes, rating, tags or answers yet, pending. */
export function newLeadRow(
  userId: string,
  person: Pick<LeadRow, 'personKey' | 'token' | 'name' | 'company' | 'passType'>,
  createdAt: string,
): LeadRow {
  const { personKey, token, name, company, passType } = person;
  return {
    userId,
    personKey,
    token,
    name,
    company,
    passType,
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

/**
 * Records a scan: a new lead, or (the same person scanned again) the existing one with the new
 * token and time, plus one outbox op carrying the token, in ONE transaction. Then wakes the engine.
 */
export async function saveScan(
  database: AppDatabase,
  userId: string,
  person: BadgePerson,
  token: string,
  now: number = Date.now(),
): Promise<{ row: LeadRow; op: OutboxRow; isNew: boolean }> {
  const code = token.trim();
  const op = createOutboxRow('lead', { token: code }, userId, now);
  let result: { row: LeadRow; isNew: boolean } | undefined;
  try {
    await database.transaction('rw', database.leads, database.outbox, async () => {
      const existing = await database.leads.get([userId, person.personKey]);
      const row: LeadRow = existing
        ? { ...existing, token: code, name: person.name, company: person.company, passType: person.passType }
        : newLeadRow(userId, { ...person, token: code }, op.createdAt);
      row.changedAt = op.createdAt;
      row.status = 'pending';
      row.reason = null;
      await database.leads.put(row);
      await addToOutbox(op, database);
      result = { row, isNew: existing === undefined };
    });
  } catch (error) {
    rethrowQuotaError(error);
  }
  outboxChanged();
  if (!result) throw new Error('The lead was not saved.');
  return { ...result, op };
}

/**
 * A lead as the editor opened it: the device's row or the server's lead (which may have no device
 * row yet). `token` is the badge this device scanned, or null for a lead it only has from the
 * server's list: the op then names the person by the lead's badge id (`personKey`).
 */
export type EditableLead = LeadFields &
  Pick<LeadRow, 'personKey' | 'name' | 'company' | 'passType' | 'createdAt'> & { token: string | null };

/** How an edit op names the person: the scanned badge's token, else the lead's badge id. */
const personOf = (lead: EditableLead) => (lead.token ? { token: lead.token } : { badgeId: lead.personKey });

/**
 * Saves an edit: the device row (created from the server's lead when this device never scanned the
 * person) gets the opened fields with the changes, and one outbox op carries the changed fields,
 * in ONE transaction. Nothing is written when nothing changed (null).
 */
export async function saveLeadEdit(
  database: AppDatabase,
  userId: string,
  lead: EditableLead,
  edit: LeadEdit,
  now: number = Date.now(),
): Promise<{ row: LeadRow; op: OutboxRow } | null> {
  if (isEmptyEdit(edit)) return null;
  const op = createOutboxRow('lead', { ...personOf(lead), ...edit }, userId, now);
  let row: LeadRow | undefined;
  try {
    await database.transaction('rw', database.leads, database.outbox, async () => {
      const existing = await database.leads.get([userId, lead.personKey]);
      const base: LeadRow = existing ?? {
        ...newLeadRow(userId, { ...lead, token: lead.token ?? '' }, lead.createdAt),
        changedAt: op.createdAt,
      };
      row = {
        ...base,
        notes: lead.notes,
        rating: lead.rating,
        tags: lead.tags,
        answers: lead.answers,
        ...edit,
        changedAt: op.createdAt,
        status: 'pending',
        reason: null,
      };
      await database.leads.put(row);
      await addToOutbox(op, database);
    });
  } catch (error) {
    rethrowQuotaError(error);
  }
  outboxChanged();
  if (!row) throw new Error('The lead was not saved.');
  return { row, op };
}

/** Tokens already read: the lists derive sync states from every queued op on each change. */
const personKeys = new Map<string, string | null>();
const PERSON_KEYS_MAX = 10_000;

/** The badge id (`pid`) a lead op is about, or null for a token that cannot be read. */
export function personKeyOf(token: unknown): string | null {
  if (typeof token !== 'string') return null;
  const known = personKeys.get(token);
  if (known !== undefined) return known;
  let key: string | null;
  try {
    key = decodePassToken(token).payload.pid;
  } catch {
    key = null;
  }
  if (personKeys.size >= PERSON_KEYS_MAX) personKeys.clear();
  personKeys.set(token, key);
  return key;
}

export interface LeadSyncState {
  status: 'pending' | 'rejected';
  reason: string | null;
  /** An edit made on this device is among the ops not on the server: its fields are the newest. */
  editQueued: boolean;
}

const EDIT_FIELDS = ['notes', 'rating', 'tags', 'answers'] as const;

/** Per person, the state of their newest lead op still in the outbox (sent ops leave it). */
export function leadSyncStates(ops: readonly OutboxRow[]): Map<string, LeadSyncState> {
  const states = new Map<string, LeadSyncState>();
  const ordered = [...ops].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const op of ordered) {
    if (op.kind !== 'lead' || typeof op.payload !== 'object' || op.payload === null) continue;
    const payload = op.payload as Record<string, unknown>;
    // An edit of a lead this device only has from the server's list names its badge id.
    const key = typeof payload.badgeId === 'string' ? payload.badgeId : personKeyOf(payload.token);
    if (!key) continue;
    const isEdit = EDIT_FIELDS.some((field) => payload[field] !== undefined);
    states.set(key, { status: op.status, reason: op.lastError, editQueued: isEdit || (states.get(key)?.editQueued ?? false) });
  }
  return states;
}

/** How many of the newest lead ops the recent list reads: a recent lead's newest op is among them. */
const RECENT_OPS = 50;

/**
 * The user's `limit` most recently changed leads and what their sync markers need, read through
 * indexes so a scan costs the same with 10 or 5,000 leads on the device. Every scan and edit sets
 * the row's changedAt to its op's time, so the newest rows' newest ops are among the newest ops;
 * refused ops stay until dismissed and may be older, so they are read too (there are few).
 */
export async function recentLeads(
  database: AppDatabase,
  userId: string,
  limit: number,
): Promise<{ rows: LeadRow[]; states: Map<string, LeadSyncState> }> {
  const [rows, newestOps, refused] = await Promise.all([
    database.leads
      .where('[userId+changedAt]')
      .between([userId, Dexie.minKey], [userId, Dexie.maxKey])
      .reverse()
      .limit(limit)
      .toArray(),
    database.outbox
      .where('[userId+kind+createdAt]')
      .between([userId, 'lead', Dexie.minKey], [userId, 'lead', Dexie.maxKey])
      .reverse()
      .limit(RECENT_OPS)
      .toArray(),
    database.outbox
      .where('[userId+status]')
      .equals([userId, 'rejected'])
      .filter((op) => op.kind === 'lead')
      .toArray(),
  ]);
  const ops = new Map([...refused, ...newestOps].map((op) => [op.id, op]));
  return { rows, states: leadSyncStates([...ops.values()]) };
}
