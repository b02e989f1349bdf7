import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passes, passTypes, users } from '../../db/schema/index.ts';
import { readEventDates } from '../event/event-config.ts';
import { badgeColumns, currentBarcodes } from '../passes/pass-barcodes.ts';
import type { PassSigner } from '../passes/pass-signing.ts';
import type { PrintedBadge } from './badge-pdf.ts';

/** Whom to print: everyone with an approved pass, narrowed to one person or one pass type. */
export interface BadgeFilter {
  userId?: string | undefined;
  passTypeId?: number | undefined;
}

/** People read per query: a few hundred keeps memory flat and the queries few. */
export const BADGE_PAGE_SIZE = 250;

function where(filter: BadgeFilter, after: string | null): SQL | undefined {
  return and(
    eq(passes.status, 'approved'),
    filter.userId ? eq(passes.userId, filter.userId) : undefined,
    filter.passTypeId ? eq(passes.passTypeId, filter.passTypeId) : undefined,
    after ? gt(passes.id, after) : undefined,
  );
}

export async function hasBadge(db: Db, filter: BadgeFilter): Promise<boolean> {
  const [row] = await db.select({ id: passes.id }).from(passes).where(where(filter, null)).limit(1);
  return row !== undefined;
}

/**
 * The badges of the filter's approved passes, a page at a time in pass id order (keyset paging, so
 * a page costs the same at the end as at the start). Each carries the pass's current barcode token,
 * issued here when the pass has none: the same one its holder's app shows (GET /api/pass/barcode).
 */
export async function* printedBadgePages(
  db: Db,
  signer: PassSigner,
  filter: BadgeFilter,
  pageSize = BADGE_PAGE_SIZE,
): AsyncGenerator<PrintedBadge[]> {
  const event = await readEventDates(db);
  let after: string | null = null;
  for (;;) {
    const rows = await db
      .select(badgeColumns)
      .from(passes)
      .innerJoin(passTypes, eq(passTypes.id, passes.passTypeId))
      .innerJoin(users, eq(users.id, passes.userId))
      .where(where(filter, after))
      .orderBy(asc(passes.id))
      .limit(pageSize);
    if (rows.length === 0) return;
    const barcodes = await currentBarcodes(
      db,
      rows.map((row) => row.passId),
    );
    const badges: PrintedBadge[] = [];
    for (const row of rows) {
      const barcode = barcodes.get(row.passId);
      if (!barcode) throw new Error(`no barcode issued for pass ${row.passId}`);
      badges.push({
        token: await signer.signPass({ id: barcode.id, typeName: row.typeName }, row, event),
        name: `${row.firstName} ${row.lastName}`.trim(),
        company: row.company,
        passType: row.typeName,
      });
    }
    yield badges;
    if (rows.length < pageSize) return;
    after = rows.at(-1)?.passId ?? null;
  }
}
