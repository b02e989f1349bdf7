import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { checkinLists } from './catalog.ts';
import { users } from './users.ts';

/**
 * The last status each event-day device reported: a staff check-in device, a lead scanner
 * or a self-service kiosk tells when it last synced and how many changes wait for upload, so the
 * organizer console can flag devices that stopped syncing. One row per device id (the id the
 * check-in outbox sends as checkins.device_id). That id is not secret (every staff device downloads
 * it with the check-in events), so a device also keeps a random secret whose hash is stored here: a
 * report naming the id without the secret is refused, while a tablet handed to the next shift (same
 * browser, another account) simply reports as its new user.
 */
export const devices = pgTable(
  'devices',
  {
    deviceId: text('device_id').primaryKey(),
    /** SHA-256 (hex) of the device's secret. */
    secretHash: text('secret_hash').notNull(),
    /** Who used the device last. */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['checkin', 'lead', 'kiosk'] }).notNull(),
    /** The check-in list a check-in device or kiosk works on (null for lead scanners). */
    checkinListId: integer('checkin_list_id').references(() => checkinLists.id, { onDelete: 'set null' }),
    /** The device's last successful sync (null: never synced). */
    lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
    /** Changes on the device not yet uploaded. */
    pending: integer('pending').notNull().default(0),
    /** Server time of the latest report. */
    reportedAt: timestamp('reported_at', { withTimezone: true }).notNull(),
    appVersion: text('app_version'),
    label: text('label'),
  },
  (t) => [
    check('devices_kind_check', sql`${t.kind} in ('checkin', 'lead', 'kiosk')`),
    check('devices_pending_check', sql`${t.pending} >= 0`),
    index('devices_user_idx').on(t.userId),
  ],
);
