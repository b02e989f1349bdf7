import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, gt, isNotNull, isNull, max, min, ne, type SQL, sql, sum } from 'drizzle-orm';
import type { Voucher, VoucherBatchRequest, VoucherBatchSummary } from '#shared/contracts/organizer-admin.ts';
import { csvDocument } from '#shared/csv.ts';
import type { Db } from '../../db/client.ts';
import { passTypes, vouchers } from '../../db/schema/index.ts';
import { recordAudit } from '../audit/audit-log.ts';

/*
 * Voucher batches for the organizer console. A code is the batch's prefix and a random
 * part from node:crypto: 12 symbols of a 32-letter alphabet without look-alikes (no 0/O, 1/I), 60
 * bits, far beyond guessing at the public check's rate limit. Codes are stored upper-cased.
 */

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const RANDOM_LENGTH = 12;

/** One random part: each symbol from 5 bits of a random byte, so every symbol is equally likely. */
export function randomCodePart(length = RANDOM_LENGTH): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte & 31];
  return out;
}

/** A prefix reads better with a hyphen before the random part: PRESS → PRESS-K7M2…; PRESS- stays. */
const joined = (prefix: string) => (prefix === '' || prefix.endsWith('-') ? prefix : `${prefix}-`);

/** The batch's name: its prefix (or CODES), the UTC time and 4 random symbols, e.g. PRESS-20261125-1402-X7KQ. */
export function batchName(prefix: string, now = new Date()): string {
  const iso = now.toISOString();
  const stamp = `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 16).replace(':', '')}`;
  return `${prefix.replace(/-+$/, '') || 'CODES'}-${stamp}-${randomCodePart(4)}`;
}

/** The pass types codes can be made for, in the catalogue's order. */
export async function voucherPassTypes(db: Db) {
  return db
    .select({ id: passTypes.id, name: passTypes.name, kind: passTypes.kind, active: passTypes.active })
    .from(passTypes)
    .where(ne(passTypes.kind, 'paid-upgrade'))
    .orderBy(asc(passTypes.position), asc(passTypes.id));
}

export type PassTypeProblem = 'unknown' | 'upgrade';

/** Why codes cannot be made for the pass type, or null: upgrades are bought for a pass, never registered with a code. */
export async function voucherPassTypeProblem(db: Db, passTypeId: number): Promise<PassTypeProblem | null> {
  const [type] = await db.select({ kind: passTypes.kind }).from(passTypes).where(eq(passTypes.id, passTypeId)).limit(1);
  if (!type) return 'unknown';
  return type.kind === 'paid-upgrade' ? 'upgrade' : null;
}

/** Makes the batch's codes and its audit record in one transaction; a rare duplicate code is drawn again. */
export async function createVoucherBatch(db: Db, actorUserId: string, request: VoucherBatchRequest) {
  const batch = batchName(request.prefix);
  const prefix = joined(request.prefix);
  const validUntil = request.validUntil ? new Date(request.validUntil) : null;
  return db.transaction(async (tx) => {
    const codes: string[] = [];
    for (let attempt = 0; codes.length < request.count && attempt < 5; attempt++) {
      const wanted = new Set<string>();
      while (wanted.size < request.count - codes.length) wanted.add(prefix + randomCodePart());
      const values = [...wanted].map((code) => ({
        code,
        passTypeId: request.passTypeId,
        codeType: request.codeType,
        maxUses: request.usesPerCode,
        validUntil,
        batch,
      }));
      for (let i = 0; i < values.length; i += 1000) {
        const rows = await tx
          .insert(vouchers)
          .values(values.slice(i, i + 1000))
          .onConflictDoNothing()
          .returning({ code: vouchers.code });
        codes.push(...rows.map((row) => row.code));
      }
    }
    if (codes.length < request.count) throw new Error('could not draw enough distinct voucher codes');
    await recordAudit(tx, {
      actorUserId,
      action: 'voucher.create',
      subject: batch,
      details: {
        count: codes.length,
        passTypeId: request.passTypeId,
        codeType: request.codeType,
        usesPerCode: request.usesPerCode,
        validUntil: request.validUntil,
        prefix: request.prefix,
      },
    });
    return { batch, count: codes.length, codes: codes.sort() };
  });
}

export interface VoucherFilter {
  batch?: string | undefined;
  passTypeId?: number | undefined;
}

const filterOf = (filter: VoucherFilter): SQL | undefined =>
  and(
    filter.batch ? eq(vouchers.batch, filter.batch) : undefined,
    filter.passTypeId ? eq(vouchers.passTypeId, filter.passTypeId) : undefined,
  );

const voucherColumns = {
  code: vouchers.code,
  passTypeId: vouchers.passTypeId,
  passTypeName: passTypes.name,
  codeType: vouchers.codeType,
  maxUses: vouchers.maxUses,
  usedCount: vouchers.usedCount,
  validUntil: vouchers.validUntil,
  batch: vouchers.batch,
  disabledAt: vouchers.disabledAt,
  createdAt: vouchers.createdAt,
};

