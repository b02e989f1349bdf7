import { z } from 'zod/mini';
import type { AppDatabase } from '../../lib/db.ts';
import { type Lead, leadSchema } from '../../shared/contracts/leads.ts';

/*
 * The last server lists the device fetched, in the user's Dexie meta (deleted with them on logout),
 * so the leads list, its edits and exports keep the leads of other devices after a reload in a hall
 * without signal.
 */

const leadListSchema = z.array(leadSchema);
const metaKey = (active: boolean) => (active ? 'leadsActive' : 'leadsPassive');

export async function storeServerLeads(database: AppDatabase, userId: string, active: boolean, leads: Lead[]): Promise<void> {
  await database.meta.put({ userId, key: metaKey(active), value: leads });
}

/** The stored list, or null when none was stored (or it no longer fits the contract). */
export async function cachedServerLeads(database: AppDatabase, userId: string, active: boolean): Promise<Lead[] | null> {
  const parsed = leadListSchema.safeParse((await database.meta.get([userId, metaKey(active)]))?.value);
  return parsed.success ? parsed.data : null;
}
