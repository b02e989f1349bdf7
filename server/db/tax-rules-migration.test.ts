import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../paths.ts';
import { type Database, openDatabase } from './client.ts';
import { invoices, orders } from './schema/index.ts';

/**
 * Migration 0020 (tax rules): rows written by the app before it, with reverse charge and a
 * single rate per order, come out with every line annotated, issued invoices with exactly their
 * amounts, open orders priced by the tax rules, and the VIES confirmation columns gone.
 */

const BEFORE = '0020_tax-rules';
let database: Database;
let folder: string;

/** An empty database: PGlite, or a reset PostgreSQL one when TEST_DATABASE_URL is set. */
async function emptyDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ pglite: await PGlite.create() });
  const opened = await openDatabase({ url });
  await opened.db.execute(sql`drop schema if exists public cascade`);
  await opened.db.execute(sql`drop schema if exists drizzle cascade`);
  await opened.db.execute(sql`create schema public`);
  return opened;
}

/** The migrations up to (not including) `tag`, in a folder of their own. */
function migrationsBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'migrations-'));
  cpSync(MIGRATIONS_DIR, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

async function migrateWith(migrationsFolder: string) {
  if (database.kind === 'postgres') await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder });
  else await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder });
}

const rows = async <T>(query: ReturnType<typeof sql>) => ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

const PASS = { kind: 'pass', description: 'Business Pass', quantity: 1, unitPrice: 29_900, net: 29_900 };
const HOTEL = {
  kind: 'hotel',
  description: 'Hotel Colosseo, Comfort Single, 2026-03-23 to 2026-03-27 (4 nights)',
  quantity: 4,
  unitPrice: 16_900,
  net: 67_600,
};
const json = (value: unknown) => JSON.stringify(value);

let ids: Record<string, string>;

