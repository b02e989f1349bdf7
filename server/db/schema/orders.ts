import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OrderLine } from '#shared/pricing.ts';
import { bytea, users } from './users.ts';
import { bookings } from './venue.ts';

/** What an order buys: the registration (pass, optional hotel) or one thing bought later in the app. */
export type OrderKind = 'registration' | 'upgrade' | 'hotel' | 'train-ticket';

/** The thing an upgrade or train-ticket order delivers on completion (hotel orders use bookingId). */
export type OrderSubject = { passTypeId: number } | { trainTicketTypeId: number };

/** A line as sold, with its VAT from the tax rules at the time (src/shared/tax-rules.ts). */
export type { OrderLine };

/** Counters with a hard limit, claimed with one conditional UPDATE (e.g. the 2000 free Standard Passes). */
export const passPools = pgTable('pass_pools', {
  key: text('key').primaryKey(),
  total: integer('total').notNull(),
  taken: integer('taken').notNull().default(0),
});

/**
 * Free passes held at the Pass step (30 minutes) and consumed by the account creation. Each held or
 * consumed claim counts in its pool's `taken`; an expired hold is released (status 'released',
 * `taken` decremented) by the next claim of the pool.
 */
export const passClaims = pgTable(
  'pass_claims',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    poolKey: text('pool_key').notNull(),
    status: text('status', { enum: ['held', 'consumed', 'released'] })
      .notNull()
      .default('held'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who claimed it: the client address (an IPv6 /64) that open holds are bounded by. */
    claimant: text('claimant'),
  },
  (t) => [
    index('pass_claims_pool_status_expires_idx').on(t.poolKey, t.status, t.expiresAt),
    index('pass_claims_pool_claimant_status_idx').on(t.poolKey, t.claimant, t.status),
  ],
);

/**
 * What a registration (or later an upgrade, room or ticket) costs, in cents. Each line carries its
 * VAT category and rate (tax rules); net, vat and gross are totalsOf(lines).
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['registration', 'upgrade', 'hotel', 'train-ticket'] })
      .notNull()
      .default('registration'),
    subject: jsonb('subject').$type<OrderSubject>(),
    status: text('status', { enum: ['open', 'paid', 'free'] })
      .notNull()
      .default('open'),
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    net: integer('net').notNull(),
    vat: integer('vat').notNull(),
    gross: integer('gross').notNull(),
    bookingId: uuid('booking_id').references(() => bookings.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
  },
  (t) => [index('orders_user_idx').on(t.userId)],
);

/** Sessions at the payment provider; one order may need several tries, it is charged once. */
export const paymentSessions = pgTable(
  'payment_sessions',
  {
    id: text('id').primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    amount: integer('amount').notNull(),
    status: text('status', { enum: ['open', 'succeeded', 'failed'] })
      .notNull()
      .default('open'),
    redirectSuccess: text('redirect_success').notNull(),
    redirectCancel: text('redirect_cancel').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [index('payment_sessions_order_idx').on(t.orderId)],
);

/** Gap-free invoice numbers per year: the counter row is incremented in the invoice's transaction. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: integer('last').notNull().default(0),
});

/** The buyer as printed on an invoice, from the user and the billing address at the time of issue. */
export interface InvoiceBuyer {
  name: string;
  company: string;
  /** The address as printed, line by line. */
  address: string[];
  /**
   * The same address in parts, for the e-invoice (EN 16931 BG-8). Missing on invoices issued before
   * migration 0020 whose holder had no billing address left to take it from.
   */
  postal?: { line1: string; line2: string; postcode: string; city: string; state: string; countryCode: string };
  vatId: string;
  email: string;
  /** BT-10: the buyer's reference (a public buyer's Leitweg-ID), as entered in the billing address. */
  reference?: string;
  /** BT-13: the buyer's purchase order number, as entered in the billing address. */
  purchaseOrder?: string;
  /** Only on reverse-charge invoices issued before migration 0020: when VIES confirmed the VAT ID, and its consultation number. */
  vatConfirmation?: { confirmedAt: string; reference: string | null };
}

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    /** A credit note (Stornorechnung) cancels (part of) an earlier invoice with negative amounts. */
    kind: text('kind', { enum: ['invoice', 'credit-note'] })
      .notNull()
      .default('invoice'),
    correctsInvoiceId: uuid('corrects_invoice_id').references((): AnyPgColumn => invoices.id),
    /**
     * Why a document corrects `correctsInvoiceId`: 'cancellation' for a credit note of cancelled lines
     * (a booking, a pass; several per invoice, each for lines not credited before). 'vat' only on
     * documents issued before migration 0020: the credit note and the replacing reverse-charge invoice of a
     * VAT correction after a late VIES confirmation. Null for an order's first invoice.
     */
    correction: text('correction', { enum: ['cancellation', 'vat'] }),
    year: integer('year').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull().unique(),
    buyer: jsonb('buyer').$type<InvoiceBuyer>().notNull(),
    lines: jsonb('lines').$type<OrderLine[]>().notNull(),
    net: integer('net').notNull(),
    vat: integer('vat').notNull(),
    gross: integer('gross').notNull(),
    status: text('status', { enum: ['paid', 'open'] })
      .notNull()
      .default('paid'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('invoices_year_sequence').on(t.year, t.sequence),
    // One first invoice per order; an old VAT correction (before migration 0020) added at most one credit
    // note and one invoice replacing the corrected one. Cancellation credit notes are not limited
    // here: refunds.ts credits only lines no earlier credit note credited.
    uniqueIndex('invoices_order_first_invoice')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice' and ${t.correctsInvoiceId} is null`),
    uniqueIndex('invoices_replacement').on(t.correctsInvoiceId).where(sql`${t.kind} = 'invoice'`),
    uniqueIndex('invoices_vat_credit_note')
      .on(t.correctsInvoiceId)
      .where(sql`${t.kind} = 'credit-note' and ${t.correction} = 'vat'`),
    index('invoices_user_idx').on(t.userId),
  ],
);

/**
 * The files of an invoice or credit note as issued (GoBD: kept unchanged as sent): the hybrid
 * ZUGFeRD / Factur-X PDF and its EN 16931 XML, made once when first needed (the confirmation mail at
 * issue) and served from here ever after by the downloads, the mails and the accountant's ZIP.
 */
export const invoiceFiles = pgTable('invoice_files', {
  invoiceId: uuid('invoice_id')
    .primaryKey()
    .references(() => invoices.id, { onDelete: 'cascade' }),
  pdf: bytea('pdf').notNull(),
  xml: text('xml').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Money returned through the payment provider (a cancelled booking); one refund per booking. */
export const refunds = pgTable('refunds', {
  id: uuid('id').primaryKey().defaultRandom(),
  orderId: uuid('order_id')
    .notNull()
    .references(() => orders.id, { onDelete: 'cascade' }),
  bookingId: uuid('booking_id')
    .unique()
    .references(() => bookings.id),
  amount: integer('amount').notNull(),
  provider: text('provider').notNull(),
  providerRefundId: text('provider_refund_id').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
