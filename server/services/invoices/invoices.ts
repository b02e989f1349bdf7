import { eq, sql } from 'drizzle-orm';
import { splitVatId, totalsOf } from '#shared/pricing.ts';
import { VENUE_TIME_ZONE } from '#shared/venue-time-zone.ts';
import type { Db } from '../../db/client.ts';
import { type InvoiceBuyer, invoiceCounters, invoices, type OrderLine, type orders, users } from '../../db/schema/index.ts';
import { loadBilling } from '../orders/order-pricing.ts';
import { isValidVatId } from './vat-id.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** Invoices are German documents: the year of issue is the year in Germany. */
export function invoiceYear(at: Date): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone: VENUE_TIME_ZONE, year: 'numeric' }).format(at));
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
 * The buyer as printed and carried in the e-invoice: from the user and the billing address at the
 * time of the invoice. The VAT ID is printed when it is a well-formed EU VAT ID (it changes no
 * price); the buyer reference (BT-10) and purchase order (BT-13) only when entered.
 */
export async function buyerOf(tx: Db, userId: string): Promise<InvoiceBuyer> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error(`user ${userId} is missing`);
  const { address, country } = await loadBilling(tx, userId);
  const { countryCode, number } = splitVatId(address?.vatId ?? '');
  const lines = address
    ? [
        address.addressLine1,
        address.addressLine2,
        [address.zip, address.city].filter(Boolean).join(' '),
        address.state,
        country?.name ?? '',
      ].filter((line) => line.trim().length > 0)
    : [];
  const reference = address?.buyerReference.trim() ?? '';
  const purchaseOrder = address?.purchaseOrder.trim() ?? '';
  return {
    name: `${user.firstName} ${user.lastName}`.trim(),
    company: address?.company || user.company,
    address: lines,
    ...(address
      ? {
          postal: {
            line1: address.addressLine1,
            line2: address.addressLine2,
            postcode: address.zip,
            city: address.city,
            state: address.state,
            countryCode: country?.code ?? '',
          },
        }
      : {}),
    vatId: number && isValidVatId(countryCode, number) ? countryCode + number : '',
    email: user.email,
    ...(reference ? { reference } : {}),
    ...(purchaseOrder ? { purchaseOrder } : {}),
  };
}

/**
 * Issues the invoice of a paid order inside the order's completion transaction: the order's lines,
 * each with the VAT category and rate it was sold at, and the totals of those lines (totalsOf).
 */
export async function createInvoice(tx: Db, order: OrderRow, issuedAt = new Date()): Promise<InvoiceRow> {
  const year = invoiceYear(issuedAt);
  const sequence = await nextInvoiceSequence(tx, year);
  const totals = totalsOf(order.lines);
  const [invoice] = await tx
    .insert(invoices)
    .values({
      userId: order.userId,
      orderId: order.id,
      year,
      sequence,
      number: formatInvoiceNumber(year, sequence),
      buyer: await buyerOf(tx, order.userId),
      lines: totals.lines,
      net: totals.net,
      vat: totals.vat,
      gross: totals.gross,
      status: 'paid',
      issuedAt,
    })
    .returning();
  if (!invoice) throw new Error('invoice insert returned nothing');
  return invoice;
}

/** The lines a credit note cancels: the same lines with negative amounts, each at its own VAT category and rate. */
export const negated = (lines: readonly OrderLine[]): OrderLine[] =>
  lines.map((line) => ({ ...line, unitPrice: -line.unitPrice, net: -line.net }));

/**
 * Issues a credit note (Rechnungskorrektur / Stornorechnung) that cancels `lines` of an invoice,
 * inside the caller's transaction: those lines negated, each at the rate it was invoiced at, the
 * totals of the negated lines (totalsOf), the invoice's buyer, and the next gap-free number of the
 * year of issue. An invoice may get several credit notes, each for lines no earlier note cancelled
 * (payments/refunds.ts).
 */
export async function createCreditNote(
  tx: Db,
  invoice: InvoiceRow,
  lines: readonly OrderLine[],
  issuedAt = new Date(),
): Promise<InvoiceRow> {
  const year = invoiceYear(issuedAt);
  const sequence = await nextInvoiceSequence(tx, year);
  const totals = totalsOf(negated(lines));
  const [note] = await tx
    .insert(invoices)
    .values({
      userId: invoice.userId,
      orderId: invoice.orderId,
      kind: 'credit-note',
      correctsInvoiceId: invoice.id,
      correction: 'cancellation',
      year,
      sequence,
      number: formatInvoiceNumber(year, sequence),
      buyer: invoice.buyer,
      lines: totals.lines,
      net: totals.net,
      vat: totals.vat,
      gross: totals.gross,
      status: 'paid',
      issuedAt,
    })
    .returning();
  if (!note) throw new Error('credit note insert returned nothing');
  return note;
}
