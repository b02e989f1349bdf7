import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { invoiceFiles, invoices, users } from '../../db/schema/index.ts';
import { readEventDates } from '../event/event-config.ts';
import type { InvoiceDocument } from './invoice-pdf.ts';
import { sellerOf } from './seller.ts';

/**
 * The files of an invoice or credit note, for the invoice routes, the mails that carry an invoice
 * and the accountant's exports alike: the document read once, its EN 16931 XML (CII) and the hybrid
 * Factur-X PDF (PDF/A-3 with that XML embedded). pdf-lib, fontkit and @e-invoice-eu/core load on the
 * first file, not at server start (start-up budget).
 */
export type { InvoiceDocument };

/** The invoice a credit note corrects. */
const corrected = alias(invoices, 'corrected');

/**
 * Everything one invoice or credit note needs: its row, the invoice it corrects, the holder's
 * language, the supply period (the event days) and the seller from configuration. With `userId`,
 * another user's invoice is null like a missing one.
 */
export async function loadInvoiceDocument(
  db: Db,
  config: Config,
  invoiceId: string,
  userId?: string,
): Promise<InvoiceDocument | null> {
  const [row] = await db
    .select({
      invoice: invoices,
      corrects: { number: corrected.number, issuedAt: corrected.issuedAt },
      language: users.language,
    })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.userId))
    .leftJoin(corrected, eq(corrected.id, invoices.correctsInvoiceId))
    .where(userId ? and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)) : eq(invoices.id, invoiceId))
    .limit(1);
  if (!row) return null;
  const { invoice, corrects, language } = row;
  // Issued before migration 0020: the credit note of a VAT correction was settled against the invoice that
  // replaced the cancelled one (a cancellation's credit note of the same invoice was refunded).
  const [replacement] =
    invoice.kind === 'credit-note' && invoice.correction === 'vat' && invoice.correctsInvoiceId
      ? await db
          .select({ number: invoices.number, gross: invoices.gross })
          .from(invoices)
          .where(and(eq(invoices.correctsInvoiceId, invoice.correctsInvoiceId), eq(invoices.kind, 'invoice')))
          .limit(1)
      : [];
  const dates = await readEventDates(db);
  return {
    kind: invoice.kind,
    corrects: corrects?.number ? corrects : null,
    replacedBy: replacement ?? null,
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    status: invoice.status,
    buyer: invoice.buyer,
    lines: invoice.lines,
    supply: { from: dates.startDate, to: dates.endDate },
    // In the holder's language as it is now: German only, or German and English.
    language,
    seller: sellerOf(config),
  };
}

const loadEInvoice = () => import('./e-invoice/index.ts');

/** The EN 16931 CII XML (profile urn:cen.eu:en16931:2017): type 380, or 381 for a credit note. */
export async function invoiceXml(doc: InvoiceDocument): Promise<string> {
  return (await loadEInvoice()).invoiceXml(doc);
}

/** The hybrid ZUGFeRD / Factur-X PDF: the invoice as PDF/A-3 with its XML embedded as factur-x.xml. */
export async function invoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  return (await loadEInvoice()).invoicePdf(doc);
}

export interface IssuedFiles {
  number: string;
  pdf: Buffer;
  xml: string;
}

/**
 * The invoice's files as issued: from the archive (invoice_files), or made now from the document and
 * archived, so every later download, mail and ZIP hands out the very same bytes (GoBD). With `userId`,
 * another user's invoice is null like a missing one. Two first requests at once make the same files;
 * the first to store them wins and the other answers its identical copy.
 */
export async function issuedFiles(db: Db, config: Config, invoiceId: string, userId?: string): Promise<IssuedFiles | null> {
  const [stored] = await db
    .select({ number: invoices.number, pdf: invoiceFiles.pdf, xml: invoiceFiles.xml })
    .from(invoices)
    .innerJoin(invoiceFiles, eq(invoiceFiles.invoiceId, invoices.id))
    .where(userId ? and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)) : eq(invoices.id, invoiceId))
    .limit(1);
  if (stored) return stored;
  const doc = await loadInvoiceDocument(db, config, invoiceId, userId);
  if (!doc) return null;
  const files = { number: doc.number, pdf: Buffer.from(await invoicePdf(doc)), xml: await invoiceXml(doc) };
  await db.insert(invoiceFiles).values({ invoiceId, pdf: files.pdf, xml: files.xml }).onConflictDoNothing();
  return files;
}
