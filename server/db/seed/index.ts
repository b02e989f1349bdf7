import { eq } from 'drizzle-orm';
import { hashPassword } from '../../services/accounts/password.ts';
import { FREE_STANDARD_POOL } from '../../services/passes/pass-pool.ts';
import type { Db } from '../client.ts';
import {
  accommodations,
  addresses,
  agendaSessions,
  config,
  countries,
  emailLists,
  exhibitors,
  grayListedProviders,
  news,
  passes,
  passPools,
  passTypes,
  roomAvailabilities,
  rooms,
  surveyAnswers,
  surveyQuestions,
  trainTicketTypes,
  users,
  vouchers,
} from '../schema/index.ts';
import { agendaSessions as agendaRows } from './agenda.ts';
import { seedCheckinLists } from './checkin-lists.ts';
import { countryRows } from './countries.ts';
import { DEMO_PASSWORD } from './demo-accounts.ts';
import { EMAIL_LISTS, GRAY_LISTED_PROVIDERS } from './email-lists.ts';
import { EVENT_CONFIG } from './event.ts';
import { exhibitorRows } from './exhibitors.ts';
import { seedLeads } from './leads.ts';
import { NEWS } from './news.ts';
import {
  BASE_PASS_TYPES,
  type BasePassKey,
  FREE_STANDARD_POOL as FREE_STANDARD_TOTAL,
  UPGRADE_PASS_TYPES,
  VOUCHERS,
} from './passes.ts';
import { seedHotelPurchase, seedTrainTicketPurchase } from './purchases.ts';
import { SURVEY_QUESTIONS } from './survey.ts';
import { TRAIN_TICKET_TYPES } from './train-tickets.ts';
import { type UserSeed, userSeeds } from './users.ts';
import { ACCOMMODATIONS, baseAvailability } from './venue.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const EVENT_KEY = 'event';
const HOUR_MS = 3_600_000;

/**
 * Fills an empty database with the demo event. Idempotent: the 'event' config row marks a
 * seeded database, and a second seeder running at the same time finds it and does nothing.
 */
export async function seed(db: Db, options: { genericAttendees?: number } = {}): Promise<{ seeded: boolean }> {
  const existing = await db.select({ key: config.key }).from(config).where(eq(config.key, EVENT_KEY));
  if (existing.length > 0) return { seeded: false };

  // One hash for every demo user: scrypt costs tens of milliseconds per call.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(config)
      .values({ key: EVENT_KEY, value: EVENT_CONFIG })
      .onConflictDoNothing()
      .returning({ key: config.key });
    if (claimed.length === 0) return { seeded: false };

    const people = userSeeds(options.genericAttendees);
    const countryIds = await seedCountries(tx);
    const passTypeIds = await seedPassTypes(tx);
    await seedVouchers(tx, passTypeIds, people);
    await tx.insert(emailLists).values(EMAIL_LISTS);
    await tx.insert(grayListedProviders).values(GRAY_LISTED_PROVIDERS.map((domain) => ({ domain })));
    const roomsByKey = await seedVenue(tx);
    const questionIds = await seedSurveyQuestions(tx);
    const ticketTypeIds = await seedTrainTicketTypes(tx);
    await tx.insert(agendaSessions).values(agendaRows());
    await tx.insert(exhibitors).values(exhibitorRows());
    await tx.insert(news).values(NEWS);
    await seedUsers(tx, people, { passwordHash, countryIds, passTypeIds, roomsByKey, questionIds, ticketTypeIds });
    await seedFreePassPool(tx, people);
    await seedCheckinLists(tx, passTypeIds);
    await seedLeads(tx);
    return { seeded: true };
  });
}

async function seedCountries(tx: Tx): Promise<Map<string, number>> {
  const rows = await tx.insert(countries).values(countryRows()).returning({ id: countries.id, code: countries.code });
  return new Map(rows.map((r) => [r.code, r.id]));
}

