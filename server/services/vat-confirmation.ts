import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { addresses, invoices, orders, refunds, viesChecks } from '../db/schema/index.ts';
import { invoiceBalance } from './invoice-balance.ts';
import { createCreditNote, createInvoice, type InvoiceRow } from './invoices.ts';
import { lockUser } from './order-completion.ts';
import { loadBilling, reverseChargeApplies, reverseChargeCandidate } from './order-pricing.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { paymentOf } from './payments/refunds.ts';
import { checkVatIdCached, type ViesClient } from './vies.ts';

/**
 * Reverse charge needs a VAT ID that VIES confirmed (finding 8). Before an order is priced, the
 * buyer's VAT ID is checked (cache first, a short timeout); the confirmation is stored on the billing
 * address with VIES's date and consultation number, which is what reverse charge and the organizer
 * look at. While VIES cannot confirm it, the order carries VAT; once it does, each paid invoice that
 * carried VAT for that VAT ID is corrected: the VAT is refunded, a credit note cancels the invoice
 * and a new invoice without VAT replaces it. An invoice partly credited already (a cancelled booking
 * or pass) is corrected for the lines it still bills.
 */

/** The buyer's VAT ID as far as reverse charge goes: none to check, confirmed, not confirmable now, or refused by VIES. */
export type BuyerVatStatus = 'none' | 'confirmed' | 'unconfirmed' | 'invalid';

export interface VatCorrection {
  /** The invoice that carried VAT, now cancelled. */
  corrected: InvoiceRow;
  creditNote: InvoiceRow;
  /** The invoice without VAT (reverse charge) that replaces it. */
  invoice: InvoiceRow;
  /** Cents of VAT returned to the payer through the payment provider. */
  refunded: number;
}

/** How far back recheckPending looks for invoices that carried VAT while a VAT ID waited for VIES. */
export const RECHECK_DAYS = 30;

/** A credit note of the invoice in question. */
const credit = alias(invoices, 'credit');

/**
 * Whether the invoice still bills VAT: its VAT less what its credit notes cancelled. A VAT
 * correction cancels all of what is left, a cancellation the VAT of its lines.
 */
function billsVatStill(db: Db) {
  const credited = db
    .select({ vat: sql<number>`coalesce(sum(${credit.vat}), 0)` })
    .from(credit)
    .where(and(eq(credit.correctsInvoiceId, invoices.id), eq(credit.kind, 'credit-note')));
  return sql`${invoices.vat} + (${credited}) > 0`;
}

/** Paid invoices of the user that carried VAT for this VAT ID and still bill some of it (not corrected, not credited in full). */
function uncorrectedVatInvoices(db: Db, userId: string, vatId: string) {
  return db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        eq(invoices.userId, userId),
        eq(invoices.kind, 'invoice'),
        eq(invoices.reverseCharge, false),
        gt(invoices.vat, 0),
        sql`${invoices.buyer}->>'vatId' = ${vatId}`,
        billsVatStill(db),
      ),
    )
    .orderBy(invoices.issuedAt);
}

/**
 * Corrects one invoice inside the caller's transaction; null when there is nothing (more) to do:
 * corrected already, credited in full, or no longer a VAT invoice. What no cancellation credited yet
 * is corrected: its VAT goes back through the provider that took the payment (idempotent by invoice,
 * so a rolled-back attempt never pays twice), a credit note cancels those lines and an invoice
 * without VAT bills them again; the order is repriced to reverse charge.
 */
async function correctInvoice(
  tx: Db,
  providers: readonly PaymentProvider[],
  invoiceId: string,
  now: Date,
): Promise<VatCorrection | null> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!invoice) return null;
  await lockUser(tx, invoice.userId);
  const [locked] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  if (locked?.kind !== 'invoice' || locked.reverseCharge || locked.vat <= 0) return null;
  const [existing] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(and(eq(invoices.correctsInvoiceId, locked.id), eq(invoices.correction, 'vat')))
    .limit(1);
  if (existing) return null;
  const [order] = await tx.select().from(orders).where(eq(orders.id, locked.orderId)).for('update');
  if (order?.status !== 'paid') return null;
  const open = await invoiceBalance(tx, locked);
  if (open.lines.length === 0 || open.vat <= 0) return null;

  const { session, provider } = await paymentOf(tx, providers, order.id);
  const refunded = open.vat;
  const refund = await provider.refund({
    sessionId: session.id,
    amount: refunded,
    idempotencyKey: `vat-correction-${locked.id}`,
  });
  await tx.insert(refunds).values({
    orderId: order.id,
    amount: refunded,
    provider: provider.name,
    providerRefundId: refund.id,
    createdAt: now,
  });

  const creditNote = await createCreditNote(tx, locked, { lines: open.lines, net: open.net, vat: open.vat }, now, 'vat');
  const [repriced] = await tx
    .update(orders)
    .set({ vatBasisPoints: 0, vat: 0, gross: order.net, reverseCharge: true })
    .where(eq(orders.id, order.id))
    .returning();
  if (!repriced) throw new Error(`order ${order.id} vanished`);
  const billed = { ...repriced, lines: open.lines, net: open.net, gross: open.net };
  const replacement = await createInvoice(tx, billed, now, locked);
  return { corrected: locked, creditNote, invoice: replacement, refunded };
}

