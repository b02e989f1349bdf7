import { sql } from 'drizzle-orm';
import { customType } from 'drizzle-orm/pg-core';

/**
 * PostgreSQL's 64-bit transaction id (xid8), as a decimal string: both drivers hand it back as text,
 * and it can exceed a JavaScript number.
 */
export const xid8 = customType<{ data: string; driverData: string }>({
  dataType: () => 'xid8',
  fromDriver: (value) => String(value),
});

/**
 * The transaction that last wrote the row: the change cursor of the incremental downloads
 * (server/services/sync/change-cursor.ts). A BEFORE INSERT OR UPDATE trigger (migration 0023) sets it to
 * pg_current_xact_id() on every write; the default only fills the rows that existed before.
 */
export const changeTx = (name = 'change_tx') => xid8(name).notNull().default(sql`pg_current_xact_id()`);