/** Base types first, then the upgrades that reference them by id. */
async function seedPassTypes(tx: Tx): Promise<Map<BasePassKey, number>> {
  const inserted = await tx
    .insert(passTypes)
    .values(BASE_PASS_TYPES.map(({ key: _key, ...row }) => row))
    .returning({ id: passTypes.id, name: passTypes.name });
  const idByName = new Map(inserted.map((r) => [r.name, r.id]));
  const ids = new Map(BASE_PASS_TYPES.map((t) => [t.key, must(idByName.get(t.name), t.name)]));
  await tx.insert(passTypes).values(
    UPGRADE_PASS_TYPES.map(({ upgradeableBy, upgradesTo, ...row }) => ({
      ...row,
      kind: 'paid-upgrade' as const,
      upgradeableBy: upgradeableBy.map((key) => must(ids.get(key), key)),
      upgradesTo: must(ids.get(upgradesTo), upgradesTo),
    })),
  );
  return ids;
}

/** usedCount matches the seeded passes that redeemed each code. */
async function seedVouchers(tx: Tx, passTypeIds: Map<BasePassKey, number>, people: UserSeed[]): Promise<void> {
  const uses = new Map<string, number>();
  for (const { pass } of people) if (pass?.voucherCode) uses.set(pass.voucherCode, (uses.get(pass.voucherCode) ?? 0) + 1);
  await tx.insert(vouchers).values(
    VOUCHERS.map(({ passType, ...v }) => ({
      ...v,
      passTypeId: must(passTypeIds.get(passType), passType),
      usedCount: uses.get(v.code) ?? 0,
    })),
  );
}

/** The free Standard Pass pool (docs/behaviour.md §9), with the demo users' free passes already taken from it. */
async function seedFreePassPool(tx: Tx, people: UserSeed[]): Promise<void> {
  const freeKeys = new Set(BASE_PASS_TYPES.filter((t) => t.isFree).map((t) => t.key));
  const taken = people.filter(({ pass }) => pass && freeKeys.has(pass.type)).length;
  // A pool row created by a data migration beforehand only gets its taken count.
  await tx
    .insert(passPools)
    .values({ key: FREE_STANDARD_POOL, total: FREE_STANDARD_TOTAL, taken })
    .onConflictDoUpdate({ target: passPools.key, set: { taken } });
}

interface SeededRoom {
  id: number;
  accommodationId: number;
  priceCents: number;
}

const roomKey = (hotel: string, room: string) => `${hotel}\u0000${room}`;

/** Hotels, rooms and nightly availability of others' bookings (the demo users book theirs in seedUsers). */
async function seedVenue(tx: Tx): Promise<Map<string, SeededRoom>> {
  const hotels = await tx
    .insert(accommodations)
    .values(ACCOMMODATIONS.map(({ rooms: _rooms, ...hotel }) => hotel))
    .returning({ id: accommodations.id, name: accommodations.name });
  const hotelIds = new Map(hotels.map((h) => [h.name, h.id]));

  const roomSeeds = ACCOMMODATIONS.flatMap((hotel) => hotel.rooms.map((room) => ({ hotel: hotel.name, room })));
  const inserted = await tx
    .insert(rooms)
    .values(
      roomSeeds.map(({ hotel, room: { total: _total, profile: _profile, ...room } }) => ({
        ...room,
        accommodationId: must(hotelIds.get(hotel), hotel),
      })),
    )
    .returning({ id: rooms.id, accommodationId: rooms.accommodationId, name: rooms.name, priceCents: rooms.priceCents });
  const hotelNames = new Map(hotels.map((h) => [h.id, h.name]));
  const byKey = new Map(inserted.map((r) => [roomKey(must(hotelNames.get(r.accommodationId), 'hotel'), r.name), r]));

  // The demo users' own bookings take their nights later, through bookRoom (purchases.ts).
  const availability = roomSeeds.flatMap(({ hotel, room }, index) => {
    const roomId = must(byKey.get(roomKey(hotel, room.name)), room.name).id;
    return baseAvailability(room, 1000 + index).map(({ night, total, booked }) => ({ roomId, night, total, booked }));
  });
  await tx.insert(roomAvailabilities).values(availability);
  return byKey;
}

async function seedSurveyQuestions(tx: Tx): Promise<number[]> {
  const rows = await tx
    .insert(surveyQuestions)
    .values(SURVEY_QUESTIONS.map((q, i) => ({ ...q, position: i + 1 })))
    .returning({ id: surveyQuestions.id, position: surveyQuestions.position });
  return rows.sort((a, b) => a.position - b.position).map((r) => r.id);
}

