import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ApprovalResult, PassSource } from '#shared/contracts/organizer-people.ts';
import type { Db } from '../../db/client.ts';
import { lockUser } from '../../db/locking.ts';
import { passBarcodes, passClaims, passes, passPools, passTypes, users, vouchers } from '../../db/schema/index.ts';
import { HttpProblem, keyedProblem } from '../../plugins/errors.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { refundPassOrders } from '../orders/pass-refunds.ts';
import type { PaymentProvider } from '../payments/provider.ts';

/**
 * The organizer's decisions on passes: rejecting pending passes, cancelling a pass,
 * reissuing a lost badge's barcode. Each runs in the caller's transaction and records itself in the
 * audit log there; mails go out after commit (the routes send them).
 */

/** Why a barcode went on the revocation list, stored in pass_barcodes.revoked_reason. */
export type OrganizerRevocation = 'rejected' | 'cancelled' | 'lost';

/**
 * How a pass came about, as SQL over `passes` joined to `vouchers` (left, on the pass's code):
 * a voucher code; a free pass from the pool (the holder has a pass claim: held, consumed, or given
 * back by a rejection or cancellation); anything else was bought (or given by an upgrade).
 */
export const passSourceSql = sql<PassSource>`case
  when ${passes.voucherCode} is not null then 'voucher'
  when exists (select 1 from ${passClaims} where ${passClaims.userId} = ${passes.userId}) then 'free-pool'
  else 'purchase' end`;

/** The holder and pass columns the decisions and their mails need. */
const holderColumns = {
  passId: passes.id,
  userId: users.id,
  email: users.email,
  firstName: users.firstName,
  passType: passTypes.name,
  status: passes.status,
  language: users.language,
};
export interface PassHolder {
  passId: string;
  userId: string;
  email: string;
  firstName: string;
  passType: string;
  status: (typeof passes.$inferSelect)['status'];
  /** The holder's language, for the mail about the decision. */
  language: (typeof users.$inferSelect)['language'];
}

/** Revokes every current barcode of the passes (their revocation time puts them on the list devices fetch). */
export async function revokeBarcodesOf(
  tx: Db,
  passIds: readonly string[],
  reason: OrganizerRevocation,
  now: Date,
): Promise<string[]> {
  if (passIds.length === 0) return [];
  const revoked = await tx
    .update(passBarcodes)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(inArray(passBarcodes.passId, [...passIds]), isNull(passBarcodes.revokedAt)))
    .returning({ id: passBarcodes.id });
  return revoked.map((row) => row.id);
}

/**
 * Gives the free passes of these holders back to their pools: each of their claims still counted
 * (held or consumed) flips to 'released' in one conditional UPDATE, and each pool's `taken` goes
 * down by what this call flipped. Two transactions releasing the same claim serialise on its row
 * lock; the second no longer matches and releases nothing, so a pass returns exactly once.
 */
export async function releaseFreePasses(tx: Db, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const released = await tx
    .update(passClaims)
    .set({ status: 'released' })
    .where(and(inArray(passClaims.userId, [...userIds]), inArray(passClaims.status, ['held', 'consumed'])))
    .returning({ poolKey: passClaims.poolKey, userId: passClaims.userId });
  const perPool = new Map<string, number>();
  for (const { poolKey } of released) perPool.set(poolKey, (perPool.get(poolKey) ?? 0) + 1);
  for (const [key, count] of [...perPool].sort(([a], [b]) => a.localeCompare(b))) {
    await tx
      .update(passPools)
      .set({ taken: sql`greatest(${passPools.taken} - ${count}, 0)` })
      .where(eq(passPools.key, key));
  }
  return new Set(released.flatMap((row) => (row.userId ? [row.userId] : [])));
}

export interface RejectionOutcome {
  results: ApprovalResult[];
  /** The holders rejected by this call (to be mailed after commit). */
  rejected: PassHolder[];
}

/** The status of each pass now (for the per-pass answer of a batch). */
async function statusesOf(tx: Db, passIds: readonly string[]) {
  const rows = await tx
    .select({ id: passes.id, status: passes.status })
    .from(passes)
    .where(inArray(passes.id, [...passIds]));
  return new Map(rows.map((row) => [row.id, row.status]));
}

/** The per-pass answer of a batch: changed now, had that decision already, or neither. */
export async function batchResults(
  tx: Db,
  passIds: readonly string[],
  changed: ReadonlySet<string>,
  decided: 'approved' | 'rejected',
): Promise<ApprovalResult[]> {
  const statuses = await statusesOf(tx, passIds);
  return passIds.map((passId) => {
    const status = statuses.get(passId) ?? null;
    if (changed.has(passId)) return { passId, outcome: decided, status };
    return { passId, outcome: status === decided ? 'already' : 'not-pending', status };
  });
}

/**
 * Rejects those of the passes that are pending: status 'rejected' (the conditional update lets one
 * of two concurrent rejections through), every barcode revoked, free passes given back to the pool
 * once, one audit entry per pass.
 */
