import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { invoices, type OrderLine } from '../../db/schema/index.ts';
import type { InvoiceRow } from './invoices.ts';

/** What an invoice still bills once its credit notes are taken off: the lines none cancelled, and the amounts left. */
export interface InvoiceBalance {
  lines: OrderLine[];
  net: number;
  vat: number;
  gross: number;
}

/** The credit notes that cancel lines of an invoice, oldest first. */
export function creditNotesOf(tx: Db, invoiceId: string): Promise<InvoiceRow[]> {
  return tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.correctsInvoiceId, invoiceId), eq(invoices.kind, 'credit-note')))
    .orderBy(asc(invoices.issuedAt), asc(invoices.sequence));
}

const sameLine = (line: OrderLine, credited: OrderLine) =>
  line.kind === credited.kind && line.description === credited.description && line.net === -credited.net;

/**
 * The invoice less its credit notes: each credited line (negative) takes one equal line of the
 * invoice off, and the amounts are the invoice's plus the notes' (negative) amounts, so whatever a
 * later credit note cancels, all of them together never exceed the invoice.
 */
export function balanceOf(invoice: InvoiceRow, notes: readonly InvoiceRow[]): InvoiceBalance {
  const lines = [...invoice.lines];
  for (const credited of notes.flatMap((note) => note.lines)) {
    const at = lines.findIndex((line) => sameLine(line, credited));
    if (at >= 0) lines.splice(at, 1);
  }
  const left = (pick: (row: InvoiceRow) => number) => notes.reduce((total, note) => total + pick(note), pick(invoice));
  return { lines, net: left((row) => row.net), vat: left((row) => row.vat), gross: left((row) => row.gross) };
}

/** What the invoice still bills, read inside the caller's transaction. */
export async function invoiceBalance(tx: Db, invoice: InvoiceRow): Promise<InvoiceBalance> {
  return balanceOf(invoice, await creditNotesOf(tx, invoice.id));
}
