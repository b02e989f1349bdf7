import { and, desc, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Lead, LeadChanges } from '#shared/contracts/leads.ts';
import type { Db } from '../../db/client.ts';
import { leads, passBarcodes, passes, passTypes, users } from '../../db/schema/index.ts';
import { publicImageOf } from '../../services/images/image-serving.ts';
import {
  type ChangeKey,
  changeColumns,
  changedAfter,
  changeOrder,
  changePage,
  formatCursor,
  pageLimit,
  requestCursor,
  startCursor,
} from '../../services/sync/change-cursor.ts';
import { leadScanner, leadsIn, leadViewOf } from './view.ts';

const person = {
  uuid: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  company: users.company,
  image: users.image,
};

type PersonRow = { uuid: string; firstName: string; lastName: string; company: string; image: string | null };

const toPerson = (row: PersonRow) => ({ ...row, image: publicImageOf(row.uuid, row.image) });

/** The scanned person, joined as `scanned`, beside the scanner (both are users). */
const scanned = alias(users, 'scanned');
const scannedPerson = {
  uuid: scanned.id,
  firstName: scanned.firstName,
  lastName: scanned.lastName,
  company: scanned.company,
  image: scanned.image,
};

/**
 * A lead's place in the change order. Its change_tx moves whenever anything a device shows of it
 * changes: its own fields, and (touched by triggers) its person's name, company or picture and its
 * barcode being revoked on an upgrade (the pass type shown changes).
 */
const LEAD_ORDER: ChangeKey = { tx: leads.changeTx, id: leads.id };

/** Leads with what a list line shows, as one query to narrow (leadsIn) and order. */
function activeLeadRows(db: Db) {
  return db
    .select({ lead: leads, person: scannedPerson, passType: passTypes.name })
    .from(leads)
    .innerJoin(leadScanner, eq(leadScanner.id, leads.scannerUserId))
    .innerJoin(scanned, eq(scanned.id, leads.scannedUserId))
    .leftJoin(passBarcodes, eq(passBarcodes.id, leads.barcodeId))
    .leftJoin(passes, eq(passes.id, passBarcodes.passId))
    .leftJoin(passTypes, eq(passTypes.id, passes.passTypeId))
    .$dynamic();
}

type ActiveRow = { lead: typeof leads.$inferSelect; person: PersonRow; passType: string | null };

/** No signature: edits of a lead name it by its badge id, which the server checks against the list. */
function activeLead({ lead, person: other, passType }: ActiveRow): Lead {
  return {
    id: lead.id,
    createdAt: lead.createdAt.toISOString(),
    changedAt: lead.changedAt.toISOString(),
    scanCount: lead.scanCount,
    passiveUser: toPerson(other),
    notes: lead.notes,
    rating: lead.rating,
    tags: lead.tags,
    answers: Object.entries(lead.answers).map(([question, answer]) => ({ question, answer })),
    badgeId: lead.barcodeId,
    // No pass type: the barcode's pass was deleted; the lead is still listed.
    ...(passType === null ? {} : { passType }),
  };
}

/** The people this scanner (or their team) scanned, newest first, with the scanner's notes, rating, tags and answers. */
export async function activeLeads(app: FastifyInstance, scannerId: string): Promise<Lead[]> {
  const view = await leadViewOf(app.db, scannerId);
  const rows = await activeLeadRows(app.db).where(leadsIn(view)).orderBy(desc(leads.createdAt), desc(leads.id));
  return rows.map(activeLead);
}

/**
 * The scanner's list as changes since the cursor (server/services/sync/change-cursor.ts). The view is
 * read first: a cursor of another view (the team changed, a lead was deleted) starts over with
 * `reset`, so leads that left the list leave the device too. Which leads changed is found on the
 * leads index alone; only when some did are they read with their people and passes (a join that
 * costs more to plan than the whole answer when nothing changed: no rows, the same cursor, ~110 bytes).
 */
export async function leadChanges(db: Db, userId: string, cursorText: string | undefined, limit: number): Promise<LeadChanges> {
  const view = await leadViewOf(db, userId);
  const asked = requestCursor(cursorText);
  // No cursor (a first download) carries no view either.
  const reset = asked.view !== view.fingerprint;
  const cursor = reset ? startCursor(view.fingerprint) : asked;
  if (!view.scanner) return { leads: [], cursor: formatCursor(cursor), complete: true, reset };
  const changed = await db
    .select({ id: leads.id, ...changeColumns(LEAD_ORDER) })
    .from(leads)
    .innerJoin(leadScanner, eq(leadScanner.id, leads.scannerUserId))
    .where(and(leadsIn(view), changedAfter(LEAD_ORDER, cursor)))
    .orderBy(...changeOrder(LEAD_ORDER))
    .limit(pageLimit(limit));
  const page = changePage(changed, cursor, limit);
  const ids = page.rows.map((row) => row.id);
  const rows = ids.length > 0 ? await activeLeadRows(db).where(inArray(leads.id, ids)) : [];
  const byId = new Map(rows.map((row) => [row.lead.id, row]));
  // A lead deleted in between is left out: its deletion makes the next download start over.
  const found = ids.flatMap((id) => byId.get(id) ?? []);
  return { leads: found.map(activeLead), cursor: page.cursor, complete: page.complete, reset };
}

/** The people who scanned this user, newest first; the scanners' notes and ratings stay theirs. */
export async function passiveLeads(app: FastifyInstance, userId: string): Promise<Lead[]> {
  const rows = await app.db
    .select({ id: leads.id, createdAt: leads.createdAt, changedAt: leads.changedAt, scanCount: leads.scanCount, person })
    .from(leads)
    .innerJoin(users, eq(users.id, leads.scannerUserId))
    .where(eq(leads.scannedUserId, userId))
    .orderBy(desc(leads.createdAt), desc(leads.id));
  return rows.map((row) => ({
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    changedAt: row.changedAt.toISOString(),
    scanCount: row.scanCount,
    activeUser: toPerson(row.person),
  }));
}
