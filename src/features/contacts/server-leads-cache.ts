import { z } from 'zod/mini';
import { pullChangePages } from '../../lib/change-pages.ts';
import type { AppDatabase } from '../../lib/db.ts';
import { type Lead, type LeadChanges, leadSchema } from '../../shared/contracts/leads.ts';

/*
 * The server's lead lists on the device, per user (deleted with them on logout), so the leads list,
 * its edits and exports keep the leads of other devices and team mates after a reload in a hall
 * without signal.
 * - Active (people I or my team scanned): the serverLeads table, kept up to date as changes
 *   (GET /api/lead/changes): an app start with nothing changed costs one small answer.
 * - Passive (people who scanned me): the last list fetched, one meta value.
 */

const leadListSchema = z.array(leadSchema);
const PASSIVE_KEY = 'leadsPassive';
/** Meta key of the active list's download cursor. */
export const LEADS_CURSOR_KEY = 'leadsCursor';

export async function storePassiveLeads(database: AppDatabase, userId: string, leads: Lead[]): Promise<void> {
  await database.meta.put({ userId, key: PASSIVE_KEY, value: leads });
}

/** The stored passive list, or null when none was stored (or it no longer fits the contract). */
export async function cachedPassiveLeads(database: AppDatabase, userId: string): Promise<Lead[] | null> {
  const parsed = leadListSchema.safeParse((await database.meta.get([userId, PASSIVE_KEY]))?.value);
  return parsed.success ? parsed.data : null;
}

/** Newest first, as the server lists them (the list merge keeps the last of two leads with one badge). */
const newestFirst = (a: Lead, b: Lead) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

/**
 * The stored active list, newest first; null when the device never downloaded it (nor kept one from
 * an earlier version). Rows that no longer fit the contract are skipped.
 */
export async function cachedActiveLeads(database: AppDatabase, userId: string): Promise<Lead[] | null> {
  const [rows, cursor] = await Promise.all([
    database.serverLeads.where('userId').equals(userId).toArray(),
    database.meta.get([userId, LEADS_CURSOR_KEY]),
  ]);
  if (rows.length === 0 && cursor === undefined) return null;
  return rows
    .flatMap((row) => {
      const parsed = leadSchema.safeParse(row);
      return parsed.success ? [parsed.data] : [];
    })
    .sort(newestFirst);
}

async function readCursor(database: AppDatabase, userId: string): Promise<string | undefined> {
  const value = (await database.meta.get([userId, LEADS_CURSOR_KEY]))?.value;
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** One download at a time per user: a second one waits and then starts from the first one's cursor. */
const running = new Map<string, Promise<unknown>>();

/**
 * Brings the stored active list up to date: the changes since the stored cursor, page by page until
 * complete. Each page of changes is stored with its cursor at once. A download from the start
 * (`reset`: the first one, or leads left the list) is collected and then replaces the stored list
 * with its cursor in one go, so an interrupted one leaves the previous copy as it was.
 * Resolves with whether the stored list changed.
 */
export function syncActiveLeads(
  database: AppDatabase,
  userId: string,
  fetchPage: (cursor: string | undefined) => Promise<LeadChanges>,
): Promise<boolean> {
  const previous = running.get(userId) ?? Promise.resolve();
  const next = previous.catch(() => undefined).then(() => pullActiveLeads(database, userId, fetchPage));
  running.set(userId, next);
  const done = () => {
    if (running.get(userId) === next) running.delete(userId);
  };
  next.then(done, done);
  return next;
}

async function pullActiveLeads(
  database: AppDatabase,
  userId: string,
  fetchPage: (cursor: string | undefined) => Promise<LeadChanges>,
): Promise<boolean> {
  let changed = false;
  let restart: Lead[] | null = null;
  await pullChangePages(await readCursor(database, userId), fetchPage, async (page, asked) => {
    if (page.reset) restart = [];
    if (restart) {
      restart.push(...page.leads);
      if (!page.complete) return;
      const leads = restart;
      restart = null;
      changed = true;
      await database.transaction('rw', database.serverLeads, database.meta, async () => {
        await database.serverLeads.where('userId').equals(userId).delete();
        await database.serverLeads.bulkPut(leads.map((lead) => ({ ...lead, userId })));
        await database.meta.put({ userId, key: LEADS_CURSOR_KEY, value: page.cursor });
      });
      return;
    }
    if (page.leads.length === 0 && page.cursor === asked) return;
    changed ||= page.leads.length > 0;
    await database.transaction('rw', database.serverLeads, database.meta, async () => {
      await database.serverLeads.bulkPut(page.leads.map((lead) => ({ ...lead, userId })));
      await database.meta.put({ userId, key: LEADS_CURSOR_KEY, value: page.cursor });
    });
  });
  return changed;
}
