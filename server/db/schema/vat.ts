import { boolean, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Answers of VIES (the EU's VAT ID check) by VAT ID, prefix and number without spaces ('ATU13585627',
 * 'EL094259216'): a valid answer is reused for a day, an invalid one for an hour, so an order never
 * waits for VIES twice in a row. Failures (service down, timeout) are never stored.
 */
export const viesChecks = pgTable(
  'vies_checks',
  {
    vatId: text('vat_id').primaryKey(),
    valid: boolean('valid').notNull(),
    /** The date and time VIES gave for its answer. */
    requestDate: timestamp('request_date', { withTimezone: true }).notNull(),
    /** VIES's consultation number; only given when the request named our own VAT ID (VIES_REQUESTER_VAT_ID). */
    requestIdentifier: text('request_identifier'),
    name: text('name').notNull().default(''),
    address: text('address').notNull().default(''),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('vies_checks_expires_idx').on(t.expiresAt)],
);