async function seedTrainTicketTypes(tx: Tx): Promise<number[]> {
  const rows = await tx
    .insert(trainTicketTypes)
    .values(TRAIN_TICKET_TYPES)
    .returning({ id: trainTicketTypes.id, name: trainTicketTypes.name });
  const ids = new Map(rows.map((r) => [r.name, r.id]));
  return TRAIN_TICKET_TYPES.map((t) => must(ids.get(t.name), t.name));
}

interface UserRefs {
  passwordHash: string;
  countryIds: Map<string, number>;
  passTypeIds: Map<BasePassKey, number>;
  roomsByKey: Map<string, SeededRoom>;
  questionIds: number[];
  ticketTypeIds: number[];
}

/** Users and everything hanging off them, one insert per table. */
async function seedUsers(tx: Tx, people: UserSeed[], refs: UserRefs): Promise<void> {
  const inserted = await tx
    .insert(users)
    .values(
      people.map((p) => ({
        email: p.email,
        passwordHash: refs.passwordHash,
        firstName: p.firstName,
        lastName: p.lastName,
        company: p.company,
        scopes: p.scopes,
        tagIds: p.tagIds,
        permissionPaths: p.permissionPaths,
        createdAt: p.createdAt,
        updatedAt: p.createdAt,
        emailConfirmedAt: new Date(p.createdAt.getTime() + HOUR_MS / 6),
      })),
    )
    .returning({ id: users.id, email: users.email });
  const userIds = new Map(inserted.map((u) => [u.email, u.id]));
  const withId = people.map((p) => ({ ...p, userId: must(userIds.get(p.email), p.email) }));

  const passRows = withId.flatMap(({ pass, userId, createdAt }) => {
    if (!pass) return [];
    const passCreatedAt = new Date(createdAt.getTime() + HOUR_MS / 2);
    return [
      {
        userId,
        passTypeId: must(refs.passTypeIds.get(pass.type), pass.type),
        status: pass.status,
        voucherCode: pass.voucherCode,
        createdAt: passCreatedAt,
        approvedAt: pass.status === 'approved' ? new Date(passCreatedAt.getTime() + 24 * HOUR_MS) : null,
      },
    ];
  });
  if (passRows.length) await tx.insert(passes).values(passRows);

  const addressRows = withId.flatMap(({ address, userId, company }) => {
    if (!address) return [];
    const { countryCode, ...rest } = address;
    return [
      {
        ...rest,
        userId,
        company,
        type: 'billingAddress' as const,
        countryId: must(refs.countryIds.get(countryCode), countryCode),
      },
    ];
  });
  if (addressRows.length) await tx.insert(addresses).values(addressRows);

  // Purchases go through the services a real purchase takes: order, payment, invoice (purchases.ts).
  for (const { booking, userId, createdAt } of withId) {
    if (!booking) continue;
    const room = must(refs.roomsByKey.get(roomKey(booking.hotel, booking.room)), booking.room);
    const stay = { accommodationId: room.accommodationId, roomId: room.id, start: booking.start, end: booking.end };
    await seedHotelPurchase(tx, userId, { ...stay, guests: booking.guests }, new Date(createdAt.getTime() + HOUR_MS));
  }

  const answerRows = withId.flatMap(({ survey, userId }) => {
    if (!survey) return [];
    const updatedAt = new Date(`${survey.createdAt}T12:00:00Z`);
    return survey.values.map((value, i) => ({
      userId,
      questionId: must(refs.questionIds[i], `question ${i + 1}`),
      value,
      createdAt: survey.createdAt,
      updatedAt,
    }));
  });
  if (answerRows.length) await tx.insert(surveyAnswers).values(answerRows);

  for (const { trainTicket, userId, createdAt } of withId) {
    if (!trainTicket) continue;
    const typeId = must(refs.ticketTypeIds[trainTicket.typeIndex], 'ticket type');
    await seedTrainTicketPurchase(tx, userId, { typeId, code: trainTicket.code }, new Date(createdAt.getTime() + 2 * HOUR_MS));
  }
}

/** Lookups in seed data cannot miss unless the seed itself is inconsistent: fail loudly. */
function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Seed data is inconsistent: ${what} not found`);
  return value;
}
