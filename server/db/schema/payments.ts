import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Stripe webhook events already handled, by Stripe's event id: Stripe delivers at least once (and
 * retries until it gets a 2xx), so a redelivered event is recognised here and changes nothing.
 * The row is written in the same transaction as the event's effect.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  /** The Checkout Session the event was about, when it was about one. */
  sessionId: text('session_id'),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});
