import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import { integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { changeTx } from '../../db/schema/change-tx.ts';
import { createTestDatabase } from '../../testing/test-app.ts';
import {
  type ChangeCursor,
  type ChangeKey,
  changeColumns,
  changedAfter,
  changeOrder,
  changePage,
  formatCursor,
  pageLimit,
  parseCursor,
  startCursor,
} from './change-cursor.ts';

/*
 * The change cursor on a table of its own, stamped by the migration's trigger as the real tables
 * are: rows written in one transaction share their change_tx (and here their time too), so every
 * page boundary below falls inside a burst that a (time)-window would lose or repeat.
 */

const probe = pgTable('change_cursor_probe', {
  id: uuid('id').primaryKey(),
  n: integer('n').notNull(),
  at: timestamp('at', { withTimezone: true }).notNull(),
  changeTx: changeTx(),
});
const KEY: ChangeKey = { tx: probe.changeTx, id: probe.id };
const AT = new Date('2026-03-24T08:00:00.000Z');

let database: Database;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.execute(sql`create table change_cursor_probe (
    id uuid primary key, n integer not null, at timestamptz not null,
    change_tx xid8 not null default pg_current_xact_id())`);
  await db.execute(
    sql`create trigger change_cursor_probe_tx before insert or update on change_cursor_probe for each row execute function set_change_tx()`,
  );
}, 60_000);
afterAll(async () => database?.close());

async function page(cursor: ChangeCursor, limit: number, on: Db = db) {
  const rows = await on
    .select({ id: probe.id, n: probe.n, ...changeColumns(KEY) })
    .from(probe)
    .where(changedAfter(KEY, cursor))
    .orderBy(...changeOrder(KEY))
    .limit(pageLimit(limit));
  return changePage(rows, cursor, limit);
}

/**
 * Pages from `cursor` until complete (on PostgreSQL a transaction of another test database in the
 * cluster may hold a page back a moment): the rows in the order received, and the last cursor.
 */
