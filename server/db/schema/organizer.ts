import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Every organizer action: who did what to whom, when. Written in the same transaction as
 * the change it records where there is one; never updated or deleted by the app.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** A dotted verb: pass.approve, pass.reject, barcode.reissue, voucher.create, agenda.import… */
    action: text('action').notNull(),
    /** The person the action was about, when it was about one. */
    subjectUserId: uuid('subject_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** What else it was about, in words: a list name, a voucher batch, a file name. */
    subject: text('subject').notNull().default(''),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorUserId),
    index('audit_log_subject_user_idx').on(t.subjectUserId),
    index('audit_log_action_idx').on(t.action),
  ],
);