/**
 * Once VIES confirmed the buyer's VAT ID: every paid invoice that carried VAT for that same VAT ID
 * (while it was unconfirmed) is cancelled by a credit note and replaced by an invoice without VAT,
 * and the VAT is refunded. One transaction per invoice; does nothing while the ID is unconfirmed.
 */
export async function correctVatAfterConfirmation(
  db: Db,
  providers: readonly PaymentProvider[],
  userId: string,
  now = new Date(),
): Promise<VatCorrection[]> {
  const billing = await loadBilling(db, userId);
  const vatId = billing.address?.vatConfirmedId;
  if (!vatId || !reverseChargeApplies(billing)) return [];
  const done: VatCorrection[] = [];
  for (const { id } of await uncorrectedVatInvoices(db, userId, vatId)) {
    const corrected = await db.transaction((tx) => correctInvoice(tx, providers, id, now));
    if (corrected) done.push(corrected);
  }
  return done;
}

export interface VatConfirmationOptions {
  db: Db;
  vies: ViesClient;
  /** The providers a VAT refund may have to go through (the one that took the payment). */
  providers: readonly PaymentProvider[];
  log: FastifyBaseLogger;
}

export interface VatConfirmation {
  /**
   * Before an order is priced, outside its transaction: asks VIES (or its cache) about the buyer's
   * VAT ID, records the answer on the billing address and, once confirmed, corrects earlier invoices
   * that carried VAT. Never throws: VIES trouble means the order carries VAT.
   */
  confirmBuyer(userId: string, now?: Date): Promise<BuyerVatStatus>;
  /**
   * Asks VIES again for every buyer with a paid invoice of the last RECHECK_DAYS that carried VAT
   * while a VAT ID of theirs waited for confirmation, correcting what gets confirmed; drops expired
   * cache rows. Run hourly by the server (app.ts).
   */
  recheckPending(now?: Date): Promise<{ checked: number; confirmed: number }>;
}

export function createVatConfirmation({ db, vies, providers, log }: VatConfirmationOptions): VatConfirmation {
  async function confirmBuyer(userId: string, now = new Date()): Promise<BuyerVatStatus> {
    try {
      const billing = await loadBilling(db, userId);
      const candidate = reverseChargeCandidate(billing);
      const address = billing.address;
      if (!candidate || !address) return 'none';
      const answer = await checkVatIdCached(db, vies, candidate, now);
      if (answer.status === 'unavailable') {
        log.warn({ vatId: candidate, reason: answer.reason }, 'VIES could not confirm a VAT ID; the order carries VAT');
        // An earlier confirmation of this same ID stands until VIES says otherwise.
        return address.vatConfirmedId === candidate ? 'confirmed' : 'unconfirmed';
      }
      if (answer.status === 'invalid') {
        if (address.vatConfirmedId !== null) {
          await db
            .update(addresses)
            .set({ vatConfirmedId: null, vatConfirmedAt: null, vatConfirmationReference: null })
            .where(eq(addresses.id, address.id));
        }
        return 'invalid';
      }
      const unchanged =
        address.vatConfirmedId === candidate &&
        address.vatConfirmedAt?.getTime() === answer.requestDate.getTime() &&
        address.vatConfirmationReference === answer.requestIdentifier;
      if (!unchanged) {
        await db
          .update(addresses)
          .set({
            vatConfirmedId: candidate,
            vatConfirmedAt: answer.requestDate,
            vatConfirmationReference: answer.requestIdentifier,
          })
          .where(eq(addresses.id, address.id));
      }
      try {
        const corrections = await correctVatAfterConfirmation(db, providers, userId, now);
        for (const done of corrections) {
          log.info(
            { userId, invoice: done.corrected.number, creditNote: done.creditNote.number, replacement: done.invoice.number },
            'VAT ID confirmed: invoice corrected to reverse charge and the VAT refunded',
          );
        }
      } catch (error) {
        // The confirmation stands; the correction is tried again with the next check.
        log.error({ err: error, userId }, 'VAT correction after a VIES confirmation failed');
      }
      return 'confirmed';
    } catch (error) {
      log.error({ err: error, userId }, 'VAT ID confirmation failed; the order carries VAT');
      return 'unconfirmed';
    }
  }

  async function recheckPending(now = new Date()) {
    await db.delete(viesChecks).where(lt(viesChecks.expiresAt, now));
    const waiting = await db
      .selectDistinct({ userId: invoices.userId })
      .from(invoices)
      .where(
        and(
          eq(invoices.kind, 'invoice'),
          eq(invoices.reverseCharge, false),
          gt(invoices.vat, 0),
          gt(invoices.issuedAt, new Date(now.getTime() - RECHECK_DAYS * 86_400_000)),
          sql`${invoices.buyer}->>'vatId' <> ''`,
          billsVatStill(db),
        ),
      );
    let confirmed = 0;
    for (const { userId } of waiting) if ((await confirmBuyer(userId, now)) === 'confirmed') confirmed++;
    return { checked: waiting.length, confirmed };
  }

  return { confirmBuyer, recheckPending };
}
