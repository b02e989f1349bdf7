import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FavouriteOp } from '#shared/contracts/agenda.ts';
import type { Db } from '../../db/client.ts';
import { agendaFavourites, agendaSessions } from '../../db/schema/index.ts';
import type { OpOutcome } from '../../services/client-ops.ts';

export const FAVOURITE_OP_KIND = 'agenda-favourite';
export const SESSION_GONE = 'This session is no longer on the agenda.';

/** A device clock may run ahead a little (time zones done wrong, drift); a day ahead is a broken clock. */
export const MAX_CLOCK_LEAD_MS = 24 * 60 * 60 * 1000;

/**
 * When a change counts as made: the device's createdAt, except that one more than a day in the
 * future is taken as made now. Otherwise a device with a wrong clock would win every later change
 * for as long as its date stays ahead.
 */
export function changeTime(createdAt: string, now: Date): Date {
  const at = new Date(createdAt);
  return at.getTime() - now.getTime() > MAX_CLOCK_LEAD_MS ? now : at;
}

interface Latest {
  at: Date;
  /** Set when the newest change for the session comes from this upload (it must be written). */
  favourite?: boolean;
}

/**
 * Applies new favourite ops of one user (inside the upload's transaction) with last-writer-wins by
 * change time, so a device that syncs late cannot undo a newer change from another device.
 * Outcomes: `created` when the op made the first row for its session, `updated` otherwise, also
 * when a newer change already stands (the op is recorded, the newer state stays; devices read
 * GET /api/agenda/favourites after syncing to adopt it). Unknown sessions are rejected.
 * Three statements whatever the batch size: known sessions, stored rows, one upsert.
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

  // Lock the stored rows so the outcomes below are exactly what gets written; in session order, the
  // same in every upload, so two uploads of the same user wait for each other instead of deadlocking.
  const latest = new Map<number, Latest>();
  if (known.size > 0) {
    const stored = await tx
      .select({ sessionId: agendaFavourites.sessionId, changedAt: agendaFavourites.changedAt })
      .from(agendaFavourites)
      .where(and(eq(agendaFavourites.userId, userId), inArray(agendaFavourites.sessionId, [...known])))
      .orderBy(asc(agendaFavourites.sessionId))
      .for('update');
    for (const row of stored) latest.set(row.sessionId, { at: row.changedAt });
  }

  for (const op of ops) {
    if (!known.has(op.sessionId)) {
      outcomes.set(op.id, { result: 'rejected', reason: SESSION_GONE });
      continue;
    }
    const current = latest.get(op.sessionId);
    const at = changeTime(op.createdAt, now);
    // Equal times: the change that reached the server later wins.
    if (!current || at.getTime() >= current.at.getTime()) latest.set(op.sessionId, { at, favourite: op.favourite });
    outcomes.set(op.id, { result: current ? 'updated' : 'created' });
  }

  const rows = [...latest]
    .filter((entry): entry is [number, Required<Latest>] => entry[1].favourite !== undefined)
    .sort(([a], [b]) => a - b)
    .map(([sessionId, change]) => ({ userId, sessionId, favourite: change.favourite, changedAt: change.at }));
  if (rows.length > 0) {
    await tx
      .insert(agendaFavourites)
      .values(rows)
      .onConflictDoUpdate({
        target: [agendaFavourites.userId, agendaFavourites.sessionId],
        set: { favourite: sql`excluded.favourite`, changedAt: sql`excluded.changed_at` },
        // A row inserted by a concurrent upload after our read (not lockable then) still obeys the rule.
        setWhere: sql`${agendaFavourites.changedAt} <= excluded.changed_at`,
      });
  }
  return outcomes;
}

/** The user's current personal agenda: sessions whose newest change says favourite. */
export async function favouriteSessionIds(db: Db, userId: string): Promise<number[]> {
  const rows = await db
    .select({ sessionId: agendaFavourites.sessionId })
    .from(agendaFavourites)
    .where(and(eq(agendaFavourites.userId, userId), eq(agendaFavourites.favourite, true)))
    .orderBy(asc(agendaFavourites.sessionId));
  return rows.map((row) => row.sessionId);
}
