import { and, desc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passBarcodes, passes, passTypes, users } from '../../db/schema/index.ts';
import {
  type ChangeCursor,
  type ChangeKey,
  type ChangePage,
  changeColumns,
  changedAfter,
  changeOrder,
  changePage,
  pageLimit,
} from '../sync/change-cursor.ts';

/**
 * The barcodes of a pass (docs/architecture.md §6): the signed token's `pid` is a barcode id, not the pass
 * id, so a changed pass (an upgrade) gets a new barcode and the old one can be revoked on its own.
 * A pass has at most one current (not revoked) barcode; it is issued on first use.
 */

export type BarcodeRow = typeof passBarcodes.$inferSelect;
export type RevocationReason = 'upgraded' | 'cancelled';

/** What a badge token needs of a pass and its holder (select from passes joined to pass types and users). */
export const badgeColumns = {
  passId: passes.id,
  typeName: passTypes.name,
  firstName: users.firstName,
  lastName: users.lastName,
  company: users.company,
};

/** The current (not revoked) barcode of each pass that has one. */
async function findCurrent(db: Db, passIds: string[]): Promise<Map<string, BarcodeRow>> {
  const rows = await db
    .select()
    .from(passBarcodes)
    .where(and(inArray(passBarcodes.passId, passIds), isNull(passBarcodes.revokedAt)))
    .orderBy(desc(passBarcodes.issuedAt));
  const current = new Map<string, BarcodeRow>();
  for (const row of rows) if (!current.has(row.passId)) current.set(row.passId, row);
  return current;
}

/** A pass that can no longer be used: its barcodes are all on the revocation list. */
const CLOSED_STATUSES = new Set(['cancelled', 'rejected']);

/**
 * The passes' current barcodes, issuing one for each pass that has none. Two first requests at once
 * cannot issue two: the issuing transaction locks the pass rows (in id order, so two batches never
 * deadlock), and the second one waits and then finds the first one's. A barcode issued for a pass
 * cancelled meanwhile is issued revoked, so the revocation list (paged by change) still holds every
 * barcode of a closed pass.
 */
export async function currentBarcodes(db: Db, passIds: readonly string[]): Promise<Map<string, BarcodeRow>> {
  const ids = [...new Set(passIds)];
  if (ids.length === 0) return new Map();
  const found = await findCurrent(db, ids);
  const missing = ids.filter((id) => !found.has(id)).sort();
  if (missing.length === 0) return found;
  return db.transaction(async (tx) => {
    const locked = await tx
      .select({ id: passes.id, status: passes.status })
      .from(passes)
      .where(inArray(passes.id, missing))
      .orderBy(passes.id)
      .for('update');
    const statusOf = new Map(locked.map((row) => [row.id, row.status]));
    const issued = await findCurrent(tx, missing);
    const still = missing.filter((id) => !issued.has(id));
    const now = new Date();
    const rows =
      still.length > 0
        ? await tx
            .insert(passBarcodes)
            .values(
              still.map((passId) => {
                const status = statusOf.get(passId);
                return status && CLOSED_STATUSES.has(status) ? { passId, revokedAt: now, revokedReason: status } : { passId };
              }),
            )
            .returning()
        : [];
    for (const row of [...issued.values(), ...rows]) found.set(row.passId, row);
    return found;
  });
}

/** The pass's current barcode, issued when it has none. */
export async function currentBarcode(db: Db, passId: string): Promise<BarcodeRow> {
  const row = (await currentBarcodes(db, [passId])).get(passId);
  if (!row) throw new Error('barcode insert returned nothing');
  return row;
}

/** Revokes the pass's current barcode (inside the caller's transaction); the next request issues a new one. */
export async function revokeCurrentBarcode(tx: Db, passId: string, reason: RevocationReason, now = new Date()): Promise<void> {
  await tx
    .update(passBarcodes)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(passBarcodes.passId, passId), isNull(passBarcodes.revokedAt)));
}

/** The revocation list's change order: when a barcode was revoked (the revoking write), then its id. */
const REVOCATION_ORDER: ChangeKey = { tx: passBarcodes.changeTx, id: passBarcodes.id };

/**
 * Revoked barcodes after the cursor, a page at a time in the order of their revocation (served by
 * the partial index pass_barcodes_revoked_change_idx). Cancelling or rejecting a pass revokes all
 * its barcodes in the same transaction, so the list holds every barcode of a closed pass too.
 */
export async function revocationList(db: Db, cursor: ChangeCursor, limit: number): Promise<ChangePage<{ id: string }>> {
  const rows = await db
    .select({ id: passBarcodes.id, ...changeColumns(REVOCATION_ORDER) })
    .from(passBarcodes)
    .where(and(isNotNull(passBarcodes.revokedAt), changedAfter(REVOCATION_ORDER, cursor)))
    .orderBy(...changeOrder(REVOCATION_ORDER))
    .limit(pageLimit(limit));
  return changePage(rows, cursor, limit);
}
