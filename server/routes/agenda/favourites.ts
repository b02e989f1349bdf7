import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FavouriteOp } from '#shared/contracts/agenda.ts';
import type { Db } from '../../db/client.ts';
import { agendaFavourites, agendaSessions } from '../../db/schema/index.ts';
import { changeTime, type OpOutcome } from '../../services/sync/client-ops.ts';

export const FAVOURITE_OP_KIND = 'agenda-favourite';
export const SESSION_GONE = 'This session is no longer on the agenda.';

/**
 * Applies new favourite ops of one user (inside the upload's transaction) with last-writer-wins by
 * change time, so a device that syncs late cannot undo a newer change from another device.
 * Outcomes: `created` for the op that made the first row of its session, `updated` otherwise, also
 * when a newer change already stands (the op is recorded, the newer state stays; devices read
 * GET /api/agenda/favourites after syncing to adopt it). Unknown sessions are rejected.
 * Two statements whatever the batch size: the known sessions, and one upsert of each session's
 * newest change that keeps a newer stored one and says which rows it inserted.
 */
export async function applyFavouriteOps(
  tx: Db,
  userId: string,
  ops: FavouriteOp[],
  now = new Date(),
): Promise<Map<string, OpOutcome>> {
  const outcomes = new Map<string, OpOutcome>();
  const requested = [...new Set(ops.map((op) => op.sessionId))];
  const existing = await tx.select({ id: agendaSessions.id }).from(agendaSessions).where(inArray(agendaSessions.id, requested));
  const known = new Set(existing.map((row) => row.id));

  /** Per known session: its newest change in this upload (equal times: the later op wins) and its ops in upload order. */
  const sessions = new Map<number, { at: Date; favourite: boolean; opIds: string[] }>();
  for (const op of ops) {
    if (!known.has(op.sessionId)) {
      outcomes.set(op.id, { result: 'rejected', reason: SESSION_GONE });
      continue;
    }
    const at = changeTime(op.createdAt, now);
    const newest = sessions.get(op.sessionId);
    if (!newest) sessions.set(op.sessionId, { at, favourite: op.favourite, opIds: [op.id] });
    else {
      newest.opIds.push(op.id);
      if (at.getTime() >= newest.at.getTime()) Object.assign(newest, { at, favourite: op.favourite });
    }
  }
  if (sessions.size === 0) return outcomes;

  // In session order, the same in every upload, so two uploads of the same user that touch the
  // same sessions take the row locks in the same order instead of deadlocking. A concurrent upload
  // that inserts a row first makes this one wait and then update it under the same rule.
  const rows = [...sessions]
    .sort(([a], [b]) => a - b)
    .map(([sessionId, change]) => ({ userId, sessionId, favourite: change.favourite, changedAt: change.at }));
  const inserted = await tx
    .insert(agendaFavourites)
    .values(rows)
    .onConflictDoUpdate({
      target: [agendaFavourites.userId, agendaFavourites.sessionId],
      set: { favourite: sql`excluded.favourite`, changedAt: sql`excluded.changed_at` },
      // Equal times: the change that reached the server later wins; a newer stored change stays.
      setWhere: sql`${agendaFavourites.changedAt} <= excluded.changed_at`,
    })
    // A row this statement inserted has no deleting or locking transaction yet (xmax 0); an
    // updated one carries ours. Rows a newer change kept are not returned: their ops were updates.
    .returning({ sessionId: agendaFavourites.sessionId, inserted: sql<boolean>`(xmax = 0)` });
  const created = new Set(inserted.filter((row) => row.inserted).map((row) => row.sessionId));

  for (const [sessionId, { opIds }] of sessions) {
    opIds.forEach((id, index) => {
      outcomes.set(id, { result: index === 0 && created.has(sessionId) ? 'created' : 'updated' });
    });
  }
  return outcomes;
}

/**
 * The user's current personal agenda (sessions whose newest change says favourite), as a query
 * prepared once: devices read it on every start.
 */
export function favouriteSessionIds(db: Db): (userId: string) => Promise<number[]> {
  const query = db
    .select({ sessionId: agendaFavourites.sessionId })
    .from(agendaFavourites)
    .where(and(eq(agendaFavourites.userId, sql.placeholder('userId')), eq(agendaFavourites.favourite, true)))
    .orderBy(asc(agendaFavourites.sessionId))
    .prepare('agenda_favourite_session_ids');
  return async (userId) => (await query.execute({ userId })).map((row) => row.sessionId);
}
