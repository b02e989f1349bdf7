import { and, eq, inArray, sql } from 'drizzle-orm';
import { isLeadEdit as isEdit, type LeadOp, OWN_BADGE } from '#shared/contracts/leads.ts';
import { decodePassToken } from '#shared/pass-token.ts';
import type { Db } from '../../db/client.ts';
import { leads, passBarcodes, passes } from '../../db/schema/index.ts';
import { BADGE_REVOKED, type BadgeVerdict, type BadgeVerifier } from '../../services/badges/badge-verifier.ts';
import type { OpOutcome } from '../../services/sync/client-ops.ts';
import { changeTime } from '../../services/sync/client-ops.ts';
import { peopleSeenBy } from './view.ts';

export const LEAD_OP_KIND = 'lead';
/** Why an edit naming a lead by its badge id is refused: no lead of that person is on the scanner's list. */
export const NOT_ON_LIST = 'This lead is not on your list.';

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
 * A later op for a lead that exists (stored, or created earlier in this upload): a scan counts one
 * more scan, an edit applies last-writer-wins by its time.
 */
function updateLead(state: LeadState, op: LeadOp, at: Date) {
  state.dirty = true;
  // A device that scanned earlier but synced later moves the first scan back.
  if (at < state.createdAt) state.createdAt = at;
  if (!isEdit(op)) state.scanCount += 1;
  // Equal times: the change that reached the server later wins.
  else if (at.getTime() >= state.changedAt.getTime()) {
    applyEdit(state, op);
    state.changedAt = at;
  }
}

/**
 * The barcode an op names without a verified verdict standing for it: the lead's badge id of an edit
 * by badge id, or the `pid` of an edit's revoked token (its signature was verified: a revoked verdict
 * comes only after a good signature, so the barcode id is genuine).
 */
function namedBarcode(op: LeadOp, verdicts: ReadonlyMap<string, BadgeVerdict>): string | undefined {
  if (op.token === undefined) return op.badgeId?.toLowerCase();
  const verdict = verdicts.get(op.token);
  if (isEdit(op) && verdict && !verdict.ok && verdict.reason === BADGE_REVOKED)
    return decodePassToken(op.token).payload.pid.toLowerCase();
  return undefined;
}

/** Who those barcodes belong to (any barcode of theirs, revoked or not): barcode id → user id. */
async function holdersOfBarcodes(tx: Db, barcodeIds: ReadonlySet<string>): Promise<Map<string, string>> {
  if (barcodeIds.size === 0) return new Map();
  const rows = await tx
    .select({ barcodeId: passBarcodes.id, userId: passes.userId })
    .from(passBarcodes)
    .innerJoin(passes, eq(passes.id, passBarcodes.passId))
    .where(inArray(passBarcodes.id, [...barcodeIds]));
  return new Map(rows.map((row) => [row.barcodeId, row.userId]));
}

/** A person's first lead: one scan (or the edit that names them), with the op's fields. */
function newLead(scannedUserId: string, barcodeId: string, op: LeadOp, at: Date): LeadState {
  const created: LeadState = {
    scannedUserId,
    barcodeId,
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
  return created;
}

/**
 * Applies new lead ops of one scanner inside the upload's transaction, in upload order.
 * - Each distinct badge token is verified once (signature, then barcode and pass state); a forged,
 *   unknown or revoked badge, or the scanner's own, is rejected and never creates a lead. The one
 *   exception: an edit of a lead that already exists applies even when its badge has since been
 *   revoked (an upgrade, a cancelled pass): the signature still proves who it is, and the notes on
 *   a person the scanner met stay the scanner's to keep. A scan with a revoked badge stays rejected.
 * - An edit may name the person by a lead's badge id instead of a token (a device that has the lead
 *   only from the server's list): it applies when that person is on the scanner's list, their own
 *   lead or a team mate's (the first such edit creates the scanner's own lead), else it is rejected.
 * - The first op for a person creates their lead (createdAt = the op's time); every later one
 *   updates it: a scan counts one more scan, an edit's fields apply last-writer-wins by the op's
 *   time (device clocks more than a day ahead count as now). `changedAt` is the time of the newest
 *   applied edit (the first scan until edited), so a re-scan never makes an older edit from another
 *   device lose; an older edit is recorded (`updated`) but the newer fields stay.
 * Uploads of the same scanner are serialised by a transaction-scoped advisory lock, so the
 * read-compute-write below cannot interleave with another device's upload. Statements per batch:
 * one barcode query (one more each for edits by badge id or with revoked badges, and for whether
 * those people are on the list), the lock, one read, one upsert.
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
    ops.flatMap((op) => (op.token === undefined ? [] : [op.token])),
  );
  const named = new Map<string, string>();
  for (const op of ops) {
    const barcodeId = namedBarcode(op, verdicts);
    if (barcodeId) named.set(op.id, barcodeId);
  }
  const holderOf = await holdersOfBarcodes(tx, new Set(named.values()));
  // An edit by badge id may create the scanner's own lead of a person only a team mate scanned.
  const byBadge = new Set<string>();
  for (const op of ops) {
    const holderId = op.token === undefined ? holderOf.get(named.get(op.id) ?? '') : undefined;
    if (holderId) byBadge.add(holderId);
  }
  const onList = await peopleSeenBy(tx, scannerId, [...byBadge]);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`leads:${scannerId}`}, 0))`);

  const scanned = new Set<string>(holderOf.values());
  for (const verdict of verdicts.values()) if (verdict.ok) scanned.add(verdict.holder.userId);
  scanned.delete(scannerId);
  const states = new Map<string, LeadState>();
  if (scanned.size > 0) {
    const stored = await tx
      .select()
      .from(leads)
      .where(and(eq(leads.scannerUserId, scannerId), inArray(leads.scannedUserId, [...scanned])));
    for (const row of stored) states.set(row.scannedUserId, { ...row, dirty: false });
  }

  for (const op of ops) {
    const at = changeTime(op.createdAt, now);
    const verdict = op.token === undefined ? undefined : verdicts.get(op.token);
    if (!verdict?.ok) {
      const barcodeId = named.get(op.id);
      const holderId = barcodeId === undefined ? undefined : holderOf.get(barcodeId);
      const existing = holderId === undefined ? undefined : states.get(holderId);
      if (op.token === undefined && holderId === scannerId) outcomes.set(op.id, { result: 'rejected', reason: OWN_BADGE });
      else if (existing) {
        // The stored barcode stays: a revoked one never replaces it.
        updateLead(existing, op, at);
        outcomes.set(op.id, { result: 'updated' });
      } else if (op.token === undefined && barcodeId && holderId && onList.has(holderId)) {
        states.set(holderId, newLead(holderId, barcodeId, op, at));
        outcomes.set(op.id, { result: 'created' });
      } else {
        const reason = op.token === undefined ? NOT_ON_LIST : (verdict?.reason ?? 'This badge could not be checked.');
        outcomes.set(op.id, { result: 'rejected', reason });
      }
      continue;
    }
    const { holder } = verdict;
    if (holder.userId === scannerId) {
      outcomes.set(op.id, { result: 'rejected', reason: OWN_BADGE });
      continue;
    }
    const state = states.get(holder.userId);
    if (!state) {
      states.set(holder.userId, newLead(holder.userId, holder.barcodeId, op, at));
      outcomes.set(op.id, { result: 'created' });
      continue;
    }
    state.barcodeId = holder.barcodeId;
    updateLead(state, op, at);
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
