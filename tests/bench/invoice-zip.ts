import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { hotelLine, type OrderLine, taxedLine, totalsOf } from '#shared/pricing.ts';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { invoiceCounters, invoices, orders, users } from '../../server/db/schema/index.ts';
import { DEMO_PASSWORD, demoEmail } from '../../server/db/seed/demo-accounts.ts';
import { issuedFiles } from '../../server/services/invoices/invoice-files.ts';
import { measureProcess } from './process-stats.ts';
import { report } from './report.ts';
import { startServer } from './server-process.ts';
import { isMain } from './standalone.ts';

const PORT = 4397;
/** Invoices in the period: every 20th a credit note of the one before. */
const INVOICES = 2000;
const YEAR = 2025;
const PERIOD = { from: '2025-03-01', to: '2025-03-31' };

/** What the registrations sell: a pass, mostly with a stay and breakfast, sometimes a train ticket. */
function linesOf(i: number): OrderLine[] {
  const lines = [taxedLine('pass', i % 3 ? 'Business Pass' : 'Premium Pass', 1, i % 3 ? 29_900 : 89_900)];
  if (i % 4 !== 0) {
    const nights = 1 + (i % 4);
    const end = `2026-03-${String(23 + nights).padStart(2, '0')}`;
    lines.push(hotelLine({ name: 'Hotel Colosseo', roomName: 'Single', start: '2026-03-23', end }, nights * 17_900));
    lines.push(taxedLine('extra', 'Breakfast', nights, 2_450));
  }
  if (i % 5 === 0) lines.push(taxedLine('train-ticket', 'Deutsche Bahn event ticket, return', 1, 10_990));
  return lines;
}

/**
 * Writes 2,000 invoices and credit notes of March 2025 straight into the bench server's embedded
 * database while the server is stopped, as a month of real sales would have left them (lines with
 * their tax rules, buyers with a postal address, one gap-free number sequence, each document's
 * files archived as issuing archives them).
 */
async function seedInvoices(dataDir: string) {
  const database = await openDatabase({ dataDir });
  try {
    const db = database.db;
    const buyers = await db.select({ id: users.id, email: users.email }).from(users).orderBy(asc(users.email)).limit(200);
    const monthStart = Date.parse('2025-03-01T08:00:00+01:00');
    let previous: { id: string; orderId: string; lines: OrderLine[] } | null = null;
    for (let sequence = 1; sequence <= INVOICES; sequence++) {
      const buyer = buyers[sequence % buyers.length];
      if (!buyer) throw new Error('no users to bill');
      const issuedAt = new Date(monthStart + Math.floor(((sequence - 1) * 30 * 86_400_000) / INVOICES));
      const base = {
        userId: buyer.id,
        year: YEAR,
        sequence,
        number: `CF-${YEAR}-${String(sequence).padStart(6, '0')}`,
        buyer: {
          name: `Buyer ${sequence}`,
          company: sequence % 2 ? `Company ${sequence} GmbH` : '',
          address: ['Teststraße 1', '12345 Teststadt', 'Germany'],
          postal: { line1: 'Teststraße 1', line2: '', postcode: '12345', city: 'Teststadt', state: '', countryCode: 'DE' },
          vatId: sequence % 2 ? 'DE123456789' : '',
          email: buyer.email,
        },
        issuedAt,
      };
      if (sequence % 20 === 0 && previous) {
        const credited = totalsOf(previous.lines.map((line) => ({ ...line, unitPrice: -line.unitPrice, net: -line.net })));
        await db.insert(invoices).values({
          ...base,
          orderId: previous.orderId,
          kind: 'credit-note',
          correctsInvoiceId: previous.id,
          correction: 'cancellation',
          lines: credited.lines,
          net: credited.net,
          vat: credited.vat,
          gross: credited.gross,
        });
        previous = null;
        continue;
      }
      const totals = totalsOf(linesOf(sequence));
      const [order] = await db
        .insert(orders)
        .values({
          userId: buyer.id,
          kind: 'registration',
          status: 'paid',
          lines: totals.lines,
          net: totals.net,
          vat: totals.vat,
          gross: totals.gross,
          paidAt: issuedAt,
        })
        .returning({ id: orders.id });
      if (!order) throw new Error('no order');
      const [invoice] = await db
        .insert(invoices)
        .values({ ...base, orderId: order.id, lines: totals.lines, net: totals.net, vat: totals.vat, gross: totals.gross })
        .returning({ id: invoices.id });
      if (!invoice) throw new Error('no invoice');
      previous = { id: invoice.id, orderId: order.id, lines: totals.lines };
    }
    await db.insert(invoiceCounters).values({ year: YEAR, last: INVOICES }).onConflictDoNothing();
    // Issuing archives each document's files (the confirmation mail makes them): as a month of sales leaves them.
    const config = loadConfig({ DATA_DIR: dataDir });
    for (const { id } of await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.year, YEAR))) {
      await issuedFiles(db, config, id);
    }
  } finally {
    await database.close();
  }
}

