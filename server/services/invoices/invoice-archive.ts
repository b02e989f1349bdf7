import { PassThrough, type Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Period } from '#shared/export-period.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { invoiceFiles, invoices } from '../../db/schema/index.ts';
import { csvStream, issuedIn, ordersExport } from '../organizer/csv-exports.ts';
import { issuedFiles } from './invoice-files.ts';

/*
 * The accountant's ZIP: every invoice and credit note issued in a period, each as its
 * hybrid PDF (ZUGFeRD / Factur-X) and its CII XML, with the invoices CSV of the same period. It is
 * written while it is sent: invoices are read a page at a time with their archived files (made and
 * archived now for any that has none yet), and the next one is only appended
 * once the ZIP has taken the one before (backpressure from the download), so memory stays flat
 * for any number of invoices.
 */

/** Invoices read at a time with their archived files (about 40 KB each): a few MB in memory. */
const ARCHIVE_PAGE_SIZE = 100;

/** invoices-2026-03-01-2026-03-31 */
export const archiveStem = (period: Period) => `invoices-${period.from}-${period.to}`;

/** Resolves `until(n)` once the archive has written n entries; rejects all waits once it fails or closes. */
function entryCounter(archive: ZipArchive) {
  let written = 0;
  let failure: Error | null = null;
  let waits: { n: number; resolve: () => void; reject: (error: Error) => void }[] = [];
  const settle = () => {
    waits = waits.filter((wait) => {
      if (failure) wait.reject(failure);
      else if (written >= wait.n) wait.resolve();
      else return true;
      return false;
    });
  };
  archive.on('entry', () => {
    written++;
    settle();
  });
  const fail = (error: Error) => {
    failure ??= error;
    settle();
  };
  return {
    until: (n: number) =>
      new Promise<void>((resolve, reject) => {
        waits.push({ n, resolve, reject });
        settle();
      }),
    fail,
  };
}

/** The PDF and XML of one invoice as issued (archived, or made and archived now), named by its number. */
async function filesOf(
  db: Db,
  config: Config,
  invoice: { id: string; number: string; issuedAt: Date; pdf: Buffer | null; xml: string | null },
) {
  const files =
    invoice.pdf && invoice.xml !== null ? { pdf: invoice.pdf, xml: invoice.xml } : await issuedFiles(db, config, invoice.id);
  if (!files) throw new Error(`invoice ${invoice.number} could not be loaded`);
  return [
    { name: `${invoice.number}.pdf`, content: files.pdf, date: invoice.issuedAt },
    { name: `${invoice.number}.xml`, content: Buffer.from(files.xml, 'utf8'), date: invoice.issuedAt },
  ];
}

/**
 * The ZIP as a stream. The CSV comes first, then a PDF and an XML per invoice in number order. A
 * failure after the first bytes can only end the download: the stream is destroyed with the error
 * (logged), so the client sees a broken transfer and never a ZIP that looks complete.
 */
export function invoiceArchive(db: Db, config: Config, period: Period, log: FastifyBaseLogger): Readable {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const out = new PassThrough();
  const entries = entryCounter(archive);
  archive.on('warning', (error) => entries.fail(error));
  archive.on('error', (error) => {
    entries.fail(error);
    out.destroy(error);
  });
  // The client went away: stop making invoices nobody reads.
  out.on('close', () => entries.fail(new Error('download closed')));
  archive.pipe(out);

  async function write() {
    let appended = 0;
    // A PDF's streams are compressed already: stored, not deflated again.
    const append = (content: Buffer | Readable, name: string, date: Date) => {
      archive.append(content, { name, date, store: name.endsWith('.pdf') });
      appended++;
    };
    append(csvStream(await ordersExport(db, period)), `${archiveStem(period)}.csv`, new Date());
    let after: { year: number; sequence: number } | null = null;
    for (;;) {
      const page = await db
        .select({
          id: invoices.id,
          number: invoices.number,
          issuedAt: invoices.issuedAt,
          year: invoices.year,
          sequence: invoices.sequence,
          pdf: invoiceFiles.pdf,
          xml: invoiceFiles.xml,
        })
        .from(invoices)
        .leftJoin(invoiceFiles, eq(invoiceFiles.invoiceId, invoices.id))
        .where(
          and(
            issuedIn(period),
            after ? sql`(${invoices.year}, ${invoices.sequence}) > (${after.year}, ${after.sequence})` : undefined,
          ),
        )
        .orderBy(asc(invoices.year), asc(invoices.sequence))
        .limit(ARCHIVE_PAGE_SIZE);
      for (const invoice of page) {
        // Made while the entries before are compressed and sent; appended once they are written.
        const made = await filesOf(db, config, invoice);
        await entries.until(appended);
        for (const file of made) append(file.content, file.name, file.date);
      }
      if (page.length < ARCHIVE_PAGE_SIZE) break;
      after = page[page.length - 1] ?? null;
    }
    await archive.finalize();
  }

  write().catch((error: unknown) => {
    archive.abort();
    if (out.destroyed) return; // the client went away: nothing to tell
    log.error({ err: error, period }, 'invoice ZIP failed');
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
