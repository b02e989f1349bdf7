import { inArray, sql } from 'drizzle-orm';
import type { SyncResult } from '#shared/contracts/sync.ts';
import type { Db } from '../../db/client.ts';
import { clientOps } from '../../db/schema/index.ts';

/**
 * Applying a device's offline changes exactly once (docs/architecture.md §5). Every op carries a
 * client-generated uuid; the first upload that inserts it into client_ops owns it and applies it,
 * every later upload (a retry, the same batch sent twice, another tab) only reads the stored result.
 * The insert is the lock: a concurrent upload of the same id waits for the owner's transaction and
 * then finds its row, so an op can never be applied twice.
 */

export const FOREIGN_OP = 'This change belongs to another account.';
export const OTHER_KIND_OP = 'This change id was already used for a different kind of change.';

/** What applying one op did; stored so that a retry can be answered the same way. */
export type OpOutcome = { result: 'created' | 'updated' } | { result: 'rejected'; reason: string };

export interface ClaimedOps {
  /** Ids this call inserted: apply them in this transaction and record their outcomes. */
  fresh: Set<string>;
  /** Ids stored before: `duplicate` (with the stored reason when they were rejected) or `rejected`. */
  answered: Map<string, SyncResult>;
}

// Placeholder result written by the claim; the common outcome, so recordOutcomes rewrites only the others.
const CLAIM_RESULT = 'created' as const;

/**
 * Claims op ids for a user and kind inside the caller's transaction: one insert for new ids, one
 * select for the rest. Ids are inserted in sorted order so two uploads with overlapping ids take
 * their row locks in the same order and cannot deadlock.
 */
export async function claimOps(tx: Db, userId: string, kind: string, ids: readonly string[]): Promise<ClaimedOps> {
  const unique = [...new Set(ids)].sort();
  const answered = new Map<string, SyncResult>();
  if (unique.length === 0) return { fresh: new Set(), answered };
  const inserted = await tx
    .insert(clientOps)
    .values(unique.map((id) => ({ id, userId, kind, result: CLAIM_RESULT })))
    .onConflictDoNothing({ target: clientOps.id })
    .returning({ id: clientOps.id });
  const fresh = new Set(inserted.map((row) => row.id));
  const earlier = unique.filter((id) => !fresh.has(id));
  if (earlier.length === 0) return { fresh, answered };

  const stored = await tx
    .select({
      id: clientOps.id,
      userId: clientOps.userId,
      kind: clientOps.kind,
      result: clientOps.result,
      reason: clientOps.reason,
    })
    .from(clientOps)
    .where(inArray(clientOps.id, earlier));
  for (const row of stored) {
    // Another account's id is refused without a word about what it was (never leak, never apply).
    if (row.userId !== userId) answered.set(row.id, { id: row.id, status: 'rejected', reason: FOREIGN_OP });
    else if (row.kind !== kind) answered.set(row.id, { id: row.id, status: 'rejected', reason: OTHER_KIND_OP });
    else answered.set(row.id, duplicateOf(row.id, row));
  }
  // The conflicting row was committed before our insert gave up, and it cannot vanish in between
  // unless its user was deleted at that very moment: treat that as a fault, not as input.
  if (answered.size !== earlier.length) throw new Error('client_ops: a conflicting op id could not be read back');
  return { fresh, answered };
}

/** Stores the outcomes of freshly claimed ops (one statement, only those that differ from the claim). */
export async function recordOutcomes(tx: Db, outcomes: ReadonlyMap<string, OpOutcome>): Promise<void> {
  const changed = [...outcomes].filter(([, outcome]) => outcome.result !== CLAIM_RESULT);
  if (changed.length === 0) return;
  const values = sql.join(
    changed.map(
      ([id, outcome]) => sql`(${id}::uuid, ${outcome.result}::text, ${'reason' in outcome ? outcome.reason : null}::text)`,
    ),
    sql`, `,
  );
  await tx.execute(
    sql`update ${clientOps} set result = v.result, reason = v.reason
        from (values ${values}) as v(id, result, reason)
        where ${clientOps.id} = v.id`,
  );
}

/** The answer to a retry: the device drops a duplicate, and still learns why it had been rejected. */
function duplicateOf(id: string, stored: { result: string; reason: string | null }): SyncResult {
  return stored.result === 'rejected' && stored.reason
    ? { id, status: 'duplicate', reason: stored.reason }
    : { id, status: 'duplicate' };
}

function resultOf(id: string, outcome: OpOutcome): SyncResult {
  return outcome.result === 'rejected' ? { id, status: 'rejected', reason: outcome.reason } : { id, status: outcome.result };
}

export interface ClientOpsUpload<Op extends { id: string }> {
  userId: string;
  /** Names the kind of change (e.g. 'agenda-favourite'); an id is only ever valid for one kind. */
  kind: string;
  ops: readonly Op[];
  /**
   * Applies the ops this upload owns (first occurrence of each new id, in upload order) inside the
   * transaction, with a handful of bulk statements, and returns one outcome per op id.
   */
  apply: (tx: Db, ops: Op[]) => Promise<Map<string, OpOutcome>>;
}

/**
 * One upload in one transaction: claim, apply the new ops, record their outcomes, and answer one
 * result per uploaded op in upload order. An id repeated inside the upload answers like a retry.
 */
export async function applyClientOps<Op extends { id: string }>(db: Db, upload: ClientOpsUpload<Op>): Promise<SyncResult[]> {
  const { userId, kind, ops, apply } = upload;
  return db.transaction(async (tx) => {
    const { fresh, answered } = await claimOps(
      tx,
      userId,
      kind,
      ops.map((op) => op.id),
    );
    const owned: Op[] = [];
    const taken = new Set<string>();
    for (const op of ops) {
      if (fresh.has(op.id) && !taken.has(op.id)) {
        taken.add(op.id);
        owned.push(op);
      }
    }
    const outcomes = owned.length > 0 ? await apply(tx, owned) : new Map<string, OpOutcome>();
    for (const op of owned) if (!outcomes.has(op.id)) throw new Error(`client_ops: no outcome for op ${op.id}`);
    await recordOutcomes(tx, outcomes);

    const answeredOnce = new Set<string>();
    return ops.map((op) => {
      const earlier = answered.get(op.id);
      if (earlier) return earlier;
      const outcome = outcomes.get(op.id) as OpOutcome;
      if (answeredOnce.has(op.id)) {
        return duplicateOf(op.id, { result: outcome.result, reason: 'reason' in outcome ? outcome.reason : null });
      }
      answeredOnce.add(op.id);
      return resultOf(op.id, outcome);
    });
  });
}

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
