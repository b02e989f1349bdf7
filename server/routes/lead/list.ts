import { and, desc, eq, exists, gte, inArray, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { Lead } from '#shared/contracts/leads.ts';
import { leads, passBarcodes, passes, passTypes, users } from '../../db/schema/index.ts';
import { readEventDates } from '../../services/event-config.ts';
import { publicImageOf } from './access.ts';

const person = {
  uuid: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  company: users.company,
  image: users.image,
};

type PersonRow = { uuid: string; firstName: string; lastName: string; company: string; image: string | null };

const toPerson = (row: PersonRow) => ({ ...row, image: publicImageOf(row.uuid, row.image) });

const teammate = alias(users, 'teammate');

/**
 * Whose scans a scanner's list shows: their own, and in an exhibitor team (users.lead_team_id) the
 * other members' scans made since each joined (issue 22), or all of a member's when they chose to
 * share the earlier ones. Read from the database on each call, so a change of team shows at once.
 */
function scannersOf(db: FastifyInstance['db'], scannerId: string) {
  const team = db.select({ teamId: users.leadTeamId }).from(users).where(eq(users.id, scannerId));
  const sharedBy = db
    .select({ id: teammate.id })
    .from(teammate)
    .where(
      and(
        eq(teammate.id, leads.scannerUserId),
        inArray(teammate.leadTeamId, team),
        or(eq(teammate.leadTeamSharesEarlier, true), gte(leads.createdAt, teammate.leadTeamJoinedAt)),
      ),
    );
  return or(eq(leads.scannerUserId, scannerId), exists(sharedBy));
}

/**
 * The people this scanner (or their team) scanned, newest first, with the scanner's notes, rating, tags and answers,
 * the barcode scanned last and a token signed for it now. The token carries today's name, company
 * and pass type (of the barcode's pass), so a device that never scanned the person itself can still
 * send edits; the server knows the lead by the person, so a since revoked barcode is no obstacle.
 */
export async function activeLeads(app: FastifyInstance, scannerId: string): Promise<Lead[]> {
  const { db, passSigner } = app;
  const rows = await db
    .select({ lead: leads, person, typeName: passTypes.name })
    .from(leads)
    .innerJoin(users, eq(users.id, leads.scannedUserId))
    .leftJoin(passBarcodes, eq(passBarcodes.id, leads.barcodeId))
    .leftJoin(passes, eq(passes.id, passBarcodes.passId))
    .leftJoin(passTypes, eq(passTypes.id, passes.passTypeId))
    .where(scannersOf(db, scannerId))
    .orderBy(desc(leads.createdAt), desc(leads.id));
  if (rows.length === 0) return [];
  const event = await readEventDates(db);
  return Promise.all(
    rows.map(async ({ lead, person: other, typeName }) => ({
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
      // No pass type: the barcode's pass was deleted; the lead is still listed, without a token.
      ...(typeName === null ? {} : { token: await passSigner.signPass({ id: lead.barcodeId, typeName }, other, event) }),
    })),
  );
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