async function drain(cursor: ChangeCursor, limit: number) {
  const rows: { id: string; n: number }[] = [];
  let next = cursor;
  // Pages that carried rows (not the empty ones a running transaction held back).
  let pages = 0;
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const answer = await page(next, limit);
    if (answer.rows.length > 0) pages++;
    rows.push(...answer.rows);
    next = parseCursor(answer.cursor) ?? next;
    if (answer.complete) return { rows, cursor: next, pages };
    if (answer.rows.length === 0) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the download never completed (${rows.length} rows came)`);
}

/** `count` rows in ONE transaction, all at the same instant. */
async function burst(count: number, from: number) {
  const rows = Array.from({ length: count }, (_, i) => ({ id: randomUUID(), n: from + i, at: AT }));
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 500) await tx.insert(probe).values(rows.slice(i, i + 500));
  });
  return rows;
}

describe('the cursor text', () => {
  it('round-trips, with and without a view', () => {
    const id = randomUUID();
    for (const cursor of [startCursor(), startCursor('v1'), { tx: '18446744073709551615', id, view: null }]) {
      expect(parseCursor(formatCursor(cursor))).toEqual(cursor);
    }
    expect(formatCursor({ tx: '812', id, view: 'Ab_-9' })).toBe(`812.${id}.Ab_-9`);
    // Leading zeros name the same transaction.
    expect(parseCursor(`00812.${id}`)).toEqual({ tx: '812', id, view: null });
  });

  it('refuses anything else, so a bad cursor is a 400 and never reaches the database', () => {
    const id = randomUUID();
    for (const text of [
      '',
      'abc',
      `${id}`,
      `12.${id.toUpperCase()}`,
      `-1.${id}`,
      `1.5.${id}`,
      `18446744073709551616.${id}`,
      `123456789012345678901.${id}`,
      `12.${id}.`,
      `12.${id}.v/1`,
      `12.${id}.${'v'.repeat(65)}`,
      `12.not-a-uuid`,
      `12.${id} `,
    ]) {
      expect(parseCursor(text), text).toBeNull();
    }
  });
});

describe('a page', () => {
  const row = (tx: number, changeDone = true) => ({ n: tx, changeTx: String(tx), changeId: randomUUID(), changeDone });

  it('holds up to the limit, says whether more came, and moves the cursor to its last row', () => {
    const rows = [row(5), row(5), row(6)];
    const full = changePage(rows, startCursor('v'), 2);
    expect(full.rows).toEqual([{ n: 5 }, { n: 5 }]);
    expect(full).toMatchObject({ cursor: `5.${rows[1]?.changeId}.v`, complete: false });
    expect(changePage(rows, startCursor(), 3)).toMatchObject({ cursor: `6.${rows[2]?.changeId}`, complete: true });
    expect(changePage([], startCursor('v'), 3)).toEqual({ rows: [], cursor: formatCursor(startCursor('v')), complete: true });
  });

  it('stops before the first row a running transaction holds back, and is then not complete', () => {
    const rows = [row(5), row(9, false), row(12, false)];
    const page = changePage(rows, startCursor(), 1000);
    expect(page.rows).toEqual([{ n: 5 }]);
    expect(page).toMatchObject({ cursor: `5.${rows[0]?.changeId}`, complete: false });
    const held = changePage(rows.slice(1), parseCursor(page.cursor) ?? startCursor(), 1000);
    expect(held).toEqual({ rows: [], cursor: page.cursor, complete: false });
  });
});

describe('paging in change order', () => {
  it('hands out 5,000 rows of equal transaction and time exactly once across page boundaries, in any page size', async () => {
    const written = [...(await burst(2500, 0)), ...(await burst(1, 2500)), ...(await burst(2499, 2501))];
    for (const limit of [1000, 333, 49]) {
      const { rows } = await drain(startCursor(), limit);
      expect(rows.map((row) => row.n)).toHaveLength(5000);
      expect(new Set(rows.map((row) => row.id)).size).toBe(5000);
      // The bursts come in the order they were written; within one, by id.
      expect(rows.slice(0, 2500).every((row) => row.n < 2500)).toBe(true);
      expect(rows[2500]?.n).toBe(2500);
      const firstBurst = rows.slice(0, 2500).map((row) => row.id);
      expect(firstBurst).toEqual([...firstBurst].sort());
    }
    expect(written).toHaveLength(5000);
  }, 120_000);

  it('answers an empty page with the same cursor and complete, then only what came since', async () => {
    const { cursor } = await drain(startCursor(), 1000);
    const empty = await page(cursor, 1000);
    expect(empty).toEqual({ rows: [], cursor: formatCursor(cursor), complete: true });

    const later = await burst(3, 9000);
    const next = await drain(cursor, 2);
    expect(next.rows.map((row) => row.id).sort()).toEqual(later.map((row) => row.id).sort());
    expect(next.pages).toBe(2);
  });

  it('loses and repeats nothing while bursts are written between the pages', async () => {
    let cursor = (await drain(startCursor(), 1000)).cursor;
    const received: string[] = [];
    const written: string[] = [];
    for (let round = 0; round < 6; round++) {
      written.push(...(await burst(400, 10_000 + round * 400)).map((row) => row.id));
      const answer = await page(cursor, 250);
      received.push(...answer.rows.map((row) => row.id));
      cursor = parseCursor(answer.cursor) ?? cursor;
    }
    const rest = await drain(cursor, 250);
    received.push(...rest.rows.map((row) => row.id));
    expect(received).toHaveLength(written.length);
    expect(new Set(received)).toEqual(new Set(written));
  });

  it('moves an updated row forward: sent again once, after everything before its update', async () => {
    const { cursor } = await drain(startCursor(), 1000);
    const [first, second] = await burst(2, 20_000);
    await db
      .update(probe)
      .set({ n: 20_100 })
      .where(eq(probe.id, first?.id ?? ''));
    const { rows } = await drain(cursor, 1);
    expect(rows.map((row) => row.id)).toEqual([second?.id, first?.id]);
    expect(rows.at(-1)?.n).toBe(20_100);
  });
});

// PGlite runs one transaction at a time; only PostgreSQL can commit an older transaction after a newer one.
describe.runIf(process.env.TEST_DATABASE_URL)('a transaction that commits late (PostgreSQL)', () => {
  it('holds back newer rows until it has finished, so its own rows are never skipped', async () => {
    const cursor = (await drain(startCursor(), 1000)).cursor;
    const early = randomUUID();
    const late = randomUUID();
    await db.transaction(async (tx) => {
      // This transaction writes first, so it has the older id; it commits last.
      await tx.insert(probe).values({ id: early, n: 30_000, at: AT });
      // Another connection writes and commits meanwhile.
      await db.insert(probe).values({ id: late, n: 30_001, at: AT });
      // The newer row is there, but not handed out: the device is told to come back.
      const answer = await page(cursor, 1000);
      expect(answer).toEqual({ rows: [], cursor: formatCursor(cursor), complete: false });
    });
    const { rows } = await drain(cursor, 1000);
    expect(rows.map((row) => row.id)).toEqual([early, late]);
    await db.delete(probe).where(inArray(probe.id, [early, late]));
  });
});
