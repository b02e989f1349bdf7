import type { LeadRow } from '../../lib/db.ts';
import type { Lead } from '../../shared/contracts/leads.ts';
import { type LeadFields, orderedAnswers } from './lead-fields.ts';
import type { EditableLead, LeadSyncState } from './leads.ts';

/*
 * The active leads list: the device's rows and the server's leads, matched exactly by badge (a
 * device row's personKey is the scanned badge's `pid`, a server lead's badgeId is the barcode
 * scanned last). A server lead this device lacks is listed and editable all the same: its edits
 * name it by its badge id, and the first edit creates the device row (saveLeadEdit).
 */

/** One line of the leads list; `token` is null for a lead this device never scanned (edits name its badge). */
export interface LeadItem extends LeadFields {
  key: string;
  personKey: string;
  token: string | null;
  name: string;
  firstName: string;
  lastName: string;
  company: string;
  passType: string;
  createdAt: string;
  status: 'pending' | 'rejected' | 'synced';
  reason: string | null;
}

/** "Ada M. Lovelace" → first "Ada M.", last "Lovelace" (the badge carries one full name). */
export function splitName(name: string): { firstName: string; lastName: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const lastName = parts.pop() ?? '';
  return { firstName: parts.join(' '), lastName };
}

const rowFields = (row: LeadRow): LeadFields => ({
  notes: row.notes,
  rating: row.rating ?? 0,
  tags: row.tags,
  answers: orderedAnswers(row.answers),
});

const serverFields = (lead: Lead): LeadFields => ({
  notes: lead.notes ?? '',
  rating: lead.rating ?? 0,
  tags: lead.tags ?? [],
  answers: orderedAnswers(lead.answers ?? []),
});

function fromServer(lead: Lead & { passiveUser: NonNullable<Lead['passiveUser']> }): LeadItem {
  const { firstName, lastName, company } = lead.passiveUser;
  return {
    key: lead.badgeId ?? `server:${lead.id}`,
    personKey: lead.badgeId ?? `server:${lead.id}`,
    token: null,
    name: `${firstName} ${lastName}`.trim(),
    firstName,
    lastName,
    company,
    passType: lead.passType ?? '',
    createdAt: lead.createdAt,
    ...serverFields(lead),
    status: 'synced',
    reason: null,
  };
}

function fromRow(row: LeadRow, state: LeadSyncState | undefined): LeadItem {
  return {
    key: row.personKey,
    personKey: row.personKey,
    token: row.token || null,
    name: row.name,
    ...splitName(row.name),
    company: row.company,
    passType: row.passType,
    createdAt: row.createdAt,
    ...rowFields(row),
    status: state?.status ?? 'synced',
    reason: state?.reason ?? null,
  };
}

export interface ServerLeads {
  leads: readonly Lead[];
  /**
   * Fetched after every op the outbox has sent so far, so it holds everything this device
   * uploaded: a device row it lacks belongs to a lead listed under a newer badge (or one gone).
   */
  fresh: boolean;
}

/**
 * One item per person. Whose fields show:
 * - an edit of this device not yet on the server (pending, or refused): the device's, with the marker;
 * - otherwise the server's, which include other devices' edits (a pending re-scan changes no field);
 *   while the server list may predate this device's last upload, the newer of the two.
 * A device row the server lacks shows while it is unsent or the server list is not fresh.
 */
export function mergeLeads(
  local: readonly LeadRow[],
  states: ReadonlyMap<string, LeadSyncState>,
  server: ServerLeads | null,
): LeadItem[] {
  const byBadge = new Map<string, Lead & { passiveUser: NonNullable<Lead['passiveUser']> }>();
  for (const lead of server?.leads ?? []) {
    if (lead.passiveUser) byBadge.set(lead.badgeId ?? `server:${lead.id}`, { ...lead, passiveUser: lead.passiveUser });
  }
  const items: LeadItem[] = [];
  const matched = new Set<string>();
  for (const row of local) {
    const state = states.get(row.personKey);
    const lead = byBadge.get(row.personKey);
    if (lead) matched.add(row.personKey);
    else if (!state && server?.fresh) continue;
    const own = fromRow(row, state);
    if (!lead || state?.editQueued) {
      items.push(own);
      continue;
    }
    const theirs = fromServer(lead);
    const deviceNewer = !server?.fresh && !state && row.changedAt > lead.changedAt;
    items.push({
      ...theirs,
      // The badge this device scanned, when it did (its edits then carry it).
      token: own.token,
      ...(deviceNewer ? rowFields(row) : {}),
      status: own.status,
      reason: own.reason,
    });
  }
  for (const [badgeId, lead] of byBadge) if (!matched.has(badgeId)) items.push(fromServer(lead));
  return items;
}

/** A server lead listed without a badge id: nothing names it in an edit. */
const isUnnamed = (personKey: string) => personKey.startsWith('server:');

/** What the editor opens with; null for a lead an edit could not name (neither a token nor a badge id). */
export function editableLead(item: LeadItem): EditableLead | null {
  if (!item.token && isUnnamed(item.personKey)) return null;
  const { personKey, token, name, company, passType, createdAt, notes, rating, tags, answers } = item;
  return { personKey, token, name, company, passType, createdAt, notes, rating, tags, answers };
}

export type LeadSortKey = 'lastName' | 'company' | 'createdAt';
export type SortDirection = 'asc' | 'desc';

/** docs/behaviour.md §9 sorting; ties fall back to last name, then first name, so the order is stable. */
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
