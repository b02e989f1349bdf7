import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { changeTx } from './change-tx.ts';
import { users } from './users.ts';

/** Key/value event configuration (event name and dates, survey start, countdown phases). */
export const config = pgTable('config', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

export const countries = pgTable('countries', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  code: text('code').notNull().unique(), // ISO 3166-1 alpha-2
  name: text('name').notNull(),
  isEu: boolean('is_eu').notNull().default(false),
});

/** kind: paid | paid-upgrade | voucher. upgradeableBy: pass type ids this type can upgrade from; upgradesTo: what it yields. */
export const passTypes = pgTable('pass_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['paid', 'paid-upgrade', 'voucher'] }).notNull(),
  description: text('description').notNull().default(''),
  priceCents: integer('price_cents').notNull().default(0),
  isFree: boolean('is_free').notNull().default(false),
  upgradeableBy: integer('upgradeable_by').array().notNull().default(sql`'{}'::integer[]`),
  /** paid-upgrade types: the pass type the holder gets (e.g. Business Upgrade → Business Pass). */
  upgradesTo: integer('upgrades_to').references((): AnyPgColumn => passTypes.id),
  active: boolean('active').notNull().default(true),
  position: integer('position').notNull().default(0),
});

export const vouchers = pgTable('vouchers', {
  code: text('code').primaryKey(), // stored upper-cased
  passTypeId: integer('pass_type_id')
    .notNull()
    .references(() => passTypes.id),
  codeType: text('code_type').notNull(), // host, partner, speaker, press, discount...
  maxUses: integer('max_uses'),
  usedCount: integer('used_count').notNull().default(0),
  validUntil: timestamp('valid_until', { withTimezone: true }),
  /** The organizer's batch the code was created in (its prefix and time), null for seeded codes. */
  batch: text('batch'),
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** White and black lists: an entry is a full address or a domain. */
export const emailLists = pgTable(
  'email_lists',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    list: text('list', { enum: ['white', 'black'] }).notNull(),
    pattern: text('pattern').notNull(),
  },
  (t) => [unique('email_lists_list_pattern').on(t.list, t.pattern)],
);

/** Free-mail providers that do not get the free Standard Pass. */
export const grayListedProviders = pgTable('gray_listed_providers', {
  domain: text('domain').primaryKey(),
});

export const passes = pgTable('passes', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  passTypeId: integer('pass_type_id')
    .notNull()
    .references(() => passTypes.id),
  status: text('status', { enum: ['pending', 'approved', 'rejected', 'cancelled'] }).notNull(),
  voucherCode: text('voucher_code'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
});

/**
 * The barcodes issued for a pass: the signed token's `pid` is a barcode id. An upgrade (new pass
 * type) revokes the current barcode and issues a new one; revoked ids go on the revocation list.
 */
export const passBarcodes = pgTable(
  'pass_barcodes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    passId: uuid('pass_id')
      .notNull()
      .references(() => passes.id, { onDelete: 'cascade' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /** The revocation list's change cursor (GET /api/pass/revocations). */
    changeTx: changeTx(),
  },
  (t) => [
    index('pass_barcodes_pass_idx').on(t.passId),
    index('pass_barcodes_revoked_idx').on(t.revokedAt),
    // Pages of the revocation list in cursor order.
    index('pass_barcodes_revoked_change_idx').on(t.changeTx, t.id).where(sql`${t.revokedAt} is not null`),
  ],
);

export const surveyQuestions = pgTable('survey_questions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  position: integer('position').notNull(),
  text: text('text').notNull(),
  kind: text('kind', { enum: ['single', 'multiple', 'text'] }).notNull(),
  options: jsonb('options').$type<string[]>().notNull().default([]),
  maxSelections: integer('max_selections'),
  required: boolean('required').notNull().default(false),
});

export const surveyAnswers = pgTable(
  'survey_answers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => surveyQuestions.id),
    value: jsonb('value').$type<string | string[]>().notNull(),
    createdAt: date('created_at', { mode: 'string' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('survey_answers_user_question').on(t.userId, t.questionId)],
);

export const news = pgTable('news', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  /** Null while a draft: only published news reach attendees. */
  publishedAt: timestamp('published_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A vendor's lead: one row per (scanner, scanned person), created by the first scan and updated by
 * later scans and edits (notes, rating, tags, qualification answers). Changes arrive as client ops
 * (client_ops) from the lead scanner's outbox; the newest change (changed_at) wins per field set.
 */
export const leads = pgTable(
  'leads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scannerUserId: uuid('scanner_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scannedUserId: uuid('scanned_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The barcode scanned last (pass_barcodes.id). */
    barcodeId: uuid('barcode_id').notNull(),
    notes: text('notes').notNull().default(''),
    rating: integer('rating').notNull().default(0),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    answers: jsonb('answers').$type<Record<string, string>>().notNull().default({}),
    scanCount: integer('scan_count').notNull().default(1),
    /** When the device first scanned this person. */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The device time of the newest applied edit (the first scan until edited); re-scans do not move it. */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
    /**
     * The scanner devices' change cursor (GET /api/lead/changes). Also moved on when what the lead
     * shows of its person changes (name, company, picture) or its barcode is revoked (an upgrade:
     * another pass type): triggers of migration 0025 touch the lead then.
     */
    changeTx: changeTx(),
  },
  (t) => [
    unique('leads_scanner_scanned').on(t.scannerUserId, t.scannedUserId),
    index('leads_scanned_idx').on(t.scannedUserId),
    // A scanner's (and each team mate's) changes in cursor order.
    index('leads_scanner_change_idx').on(t.scannerUserId, t.changeTx, t.id),
    // The leads naming a barcode being revoked.
    index('leads_barcode_idx').on(t.barcodeId),
  ],
);

/** Where staff check passes (an entrance, a dinner); passTypeIds empty = every pass type. */
export const checkinLists = pgTable('checkin_lists', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
  description: text('description').notNull().default(''),
  passTypeIds: integer('pass_type_ids').array().notNull().default(sql`'{}'::integer[]`),
  /** When the list admits (null: no limit on that side); staff devices refuse outside it. */
  validFrom: timestamp('valid_from', { withTimezone: true }),
  validUntil: timestamp('valid_until', { withTimezone: true }),
});

/**
 * Check-ins made by staff devices, possibly offline: `id` is the device's nonce (idempotency key).
 * Every event is kept; the second and later check-in of a pass on a list point at the first one
 * (duplicateOf), also when they were made on different devices.
 */
export const checkins = pgTable(
  'checkins',
  {
    id: uuid('id').primaryKey(),
    listId: integer('list_id')
      .notNull()
      .references(() => checkinLists.id),
    barcodeId: uuid('barcode_id').notNull(),
    passId: uuid('pass_id')
      .notNull()
      .references(() => passes.id, { onDelete: 'cascade' }),
    staffUserId: uuid('staff_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    deviceId: text('device_id').notNull(),
    scannedAt: timestamp('scanned_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    duplicateOf: uuid('duplicate_of'),
    /** The staff devices' change cursor (GET /api/checkin/lists/{id}/events). */
    changeTx: changeTx(),
  },
  (t) => [
    index('checkins_list_pass_idx').on(t.listId, t.passId, t.scannedAt),
    index('checkins_list_change_idx').on(t.listId, t.changeTx, t.id),
  ],
);

/**
 * Scanners whose leads were deleted (a scanned person's account removed): the devices showing their
 * leads then download their lists again from the start. Written by a trigger on leads (migration
 * 0023), one row per scanner; no foreign key, the scanner may be the account being deleted.
 */
export const leadRemovals = pgTable('lead_removals', {
  scannerUserId: uuid('scanner_user_id').primaryKey(),
  changeTx: changeTx(),
});