beforeAll(async () => {
  database = await emptyDatabase();
  folder = migrationsBefore(BEFORE);
  await migrateWith(folder);

  // As the app wrote them before migration 0020.
  const [at] = await rows<{ id: number }>(
    sql`insert into countries (code, name, is_eu) values ('AT', 'Austria', true) returning id`,
  );
  const [de] = await rows<{ id: number }>(
    sql`insert into countries (code, name, is_eu) values ('DE', 'Germany', true) returning id`,
  );
  const user = async (email: string) =>
    (await rows<{ id: string }>(sql`insert into users (email, password_hash) values (${email}, 'x') returning id`))[0]?.id ?? '';
  const austrian = await user('rc@beispiel.example');
  const german = await user('de@beispiel.example');
  const moved = await user('moved@beispiel.example');
  await database.db.execute(sql`
    insert into addresses (user_id, type, company, vat_id, address_line1, zip, city, country_id, vat_confirmed_id, vat_confirmed_at, vat_confirmation_reference)
    values (${austrian}, 'billingAddress', 'Beispiel GmbH', 'ATU13585627', 'Ringstraße 1', '1010', 'Wien', ${at?.id}, 'ATU13585627', now(), 'WAPIAAAAZ1Q2w3E4'),
           (${german}, 'billingAddress', '', '', 'Teststraße 1', '12345', 'Teststadt', ${de?.id}, null, null, null),
           (${moved}, 'billingAddress', '', '', 'Neue Straße 9', '80331', 'München', ${de?.id}, null, null, null)`);

  const order = async (
    userId: string,
    status: string,
    lines: unknown[],
    net: number,
    basisPoints: number,
    vat: number,
    reverseCharge: boolean,
  ) =>
    (
      await rows<{ id: string }>(sql`
        insert into orders (user_id, kind, status, lines, net, vat_basis_points, vat, gross, reverse_charge)
        values (${userId}, 'registration', ${status}, ${json(lines)}::jsonb, ${net}, ${basisPoints}, ${vat}, ${net + vat}, ${reverseCharge})
        returning id`)
    )[0]?.id ?? '';
  const reverseOrder = await order(austrian, 'paid', [PASS, HOTEL], 97_500, 0, 0, true);
  const germanOrder = await order(german, 'paid', [PASS, HOTEL], 97_500, 1900, 18_525, false);
  const movedOrder = await order(moved, 'paid', [PASS], 29_900, 1900, 5_681, false);
  const openOrder = await order(austrian, 'open', [PASS, HOTEL], 97_500, 0, 0, true);

  const invoice = async (
    userId: string,
    orderId: string,
    sequence: number,
    buyer: unknown,
    lines: unknown[],
    totals: { net: number; basisPoints: number; vat: number; reverseCharge: boolean; kind?: string },
  ) =>
    (
      await rows<{ id: string }>(sql`
        insert into invoices (user_id, order_id, kind, year, sequence, number, buyer, lines, net, vat_basis_points, vat, gross, reverse_charge)
        values (${userId}, ${orderId}, ${totals.kind ?? 'invoice'}, 2026, ${sequence}, ${`CF-2026-${String(sequence).padStart(6, '0')}`},
                ${json(buyer)}::jsonb, ${json(lines)}::jsonb, ${totals.net}, ${totals.basisPoints}, ${totals.vat}, ${totals.net + totals.vat}, ${totals.reverseCharge})
        returning id`)
    )[0]?.id ?? '';
  const confirmation = { confirmedAt: '2026-02-09T23:30:00.000Z', reference: 'WAPIAAAAZ1Q2w3E4' };
  ids = {
    reverseOrder,
    germanOrder,
    openOrder,
    reverseInvoice: await invoice(
      austrian,
      reverseOrder,
      1,
      {
        name: 'Rc',
        company: 'Beispiel GmbH',
        address: ['Ringstraße 1', '1010 Wien', 'Austria'],
        vatId: 'ATU13585627',
        email: 'rc@beispiel.example',
        vatConfirmation: confirmation,
      },
      [PASS, HOTEL],
      { net: 97_500, basisPoints: 0, vat: 0, reverseCharge: true },
    ),
    germanInvoice: await invoice(
      german,
      germanOrder,
      2,
      {
        name: 'De',
        company: '',
        address: ['Teststraße 1', '12345 Teststadt', 'Germany'],
        vatId: '',
        email: 'de@beispiel.example',
      },
      [PASS, HOTEL],
      { net: 97_500, basisPoints: 1900, vat: 18_525, reverseCharge: false },
    ),
    germanCreditNote: await invoice(
      german,
      germanOrder,
      3,
      {
        name: 'De',
        company: '',
        address: ['Teststraße 1', '12345 Teststadt', 'Germany'],
        vatId: '',
        email: 'de@beispiel.example',
      },
      [{ ...HOTEL, unitPrice: -16_900, net: -67_600 }],
      { net: -67_600, basisPoints: 1900, vat: -12_844, reverseCharge: false, kind: 'credit-note' },
    ),
    movedInvoice: await invoice(
      moved,
      movedOrder,
      4,
      {
        name: 'Mo',
        company: '',
        address: ['Alte Straße 1', '10115 Berlin', 'Germany'],
        vatId: '',
        email: 'moved@beispiel.example',
      },
      [PASS],
      { net: 29_900, basisPoints: 1900, vat: 5_681, reverseCharge: false },
    ),
  };

  await migrateWith(MIGRATIONS_DIR);
});

