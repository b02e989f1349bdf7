import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { vouchers } from '../../db/schema/index.ts';

export type VoucherRow = typeof vouchers.$inferSelect;

/** Codes are stored upper-cased; what people type is trimmed and upper-cased to match. */
export const normaliseVoucherCode = (code: string) => code.trim().toUpperCase();

/** A usable-looking code: a disabled one (an organizer withdrew it) is as unknown as a code never issued. */
export async function findVoucher(db: Db, code: string): Promise<VoucherRow | undefined> {
  const [row] = await db
    .select()
    .from(vouchers)
    .where(and(eq(vouchers.code, normaliseVoucherCode(code)), isNull(vouchers.disabledAt)))
    .limit(1);
  return row;
}

/** Why a known code cannot be used right now, or null when it can. */
export function voucherProblem(row: VoucherRow, now = new Date()): 'expired' | 'used-up' | null {
  if (row.validUntil && row.validUntil <= now) return 'expired';
  if (row.maxUses !== null && row.usedCount >= row.maxUses) return 'used-up';
  return null;
}

/**
 * Counts one use of a code. One conditional UPDATE, like the pass pool: a redemption that waited
 * on the row lock re-checks the limit against the committed count, so a code is never used more
 * than `max_uses` times. False when the code is unknown, disabled, expired or used up.
 */
export async function redeemVoucher(db: Db, code: string): Promise<boolean> {
  const redeemed = await db
    .update(vouchers)
    .set({ usedCount: sql`${vouchers.usedCount} + 1` })
    .where(
      and(
        eq(vouchers.code, normaliseVoucherCode(code)),
        isNull(vouchers.disabledAt),
        or(isNull(vouchers.maxUses), lt(vouchers.usedCount, vouchers.maxUses)),
        or(isNull(vouchers.validUntil), gt(vouchers.validUntil, sql`now()`)),
      ),
    )
    .returning({ code: vouchers.code });
  return redeemed.length === 1;
}

/** Gives one use of a code back (a pending pass of an unconfirmed account took another choice). */
export async function unredeemVoucher(db: Db, code: string): Promise<void> {
  await db
    .update(vouchers)
    .set({ usedCount: sql`greatest(${vouchers.usedCount} - 1, 0)` })
    .where(eq(vouchers.code, normaliseVoucherCode(code)));
}
