import { eq, sql } from 'drizzle-orm';
import { splitVatId } from '#shared/pricing.ts';
import type { Db } from '../db/client.ts';
import { invoiceCounters, invoices, type OrderLine, type orders, users } from '../db/schema/index.ts';
import { loadBilling } from './order-pricing.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** Invoices are German documents: the year of issue is the year in Germany. */
export function invoiceYear(at: Date): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', year: 'numeric' }).format(at));
}

/** CF-2026-000123 */
export const formatInvoiceNumber = (year: number, sequence: number) => `CF-${year}-${String(sequence).padStart(6, '0')}`;

/**
 * The next number of the year, gap-free: the counter row stays locked until the caller's
 * transaction ends, and a rollback takes the increment back with it.
 */
export async function nextInvoiceSequence(tx: Db, year: number): Promise<number> {
  const [counter] = await tx
    .insert(invoiceCounters)
    .values({ year, last: 1 })
    .onConflictDoUpdate({ target: invoiceCounters.year, set: { last: sql`${invoiceCounters.last} + 1` } })
    .returning({ last: invoiceCounters.last });
  if (!counter) throw new Error('invoice counter upsert returned nothing');
  return counter.last;
}

/**
 * The buyer as printed: from the user and the billing address at the time of the invoice; under
 * reverse charge with the VIES confirmation of the VAT ID (date and consultation number).
 */
async function buyerOf(tx: Db, userId: string, reverseCharge: boolean): Promise<InvoiceRow['buyer']> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error(`user ${userId} is missing`);
  const { address, country } = await loadBilling(tx, userId);
  const { countryCode, number } = splitVatId(address?.vatId ?? '');
  const confirmedAt = reverseCharge && address?.vatConfirmedId === countryCode + number ? address.vatConfirmedAt : null;
  const lines = address
    ? [
        address.addressLine1,
        address.addressLine2,
        [address.zip, address.city].filter(Boolean).join(' '),
        address.state,
        country?.name ?? '',
      ].filter((line) => line.trim().length > 0)
    : [];
  return {
    name: `${user.firstName} ${user.lastName}`.trim(),
    company: address?.company || user.company,
    address: lines,
    vatId: countryCode + number,
    email: user.email,
    ...(confirmedAt
      ? { vatConfirmation: { confirmedAt: confirmedAt.toISOString(), reference: address?.vatConfirmationReference ?? null } }
      : {}),
  };
}

/**
 * Issues the invoice of a paid order inside the order's completion transaction; `corrects` names the
 * invoice this one replaces (a VAT correction, services/vat-confirmation.ts, which passes the order
 * repriced and narrowed to the lines no credit note cancelled).
 */
export async function createInvoice(
  tx: Db,
  order: OrderRow,
  issuedAt = new Date(),
  corrects: InvoiceRow | null = null,
): Promise<InvoiceRow> {
  const year = invoiceYear(issuedAt);
  const sequence = await nextInvoiceSequence(tx, year);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      userId: order.userId,
      orderId: order.id,
      correctsInvoiceId: corrects?.id ?? null,
      correction: corrects ? 'vat' : null,
      year,
      sequence,
      number: formatInvoiceNumber(year, sequence),
      buyer: await buyerOf(tx, order.userId, order.reverseCharge),
      lines: order.lines,
      net: order.net,
      vatBasisPoints: order.vatBasisPoints,
      vat: order.vat,
      gross: order.gross,
      reverseCharge: order.reverseCharge,
      status: 'paid',
      issuedAt,
    })
    .returning();
  if (!invoice) throw new Error('invoice insert returned nothing');
  return invoice;
}

/**
 * Issues a credit note (Rechnungskorrektur / Stornorechnung) that cancels `lines` of an invoice,
 * inside the caller's transaction: negative amounts at the invoice's VAT rate, the invoice's buyer,
 * and the next gap-free number of the year of issue. An invoice may get several 'cancellation'
 * notes, each for lines no earlier note cancelled (payments/refunds.ts), and at most one 'vat' note
 * (a VAT correction, unique invoices_vat_credit_note).
 */
export async function createCreditNote(
  tx: Db,
  invoice: InvoiceRow,
  cancelled: { lines: OrderLine[]; net: number; vat: number },
  issuedAt = new Date(),
  correction: 'cancellation' | 'vat' = 'cancellation',
): Promise<InvoiceRow> {
  const year = invoiceYear(issuedAt);
  const sequence = await nextInvoiceSequence(tx, year);
  const [note] = await tx
    .insert(invoices)
    .values({
      userId: invoice.userId,
      orderId: invoice.orderId,
      kind: 'credit-note',
      correctsInvoiceId: invoice.id,
      correction,
      year,
      sequence,
      number: formatInvoiceNumber(year, sequence),
      buyer: invoice.buyer,
      lines: cancelled.lines.map((line) => ({ ...line, unitPrice: -line.unitPrice, net: -line.net })),
      net: -cancelled.net,
      vatBasisPoints: invoice.vatBasisPoints,
      vat: -cancelled.vat,
      gross: -(cancelled.net + cancelled.vat),
      reverseCharge: invoice.reverseCharge,
      status: 'paid',
      issuedAt,
    })
    .returning();
  if (!note) throw new Error('credit note insert returned nothing');
  return note;
}
