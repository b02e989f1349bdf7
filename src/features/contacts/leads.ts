import type { AppDatabase, LeadRow, OutboxRow } from '../../lib/db.ts';
import { rethrowQuotaError } from '../../lib/storage.ts';
import type { Lead } from '../../shared/contracts/leads.ts';
import type { BadgePerson } from '../../lib/badges/verify.ts';
import { decodePassToken } from '../../shared/pass-token.ts';
import { addToOutbox, createOutboxRow, outboxChanged } from '../../sync/outbox.ts';

/*
 * The lead scanner on the device (SPEC §6, ARCHITECTURE §5): a badge is verified offline against the
 * cached public keys, the lead and its outbox op are written in one transaction, and the list merges
 * the device's rows with the server's.
 */

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
        : {
            userId,
            personKey: person.personKey,
            token: code,
            name: person.name,
            company: person.company,
            passType: person.passType,
            createdAt: op.createdAt,
            changedAt: op.createdAt,
            notes: '',
            rating: null,
            tags: [],
            answers: [],
            status: 'pending',
            reason: null,
          };
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

/** The badge id (`pid`) a lead op is about, or null for a token that cannot be read. */
export function personKeyOf(token: unknown): string | null {
  if (typeof token !== 'string') return null;
  try {
    return decodePassToken(token).payload.pid;
  } catch {
    return null;
  }
}

export interface LeadSyncState {
  status: 'pending' | 'rejected';
  reason: string | null;
}

/** Per person, the state of their newest lead op still in the outbox (sent ops leave it). */
export function leadSyncStates(ops: readonly OutboxRow[]): Map<string, LeadSyncState> {
  const states = new Map<string, LeadSyncState>();
  const ordered = [...ops].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  for (const op of ordered) {
    if (op.kind !== 'lead' || typeof op.payload !== 'object' || op.payload === null) continue;
    const key = personKeyOf((op.payload as { token?: unknown }).token);
    if (key) states.set(key, { status: op.status, reason: op.lastError });
  }
  return states;
}

/** One line of the leads list, from the device or from the server. */
export interface LeadItem {
  key: string;
  firstName: string;
  lastName: string;
  company: string;
  createdAt: string;
  status: 'pending' | 'rejected' | 'synced';
  reason: string | null;
  passType: string | null;
}

/** "Ada M. Lovelace" → first "Ada M.", last "Lovelace" (the badge carries one full name). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const lastName = parts.pop() ?? '';
  return { firstName: parts.join(' '), lastName };
}

function sameName(a: { firstName: string; lastName: string; company: string }, b: typeof a): boolean {
  const norm = (s: string) => s.trim().toLowerCase();
  return norm(a.firstName) === norm(b.firstName) && norm(a.lastName) === norm(b.lastName) && norm(a.company) === norm(b.company);
}

/**
 * The active list: every server lead, plus the device's leads the server does not show yet. A device
 * lead with a pending or rejected op replaces the server's line for the same person (the server's is
 * older); a device lead already sent is shown only while the server list lacks it (offline, or the
 * list was fetched before the upload). Server leads name a user, device leads a badge: they are
 * matched by name and company, which the badge carries.
 */
export function mergeLeads(
  local: readonly LeadRow[],
  states: ReadonlyMap<string, LeadSyncState>,
  server: readonly Lead[],
): LeadItem[] {
  const localItems: LeadItem[] = local.map((row) => {
    const state = states.get(row.personKey);
    return {
      key: `local:${row.personKey}`,
      ...splitName(row.name),
      company: row.company,
      createdAt: row.createdAt,
      status: state?.status ?? 'synced',
      reason: state?.reason ?? null,
      passType: row.passType,
    };
  });
  const serverItems: LeadItem[] = server.flatMap((lead) =>
    lead.passiveUser
      ? [
          {
            key: `server:${lead.id}`,
            firstName: lead.passiveUser.firstName,
            lastName: lead.passiveUser.lastName,
            company: lead.passiveUser.company,
            createdAt: lead.createdAt,
            status: 'synced' as const,
            reason: null,
            passType: null,
          },
        ]
      : [],
  );
  const unsent = localItems.filter((item) => item.status !== 'synced');
  const sent = localItems.filter((item) => item.status === 'synced');
  return [
    ...unsent,
    ...serverItems.filter((item) => !unsent.some((own) => sameName(own, item))),
    ...sent.filter((own) => !serverItems.some((item) => sameName(own, item))),
  ];
}

export type LeadSortKey = 'lastName' | 'company' | 'createdAt';
export type SortDirection = 'asc' | 'desc';

/** SPEC §9 sorting; ties fall back to last name, then first name, so the order is stable. */
export function sortLeads<T extends Pick<LeadItem, LeadSortKey | 'firstName'>>(
  items: readonly T[],
  key: LeadSortKey,
  direction: SortDirection,
): T[] {
  const text = new Intl.Collator('en', { sensitivity: 'base' });
  const sign = direction === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => {
    const primary = key === 'createdAt' ? a.createdAt.localeCompare(b.createdAt) : text.compare(a[key], b[key]);
    if (primary !== 0) return sign * primary;
    return text.compare(a.lastName, b.lastName) || text.compare(a.firstName, b.firstName);
  });
}
