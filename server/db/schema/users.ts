import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Accounts. Kinds come from scopes (host, vip, vendor-vip, staff, organizer), tags (2 = vendor) and permissions (/contacts = lead scanner). */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(), // stored lower-cased
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    company: text('company').notNull().default(''),
    image: text('image'),
    scopes: text('scopes').array().notNull().default(sql`'{}'::text[]`),
    tagIds: integer('tag_ids').array().notNull().default(sql`'{}'::integer[]`),
    permissionPaths: text('permission_paths').array().notNull().default(sql`'{}'::text[]`),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** The account's language: its mails and PDFs are written in it. */
    language: text('language', { enum: ['en', 'de'] })
      .notNull()
      .default('en'),
    /**
     * Whether the holder ever used the app in `language` (signed up, registered or switched): only
     * then does a sign-in on a new device start in it. Accounts from before the languages say 'en'
     * by default, which is no one's choice, so they keep the device's language.
     */
    languageChosen: boolean('language_chosen').notNull().default(false),
    /** The exhibitor team whose shared lead list this user scans into (lead_teams; null: their own list). */
    leadTeamId: uuid('lead_team_id').references((): AnyPgColumn => leadTeams.id, { onDelete: 'set null' }),
    /** When the user joined that team: the team sees their scans from this moment on. */
    leadTeamJoinedAt: timestamp('lead_team_joined_at', { withTimezone: true }),
    /** The member chose to share the scans they made before joining with the team too. */
    leadTeamSharesEarlier: boolean('lead_team_shares_earlier').notNull().default(false),
    /**
     * What the organizer's attendee search looks in: name, e-mail and company, lower-cased
     * once on write, so a search of 10,000 people is one cheap scan instead of five ILIKEs per row.
     */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL => sql`lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email} || ' ' || ${users.company})`,
    ),
  },
  // The attendee list's order, so a page of the unfiltered list reads an index instead of sorting everyone.
  (t) => [
    index('users_name_order_idx').on(sql`lower(${t.lastName})`, sql`lower(${t.firstName})`, t.email),
    // A scanner's team mates, read on every lead download.
    index('users_lead_team_idx').on(t.leadTeamId),
    // The database refuses a language the product has no texts for, whatever writes the row.
    check('users_language_check', sql`${t.language} in ('en', 'de')`),
  ],
);

/** Bearer tokens: only the SHA-256 of the token is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** 'full' after sign-in; 'registration' for the registration flow (survey, checkout, payment only). */
    scope: text('scope', { enum: ['full', 'registration'] })
      .notNull()
      .default('full'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('auth_tokens_user_idx').on(t.userId)],
);

/** Single-use e-mail tokens (confirmation, password reset); only the hash is stored. */
export const emailTokens = pgTable('email_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['confirm', 'reset'] }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /**
   * A confirmation link's pending password: the password chosen with the sign-up or
   * registration that mailed this link. It becomes the account's only when this link is followed,
   * so a password set before the inbox was proven never signs anyone in.
   */
  passwordHash: text('password_hash'),
});

export const addresses = pgTable(
  'addresses',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['billingAddress'] }).notNull(),
    company: text('company').notNull().default(''),
    vatId: text('vat_id').notNull().default(''),
    addressLine1: text('address_line1').notNull().default(''),
    addressLine2: text('address_line2').notNull().default(''),
    zip: text('zip').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    countryId: integer('country_id'),
    /** BT-10: the buyer's reference for their invoices (a German public buyer's Leitweg-ID). */
    buyerReference: text('buyer_reference').notNull().default(''),
    /** BT-13: the buyer's purchase order number, printed and carried in the e-invoice. */
    purchaseOrder: text('purchase_order').notNull().default(''),
  },
  (t) => [unique('addresses_user_type').on(t.userId, t.type)],
);

/** Mail written when no SMTP_URL is set: the local outbox developers and tests read. */
export const mailOutbox = pgTable('mail_outbox', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Rate-limit counters shared by every instance (rate-limiter-flexible's Drizzle store): one row per
 * limited key (route and address, or route and e-mail) and window.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite hands back a Uint8Array, node-postgres a Buffer: always give the app a Buffer.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Uploaded avatars, normalised on upload (re-encoded, so nothing but pixels is stored). `users.image`
 * holds the URL /api/image/{id}; variants (e.g. 56×56 crop at dpr 2) are rendered on request.
 */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    data: bytea('data').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('images_user_idx').on(t.userId)],
);

/** The visa invitation letter's data (one per user, updated when resubmitted); the PDF is rendered from it. */
export const visaLetters = pgTable('visa_letters', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Printed on the letter, e.g. CF26-VISA-000123. */
  reference: text('reference').notNull().unique(),
  fullName: text('full_name').notNull(),
  passportNumber: text('passport_number').notNull(),
  nationalityId: integer('nationality_id').notNull(),
  dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
  passportExpiry: date('passport_expiry', { mode: 'string' }).notNull(),
  embassyCity: text('embassy_city').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Offline changes applied from devices' outboxes (favourites now; leads and check-ins later), by the
 * client-generated id: an op uploaded twice (a retry after a lost answer) is applied once.
 */
export const clientOps = pgTable(
  'client_ops',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** What the first upload answered: created, updated or rejected (a retry answers duplicate). */
    result: text('result', { enum: ['created', 'updated', 'rejected'] }).notNull(),
    reason: text('reason'),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('client_ops_user_idx').on(t.userId)],
);

/**
 * A vendor company's exhibitor team: its colleagues share one lead list. Managed by its owner (the
 * company's lead-scanner owner) or an organizer; users.lead_team_id says who belongs.
 */
export const leadTeams = pgTable('lead_teams', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  ownerUserId: uuid('owner_user_id').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An invitation to an exhibitor team: the owner (or an organizer) invites an address, the
 * vendor joins only by accepting it signed in. Pending until accepted, declined or withdrawn.
 */
export const leadTeamInvitations = pgTable(
  'lead_team_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: uuid('team_id')
      .notNull()
      .references(() => leadTeams.id, { onDelete: 'cascade' }),
    /** The invited address, lower-cased; whether it has an account is never told to the inviter. */
    email: text('email').notNull(),
    invitedByUserId: uuid('invited_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** An organizer invited across company lines. */
    byOrganizer: boolean('by_organizer').notNull().default(false),
    status: text('status', { enum: ['pending', 'accepted', 'declined', 'withdrawn'] })
      .notNull()
      .default('pending'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    index('lead_team_invitations_email_idx').on(t.email),
    uniqueIndex('lead_team_invitations_pending_idx').on(t.teamId, t.email).where(sql`${t.status} = 'pending'`),
  ],
);

/**
 * Devices that signed in to an account before: a long-lived HttpOnly cookie whose SHA-256
 * is kept here. The account-wide lock against guessers spread over many addresses spares these, so
 * a guesser cannot lock the owner out of their own phone.
 */
export const knownDevices = pgTable(
  'known_devices',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('known_devices_user_idx').on(t.userId)],
);