type VoucherRow = { validUntil: Date | null; disabledAt: Date | null; createdAt: Date } & Omit<
  Voucher,
  'validUntil' | 'disabledAt' | 'createdAt'
>;

const toVoucher = (row: VoucherRow): Voucher => ({
  ...row,
  validUntil: row.validUntil?.toISOString() ?? null,
  disabledAt: row.disabledAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** A page of codes in code order (keyset: `after` is the last code of the previous page), with the filter's total. */
export async function listVouchers(db: Db, filter: VoucherFilter, after: string | undefined, limit: number) {
  const where = filterOf(filter);
  const [rows, [total]] = await Promise.all([
    db
      .select(voucherColumns)
      .from(vouchers)
      .innerJoin(passTypes, eq(passTypes.id, vouchers.passTypeId))
      .where(and(where, after ? gt(vouchers.code, after) : undefined))
      .orderBy(asc(vouchers.code))
      .limit(limit + 1),
    db.select({ n: count() }).from(vouchers).where(where),
  ]);
  const page = rows.slice(0, limit);
  return {
    vouchers: page.map(toVoucher),
    next: rows.length > limit ? (page.at(-1)?.code ?? null) : null,
    total: total?.n ?? 0,
  };
}

/** The batches, newest first, with their codes, uses and disabled codes. */
export async function listVoucherBatches(db: Db): Promise<VoucherBatchSummary[]> {
  const rows = await db
    .select({
      batch: vouchers.batch,
      codeType: min(vouchers.codeType),
      passTypeName: min(passTypes.name),
      codes: count(),
      used: sum(vouchers.usedCount).mapWith(Number),
      disabled: count(vouchers.disabledAt),
      createdAt: max(vouchers.createdAt),
    })
    .from(vouchers)
    .innerJoin(passTypes, eq(passTypes.id, vouchers.passTypeId))
    .where(isNotNull(vouchers.batch))
    .groupBy(vouchers.batch)
    .orderBy(desc(max(vouchers.createdAt)));
  return rows.map((row) => ({
    batch: row.batch ?? '',
    codeType: row.codeType ?? '',
    passTypeName: row.passTypeName ?? '',
    codes: row.codes,
    used: row.used ?? 0,
    disabled: row.disabled,
    createdAt: (row.createdAt ?? new Date(0)).toISOString(),
  }));
}

/** Disables one code (if still enabled); false when there is no such code. */
export async function disableVoucher(db: Db, actorUserId: string, code: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ code: vouchers.code }).from(vouchers).where(eq(vouchers.code, code)).for('update');
    if (!row) return false;
    const changed = await tx
      .update(vouchers)
      .set({ disabledAt: sql`now()` })
      .where(and(eq(vouchers.code, code), isNull(vouchers.disabledAt)))
      .returning({ code: vouchers.code });
    if (changed.length > 0) await recordAudit(tx, { actorUserId, action: 'voucher.disable', subject: code });
    return true;
  });
}

/** Disables every enabled code of a batch; null when the batch does not exist, else how many were disabled now. */
export async function disableVoucherBatch(db: Db, actorUserId: string, batch: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [exists] = await tx.select({ code: vouchers.code }).from(vouchers).where(eq(vouchers.batch, batch)).limit(1);
    if (!exists) return null;
    const changed = await tx
      .update(vouchers)
      .set({ disabledAt: sql`now()` })
      .where(and(eq(vouchers.batch, batch), isNull(vouchers.disabledAt)))
      .returning({ code: vouchers.code });
    await recordAudit(tx, {
      actorUserId,
      action: 'voucher.disable-batch',
      subject: batch,
      details: { disabled: changed.length },
    });
    return changed.length;
  });
}

const CSV_HEADER = ['Code', 'Pass type', 'Code type', 'Uses', 'Max uses', 'Valid until', 'Batch', 'Disabled at', 'Created at'];

/** The filter's codes as CSV (BOM, defused cells), in code order. */
export async function vouchersCsv(db: Db, filter: VoucherFilter): Promise<string> {
  const rows = await db
    .select(voucherColumns)
    .from(vouchers)
    .innerJoin(passTypes, eq(passTypes.id, vouchers.passTypeId))
    .where(filterOf(filter))
    .orderBy(asc(vouchers.code));
  return csvDocument(
    CSV_HEADER,
    rows.map((row) => [
      row.code,
      row.passTypeName,
      row.codeType,
      row.usedCount,
      row.maxUses,
      row.validUntil?.toISOString() ?? '',
      row.batch ?? '',
      row.disabledAt?.toISOString() ?? '',
      row.createdAt.toISOString(),
    ]),
  );
}