/** Entries of a ZIP from its end record (the last bytes of the download). */
function zipEntries(tail: Buffer): number {
  const end = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  return end < 0 ? 0 : tail.readUInt16LE(end + 10);
}

/**
 * The accountant's ZIP of a month with 2,000 invoices and credit notes (a hybrid PDF and a CII
 * XML each, and the month's CSV), from the server bundle as `npm start` runs it: time from the
 * request to the last byte (budget ≤ 60 s) and the server process's extra memory meanwhile, its
 * peak resident set minus the idle one before the request (budget ≤ 300 MB: streamed), sampled
 * every 20 ms. A one-day ZIP first loads the e-invoice code, so the figures are about the 2,000
 * invoices. The server's CPU seconds are reported too.
 */
export async function benchInvoiceZip() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cf-bench-invoice-zip-'));
  const env = { DATA_DIR: dataDir, ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000000' };
  // The first start migrates and seeds; the invoices go in while no server holds the database.
  await (await startServer(env, PORT)).stop();
  await seedInvoices(dataDir);
  const server = await startServer(env, PORT);
  try {
    const pid = server.child.pid;
    if (!pid) throw new Error('no server pid');
    const login = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demoEmail('organizer'), password: DEMO_PASSWORD }),
    });
    if (!login.ok) throw new Error(`login: ${login.status}`);
    const { token } = (await login.json()) as { token: string };
    const get = (from: string, to: string) =>
      fetch(`${server.url}/api/organizer/exports/invoices.zip?from=${from}&to=${to}`, {
        headers: { authorization: `Bearer ${token}` },
      });

    const warm = await get(PERIOD.from, PERIOD.from);
    if (!warm.ok) throw new Error(`warm-up: ${warm.status} ${await warm.text()}`);
    await warm.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 500));

    const { result, seconds, cpuSeconds, extraRssMb } = await measureProcess(pid, async () => {
      let bytes = 0;
      let tail = Buffer.alloc(0);
      const res = await get(PERIOD.from, PERIOD.to);
      if (!res.ok || !res.body) throw new Error(`ZIP: ${res.status}`);
      for await (const chunk of res.body) {
        bytes += chunk.length;
        tail = Buffer.concat([tail, Buffer.from(chunk)]).subarray(-65_536); // the end record comes last
      }
      return { bytes, entries: zipEntries(tail) };
    });
    const { bytes, entries } = result;
    if (entries !== INVOICES * 2 + 1) throw new Error(`ZIP has ${entries} entries, expected ${INVOICES * 2 + 1}`);
    console.log(`invoice ZIP: ${INVOICES} invoices and credit notes, ${entries} files, ${(bytes / 1e6).toFixed(1)} MB`);
    report('invoice_zip_2000_s', seconds, 's', '<= 60 s');
    report('invoice_zip_2000_server_cpu_s', cpuSeconds, 's');
    report('invoice_zip_2000_extra_rss_mb', extraRssMb, 'MB', '<= 300 MB');
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node --import tsx tests/bench/invoice-zip.ts` runs it alone (after the server bundle is built).
if (isMain(import.meta.url)) await benchInvoiceZip();
