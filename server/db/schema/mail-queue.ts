import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './users.ts';

/**
 * Mail on its way to the SMTP server (SMTP_URL set). The request that sends a mail only writes it
 * here, rendered; the mail queue of any instance (server/services/mail/mail-queue.ts) delivers it and
 * deletes the row once the server accepted it. An unreachable SMTP server or a dropped connection
 * leaves the row for a later attempt, with backoff, so no mail is lost with the connection.
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The whole message as rendered once (its Message-ID fixed): every attempt sends these bytes. */
    message: bytea('message').notNull(),
    /** The SMTP envelope: MAIL FROM and RCPT TO. */
    envelope: jsonb('envelope').$type<{ from: string; to: string[] }>().notNull(),
    /** For the log only (a mail given up is named by these). */
    messageId: text('message_id').notNull(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    attempts: integer('attempts').notNull().default(0),
    /** When the next attempt is due; while an instance sends it, the end of that instance's lease. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_queue_due_idx').on(t.nextAttemptAt)],
);