afterAll(async () => {
  await database?.close();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

const invoiceById = async (id: string) => (await database.db.select().from(invoices).where(sql`${invoices.id} = ${id}`))[0];
const orderById = async (id: string) => (await database.db.select().from(orders).where(sql`${orders.id} = ${id}`))[0];

describe('migration 0020 (tax rules)', () => {
  it('keeps an old reverse-charge invoice exactly as issued, its lines in category AE at 0, its VIES confirmation kept', async () => {
    const invoice = await invoiceById(ids.reverseInvoice ?? '');
    expect(invoice).toMatchObject({ net: 97_500, vat: 0, gross: 97_500 });
    expect(invoice?.lines).toEqual([
      { ...PASS, vatCategory: 'AE', vatBasisPoints: 0 },
      { ...HOTEL, vatCategory: 'AE', vatBasisPoints: 0 },
    ]);
    expect(invoice?.buyer.vatConfirmation).toEqual({ confirmedAt: '2026-02-09T23:30:00.000Z', reference: 'WAPIAAAAZ1Q2w3E4' });
    expect((await orderById(ids.reverseOrder ?? ''))?.lines.map((line) => line.vatCategory)).toEqual(['AE', 'AE']);
  });

  it('keeps an old 19 % invoice and its credit note exactly as issued, every line at the rate it was sold at', async () => {
    const invoice = await invoiceById(ids.germanInvoice ?? '');
    expect(invoice).toMatchObject({ net: 97_500, vat: 18_525, gross: 116_025 });
    expect(invoice?.lines).toEqual([
      { ...PASS, vatCategory: 'S', vatBasisPoints: 1900 },
      { ...HOTEL, vatCategory: 'S', vatBasisPoints: 1900 },
    ]);
    const note = await invoiceById(ids.germanCreditNote ?? '');
    expect(note).toMatchObject({ net: -67_600, vat: -12_844, gross: -80_444 });
    expect(note?.lines).toEqual([{ ...HOTEL, unitPrice: -16_900, net: -67_600, vatCategory: 'S', vatBasisPoints: 1900 }]);
    expect(await orderById(ids.germanOrder ?? '')).toMatchObject({ net: 97_500, vat: 18_525, gross: 116_025 });
  });

  it('prices an open order by the tax rules: no reverse charge, the pass at 19 % and the nights at 7 %', async () => {
    const open = await orderById(ids.openOrder ?? '');
    expect(open).toMatchObject({ status: 'open', net: 97_500, vat: 5_681 + 4_732, gross: 97_500 + 5_681 + 4_732 });
    expect(open?.lines.map((line) => [line.kind, line.vatCategory, line.vatBasisPoints])).toEqual([
      ['pass', 'S', 1900],
      ['hotel', 'S', 700],
    ]);
  });

  it('adds the address parts to invoices whose printed address is still the billing address, and to no other', async () => {
    expect((await invoiceById(ids.reverseInvoice ?? ''))?.buyer.postal).toEqual({
      line1: 'Ringstraße 1',
      line2: '',
      postcode: '1010',
      city: 'Wien',
      state: '',
      countryCode: 'AT',
    });
    expect((await invoiceById(ids.germanCreditNote ?? ''))?.buyer.postal).toMatchObject({ city: 'Teststadt', countryCode: 'DE' });
    expect((await invoiceById(ids.movedInvoice ?? ''))?.buyer).not.toHaveProperty('postal');
  });

  it('drops the reverse-charge and VIES columns and table, and adds the buyer reference and purchase order', async () => {
    const columns = await rows<{ table_name: string; column_name: string; column_default: string | null }>(sql`
      select table_name, column_name, column_default from information_schema.columns
      where table_schema = 'public' and table_name in ('orders', 'invoices', 'addresses')`);
    const names = columns.map((column) => `${column.table_name}.${column.column_name}`);
    for (const gone of [
      'orders.vat_basis_points',
      'orders.reverse_charge',
      'invoices.vat_basis_points',
      'invoices.reverse_charge',
      'addresses.vat_confirmed_id',
      'addresses.vat_confirmed_at',
      'addresses.vat_confirmation_reference',
    ]) {
      expect(names).not.toContain(gone);
    }
    expect(names).toEqual(expect.arrayContaining(['addresses.buyer_reference', 'addresses.purchase_order']));
    const references = await rows<{ buyer_reference: string; purchase_order: string }>(
      sql`select buyer_reference, purchase_order from addresses`,
    );
    expect(references).toHaveLength(3);
    for (const row of references) expect(row).toEqual({ buyer_reference: '', purchase_order: '' });
    expect(
      await rows(sql`select 1 from information_schema.tables where table_schema = 'public' and table_name = 'vies_checks'`),
    ).toEqual([]);
  });
});
