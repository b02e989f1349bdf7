import { and, desc, eq, gt, inArray, isNotNull, isNull, max } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { passBarcodes, passes, passTypes, users } from '../db/schema/index.ts';

/**
 * The barcodes of a pass (ARCHITECTURE §6): the signed token's `pid` is a barcode id, not the pass
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

/**
 * The passes' current barcodes, issuing one for each pass that has none. Two first requests at once
 * cannot issue two: the issuing transaction locks the pass rows (in id order, so two batches never
 * deadlock), and the second one waits and then finds the first one's.
 */
export async function currentBarcodes(db: Db, passIds: readonly string[]): Promise<Map<string, BarcodeRow>> {
  const ids = [...new Set(passIds)];
  if (ids.length === 0) return new Map();
  const found = await findCurrent(db, ids);
  const missing = ids.filter((id) => !found.has(id)).sort();
  if (missing.length === 0) return found;
  return db.transaction(async (tx) => {
    await tx.select({ id: passes.id }).from(passes).where(inArray(passes.id, missing)).orderBy(passes.id).for('update');
    const issued = await findCurrent(tx, missing);
    const still = missing.filter((id) => !issued.has(id));
    const rows =
      still.length > 0
        ? await tx
            .insert(passBarcodes)
            .values(still.map((passId) => ({ passId })))
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

export interface RevocationList {
  /** Barcode ids that must no longer be accepted. */
  revoked: string[];
  /** The newest explicit revocation, or null when there is none: a client passes it back as `since`. */
  updatedAt: Date | null;
}

/**
 * Revoked barcodes (revoked after `since` when given) plus every barcode of a cancelled or rejected
 * pass. The latter carry no revocation time (the pass status changed, not the barcode), so they
 * are always listed: a superset is safe for a checking device, a gap would not be.
 */
export async function revocationList(db: Db, since: Date | null): Promise<RevocationList> {
  const revokedFilter = since ? gt(passBarcodes.revokedAt, since) : isNotNull(passBarcodes.revokedAt);
  const [revoked, ofClosedPasses, [newest]] = await Promise.all([
    db.select({ id: passBarcodes.id }).from(passBarcodes).where(revokedFilter),
    db
      .select({ id: passBarcodes.id })
      .from(passBarcodes)
      .innerJoin(passes, eq(passes.id, passBarcodes.passId))
      .where(and(inArray(passes.status, ['cancelled', 'rejected']), isNull(passBarcodes.revokedAt))),
    db.select({ at: max(passBarcodes.revokedAt) }).from(passBarcodes),
  ]);
  const ids = [...revoked, ...ofClosedPasses].map((row) => row.id).sort();
  return { revoked: ids, updatedAt: newest?.at ?? null };
}
