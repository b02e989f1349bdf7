import { and, eq, inArray, sql } from 'drizzle-orm';
import type { LeadOp } from '../../../src/shared/contracts/leads.ts';
import type { Db } from '../../db/client.ts';
import { leads } from '../../db/schema/index.ts';
import type { BadgeVerifier } from '../../services/badges.ts';
import type { OpOutcome } from '../../services/client-ops.ts';
import { changeTime } from '../agenda/favourites.ts';

export const LEAD_OP_KIND = 'lead';
export const OWN_BADGE = 'You cannot scan your own badge.';

/** An op with any edit field is an edit; one with only the token is a scan. */
export const isEdit = (op: LeadOp) =>
  op.notes !== undefined || op.rating !== undefined || op.tags !== undefined || op.answers !== undefined;

interface LeadState {
  scannedUserId: string;
  barcodeId: string;
  notes: string;
  rating: number;
  tags: string[];
  answers: Record<string, string>;
  scanCount: number;
  createdAt: Date;
  changedAt: Date;
  /** Something in this upload changed the row: it must be written. */
  dirty: boolean;
}

/** Question → answer as stored; a later answer to the same question wins. */
export function answersRecord(answers: NonNullable<LeadOp['answers']>): Record<string, string> {
  const record: Record<string, string> = {};
  for (const { question, answer } of answers) record[question] = answer;
  return record;
}

/** Tags and answers are sent whole (the device's current list), so they replace the stored ones. */
function applyEdit(state: LeadState, op: LeadOp) {
  if (op.notes !== undefined) state.notes = op.notes;
  if (op.rating !== undefined) state.rating = op.rating;
  if (op.tags !== undefined) state.tags = [...new Set(op.tags)];
  if (op.answers !== undefined) state.answers = answersRecord(op.answers);
}

/**
 * Applies new lead ops of one scanner inside the upload's transaction, in upload order.
 * - Each distinct badge token is verified once (signature, then barcode and pass state); a forged,
 *   unknown or revoked badge, or the scanner's own, is rejected and never creates a lead.
 * - The first op for a person creates their lead (createdAt = the op's time); every later one
 *   updates it: a scan counts one more scan, an edit's fields apply last-writer-wins by the op's
 *   time (device clocks more than a day ahead count as now). `changedAt` is the time of the newest
 *   applied edit (the first scan until edited), so a re-scan never makes an older edit from another
 *   device lose; an older edit is recorded (`updated`) but the newer fields stay.
 * Uploads of the same scanner are serialised by a transaction-scoped advisory lock, so the
 * read-compute-write below cannot interleave with another device's upload. Statements per batch:
 * one barcode query, the lock, one read, one upsert.
 */
export async function applyLeadOps(
  tx: Db,
  scannerId: string,
  ops: LeadOp[],
  verifier: BadgeVerifier,
  now = new Date(),
): Promise<Map<string, OpOutcome>> {
  const outcomes = new Map<string, OpOutcome>();
  const verdicts = await verifier.verifyBadges(
    tx,
    ops.map((op) => op.token),
  );
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`leads:${scannerId}`}, 0))`);

  const scanned = new Set<string>();
  for (const verdict of verdicts.values())
    if (verdict.ok && verdict.holder.userId !== scannerId) scanned.add(verdict.holder.userId);
  const states = new Map<string, LeadState>();
  if (scanned.size > 0) {
    const stored = await tx
      .select()
      .from(leads)
      .where(and(eq(leads.scannerUserId, scannerId), inArray(leads.scannedUserId, [...scanned])));
    for (const row of stored) states.set(row.scannedUserId, { ...row, dirty: false });
  }

  for (const op of ops) {
    const verdict = verdicts.get(op.token);
    if (!verdict?.ok) {
      outcomes.set(op.id, { result: 'rejected', reason: verdict?.reason ?? 'This badge could not be checked.' });
      continue;
    }
    const { holder } = verdict;
    if (holder.userId === scannerId) {
      outcomes.set(op.id, { result: 'rejected', reason: OWN_BADGE });
      continue;
    }
    const at = changeTime(op.createdAt, now);
    const state = states.get(holder.userId);
    if (!state) {
      const created: LeadState = {
        scannedUserId: holder.userId,
        barcodeId: holder.barcodeId,
        notes: '',
        rating: 0,
        tags: [],
        answers: {},
        scanCount: 1,
        createdAt: at,
        changedAt: at,
        dirty: true,
      };
      applyEdit(created, op);
      states.set(holder.userId, created);
      outcomes.set(op.id, { result: 'created' });
      continue;
    }
    state.dirty = true;
    state.barcodeId = holder.barcodeId;
    // A device that scanned earlier but synced later moves the first scan back.
    if (at < state.createdAt) state.createdAt = at;
    if (!isEdit(op)) state.scanCount += 1;
    // Equal times: the change that reached the server later wins.
    else if (at.getTime() >= state.changedAt.getTime()) {
      applyEdit(state, op);
      state.changedAt = at;
    }
    outcomes.set(op.id, { result: 'updated' });
  }

  const rows = [...states.values()]
    .filter((state) => state.dirty)
    .sort((a, b) => (a.scannedUserId < b.scannedUserId ? -1 : 1))
    .map(({ dirty: _dirty, ...state }) => ({ ...state, scannerUserId: scannerId }));
  if (rows.length > 0) {
    await tx
      .insert(leads)
      .values(rows)
      .onConflictDoUpdate({
        target: [leads.scannerUserId, leads.scannedUserId],
        // The rows were read under the scanner's lock, so these are the complete new states.
        set: {
          barcodeId: sql`excluded.barcode_id`,
          notes: sql`excluded.notes`,
          rating: sql`excluded.rating`,
          tags: sql`excluded.tags`,
          answers: sql`excluded.answers`,
          scanCount: sql`excluded.scan_count`,
          createdAt: sql`excluded.created_at`,
          changedAt: sql`excluded.changed_at`,
        },
      });
  }
  return outcomes;
}