export async function rejectPendingPasses(
  tx: Db,
  passIds: readonly string[],
  actorUserId: string,
  now = new Date(),
): Promise<RejectionOutcome> {
  const ids = [...new Set(passIds)];
  const changed = await tx
    .update(passes)
    .set({ status: 'rejected' })
    .where(and(inArray(passes.id, ids), eq(passes.status, 'pending')))
    .returning({ id: passes.id });
  const rejectedIds = changed.map((row) => row.id);
  let rejected: PassHolder[] = [];
  if (rejectedIds.length > 0) {
    rejected = await tx
      .select(holderColumns)
      .from(passes)
      .innerJoin(users, eq(users.id, passes.userId))
      .innerJoin(passTypes, eq(passTypes.id, passes.passTypeId))
      .where(inArray(passes.id, rejectedIds));
    await revokeBarcodesOf(tx, rejectedIds, 'rejected', now);
    const freed = await releaseFreePasses(
      tx,
      rejected.map((holder) => holder.userId),
    );
    await recordAudit(
      tx,
      ...rejected.map((holder) => ({
        actorUserId,
        action: 'pass.reject',
        subjectUserId: holder.userId,
        subject: holder.passType,
        details: { passId: holder.passId, returnedToPool: freed.has(holder.userId) },
      })),
    );
  }
  return { results: await batchResults(tx, passIds, new Set(rejectedIds), 'rejected'), rejected };
}

/** The holder's pass, locked for the change (null without one). */
export async function lockedPassOfUser(tx: Db, userId: string): Promise<PassHolder | null> {
  const [row] = await tx
    .select(holderColumns)
    .from(passes)
    .innerJoin(users, eq(users.id, passes.userId))
    .innerJoin(passTypes, eq(passTypes.id, passes.passTypeId))
    .where(eq(passes.userId, userId))
    .for('update', { of: passes });
  return row ?? null;
}

export const NO_PASS = 'This person has no pass.';

/** A lost badge: the current barcode is revoked ('lost') and a new one issued at once. Approved passes only. */
export async function reissueBarcode(tx: Db, userId: string, actorUserId: string, now = new Date()) {
  const holder = await lockedPassOfUser(tx, userId);
  if (!holder) throw new HttpProblem(409, NO_PASS);
  if (holder.status !== 'approved') {
    throw keyedProblem(409, 'attendee.reissueNotApproved', { passType: holder.passType, status: holder.status });
  }
  const revoked = await revokeBarcodesOf(tx, [holder.passId], 'lost', now);
  const [issued] = await tx
    .insert(passBarcodes)
    .values({ passId: holder.passId, issuedAt: now })
    .returning({ id: passBarcodes.id });
  if (!issued) throw new Error('barcode insert returned nothing');
  await recordAudit(tx, {
    actorUserId,
    action: 'barcode.reissue',
    subjectUserId: userId,
    subject: holder.passType,
    details: { passId: holder.passId, revoked, issued: issued.id, reason: 'lost' },
  });
  return { holder, revoked, issued: issued.id };
}

/**
 * Cancels a pending or approved pass: status 'cancelled', barcodes revoked, a free pass back to its
 * pool, paid pass orders refunded with credit notes; one audit entry.
 */
export async function cancelPass(
  tx: Db,
  providers: readonly PaymentProvider[],
  userId: string,
  actorUserId: string,
  now = new Date(),
) {
  // The per-user lock first, as every change of the user's orders takes it (a VAT correction too).
  await lockUser(tx, userId);
  const holder = await lockedPassOfUser(tx, userId);
  if (!holder) throw new HttpProblem(409, NO_PASS);
  if (holder.status !== 'pending' && holder.status !== 'approved') {
    throw keyedProblem(409, 'attendee.alreadyClosed', { passType: holder.passType, status: holder.status });
  }
  const changed = await tx
    .update(passes)
    .set({ status: 'cancelled' })
    .where(and(eq(passes.id, holder.passId), inArray(passes.status, ['pending', 'approved'])))
    .returning({ id: passes.id });
  if (changed.length === 0) throw keyedProblem(409, 'attendee.passChanged', { passType: holder.passType });
  const revoked = await revokeBarcodesOf(tx, [holder.passId], 'cancelled', now);
  const returnedToPool = (await releaseFreePasses(tx, [userId])).size > 0;
  const refunded = await refundPassOrders(tx, providers, userId, now);
  await recordAudit(tx, {
    actorUserId,
    action: 'pass.cancel',
    subjectUserId: userId,
    subject: holder.passType,
    details: { passId: holder.passId, previousStatus: holder.status, revoked, returnedToPool, refunds: refunded },
  });
  return { holder, revoked, returnedToPool, refunded };
}

/** The voucher code type of a pass's code (left join helper for queue and detail). */
export const voucherJoin = eq(vouchers.code, passes.voucherCode);
