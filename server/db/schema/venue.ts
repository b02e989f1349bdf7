import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** badgeIds: 28, 30 and 31 carry the shuttle flag. */
export const accommodations = pgTable('accommodations', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  address: text('address').notNull().default(''),
  stars: integer('stars').notNull().default(3),
  distanceM: integer('distance_m').notNull().default(0), // metres to the venue
  image: text('image'),
  badgeIds: integer('badge_ids').array().notNull().default(sql`'{}'::integer[]`),
});

export const rooms = pgTable('rooms', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  accommodationId: integer('accommodation_id')
    .notNull()
    .references(() => accommodations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  occupancy: integer('occupancy').notNull().default(1),
  priceCents: integer('price_cents').notNull(), // per night
  active: boolean('active').notNull().default(true),
  internal: boolean('internal').notNull().default(false),
});

/** One row per room and night: how many rooms exist and how many are booked. */
export const roomAvailabilities = pgTable(
  'room_availabilities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'cascade' }),
    night: date('night', { mode: 'string' }).notNull(),
    total: integer('total').notNull(),
    booked: integer('booked').notNull().default(0),
  },
  (t) => [unique('room_availabilities_room_night').on(t.roomId, t.night)],
);

export const bookings = pgTable(
  'bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accommodationId: integer('accommodation_id')
      .notNull()
      .references(() => accommodations.id),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
    start: date('start', { mode: 'string' }).notNull(),
    end: date('end', { mode: 'string' }).notNull(),
    /** held: reserved by an unpaid registration checkout since createdAt (expires after 30 minutes). */
    status: text('status', { enum: ['held', 'confirmed', 'cancelled'] })
      .notNull()
      .default('confirmed'),
    guests: jsonb('guests').$type<{ firstName: string; lastName: string }[]>().notNull().default([]),
    priceCents: integer('price_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [index('bookings_user_idx').on(t.userId), index('bookings_room_status_idx').on(t.roomId, t.status)],
);

export const trainTicketTypes = pgTable('train_ticket_types', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  priceCents: integer('price_cents').notNull(),
});

export const trainTickets = pgTable('train_tickets', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  typeId: integer('type_id')
    .notNull()
    .references(() => trainTicketTypes.id),
  code: text('code').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const agendaSessions = pgTable(
  'agenda_sessions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    title: text('title').notNull(),
    abstract: text('abstract').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    room: text('room').notNull(),
    track: text('track').notNull(),
    speakers: jsonb('speakers').$type<{ name: string; company: string; title: string }[]>().notNull().default([]),
    /** The talk's id in the imported schedule (pretalx guid): a re-import updates it in place. */
    externalId: text('external_id').unique(),
  },
  (t) => [index('agenda_sessions_starts_idx').on(t.startsAt)],
);

export const exhibitors = pgTable('exhibitors', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  category: text('category').notNull(),
  hall: text('hall').notNull(),
  booth: text('booth').notNull().unique(),
  website: text('website').notNull().default(''),
  logoUrl: text('logo_url').notNull().default(''),
});

/** The user's personal agenda: one row per session ever (un)favourited; the newest client change wins. */
export const agendaFavourites = pgTable(
  'agenda_favourites',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sessionId: integer('session_id')
      .notNull()
      .references(() => agendaSessions.id, { onDelete: 'cascade' }),
    favourite: boolean('favourite').notNull(),
    /** When the device made the change (the outbox op's createdAt): orders changes from several devices. */
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.sessionId] })],
);
