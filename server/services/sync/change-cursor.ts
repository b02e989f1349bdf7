import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { CHANGES_PAGE_MAX } from '#shared/contracts/changes.ts';
import { says } from '#shared/validation.ts';

/*
 * The one cursor of every "changes since" download (docs/architecture.md §5): check-in events of
 * a list, revocations, a scanner's leads.
 *
 * Rows are ordered by (change_tx, id): change_tx is the xid8 of the transaction that last wrote the
 * row (a trigger stamps it, migration 0023), id the row's uuid. A page holds the rows after the
 * cursor, in that order, up to the first row of a transaction not older than the oldest one still
 * running (pg_snapshot_xmin): until that one has finished it may still commit rows that sort before
 * (transaction ids are handed out at the first write, not at commit), so the page stops there and
 * says it is not complete; every transaction older than that has finished, and any write to come
 * gets a newer id, so an upload that commits late can never land behind a cursor a device already
 * holds. Rows of one transaction share a change_tx and the id breaks the tie, so a page boundary
 * inside a burst (5,000 check-ins at one instant) loses nothing and repeats nothing; an updated row
 * moves forward.
 *
 * Devices see the cursor as an opaque string: `<tx>.<id>`, plus `.<view>` where the rows depend on
 * who asks (a scanner's team): a cursor of another view makes the download start over.
 */

export interface ChangeCursor {
  /** change_tx of the last row the device has (decimal xid8; 0 before any). */
  tx: string;
  /** Its id (the nil uuid before any). */
  id: string;
  /** What the rows were selected by, when that can change (a fingerprint); null when it cannot. */
  view: string | null;
}

const NIL_UUID = '00000000-0000-0000-0000-000000000000';
const XID8_MAX = 2n ** 64n - 1n;
const CURSOR = /^(\d{1,20})\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\.([\w-]{1,64}))?$/;

/** Before every row: a device's first download. */
export const startCursor = (view: string | null = null): ChangeCursor => ({ tx: '0', id: NIL_UUID, view });

export function formatCursor({ tx, id, view }: ChangeCursor): string {
  return view === null ? `${tx}.${id}` : `${tx}.${id}.${view}`;
}

/** The cursor a string names, or null when it is not one (a forged, truncated or out-of-range cursor). */
export function parseCursor(text: string): ChangeCursor | null {
  const match = CURSOR.exec(text);
  if (!match) return null;
  const [, tx = '', id = '', view] = match;
  if (BigInt(tx) > XID8_MAX) return null;
  return { tx: BigInt(tx).toString(), id, view: view ?? null };
}

/** The query fields of a download: `cursor` (absent on the first) and the page size. */
export const changesQuery = {
  cursor: z
    .string()
    .refine((text) => parseCursor(text) !== null, { error: says('cursorInvalid') })
    .optional(),
  limit: z.coerce.number().int().min(1).max(CHANGES_PAGE_MAX).default(CHANGES_PAGE_MAX),
};

/** The validated cursor of a request, or the start. */
export function requestCursor(text: string | undefined): ChangeCursor {
  return (text === undefined ? null : parseCursor(text)) ?? startCursor();
}

/**
 * Where a row stands in the change order: an xid8 expression (a change_tx column, or the greatest
 * of several when a row shows data of other tables) and the row's uuid.
 */
export interface ChangeKey {
  tx: AnyColumn | SQL;
  id: AnyColumn | SQL;
}

/** The selected columns that give a row's place in the order and whether it may be handed out yet (read back by changePage). */
export const changeColumns = (key: ChangeKey) => ({
  changeTx: sql<string>`(${key.tx})::text`,
  changeId: sql<string>`(${key.id})::text`,
  changeDone: sql<boolean>`(${key.tx}) < pg_snapshot_xmin(pg_current_snapshot())`,
});

/** Rows after the cursor. */
export const changedAfter = (key: ChangeKey, cursor: ChangeCursor): SQL =>
  sql`((${key.tx}), (${key.id})) > (${cursor.tx}::xid8, ${cursor.id}::uuid)`;

/** The change order: use with `.orderBy(...changeOrder(key))` and `.limit(pageLimit(limit))`. */
export const changeOrder = (key: ChangeKey): SQL[] => [sql`(${key.tx}) asc`, sql`(${key.id}) asc`];

/** One row more than the page holds, so the page knows whether it is the last. */
export const pageLimit = (limit: number) => limit + 1;

export interface ChangePage<T> {
  rows: T[];
  /** The cursor after the page's last row; the request's own when the page is empty. */
  cursor: string;
  /**
   * The device has every change now. False: ask again with the cursor, at once after a full page,
   * a moment later after an empty one (changes of a transaction still running held the page back).
   */
  complete: boolean;
}

type KeyColumns = { changeTx: string; changeId: string; changeDone: boolean };

/**
 * The page from the rows a query read with changedAfter, changeOrder and pageLimit: at most `limit`
 * rows without their key columns, none from the first row a running transaction holds back on (all
 * after it sort later), the next cursor (in the same view) and whether that was all.
 */
export function changePage<T extends KeyColumns>(
  rows: readonly T[],
  cursor: ChangeCursor,
  limit: number,
): ChangePage<Omit<T, keyof KeyColumns>> {
  const held = rows.findIndex((row) => !row.changeDone);
  const page = rows.slice(0, held === -1 ? limit : Math.min(held, limit));
  const last = page.at(-1);
  const next = last ? { tx: last.changeTx, id: last.changeId, view: cursor.view } : cursor;
  return {
    rows: page.map(({ changeTx: _tx, changeId: _id, changeDone: _done, ...row }) => row),
    cursor: formatCursor(next),
    complete: held === -1 && rows.length <= limit,
  };
}
