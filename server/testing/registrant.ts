import { and, eq } from 'drizzle-orm';
import { addDays } from '#shared/stay.ts';
import type { Db } from '../db/client.ts';
import {
  accommodations,
  addresses,
  authTokens,
  countries,
  passes,
  passTypes,
  roomAvailabilities,
  rooms,
  users,
} from '../db/schema/index.ts';
import { randomToken, sha256 } from '../services/accounts/tokens.ts';

export interface RegistrantOptions {
  email: string;
  passType?: 'Standard Pass' | 'Business Pass' | 'Premium Pass';
  passStatus?: 'pending' | 'approved' | 'cancelled';
  /** ISO code of the billing country; null for no address at all. */
  country?: string | null;
  vatId?: string;
  company?: string;
  /** 'registration' (default) as issued by the account step, or 'full' as after sign-in. */
  scope?: 'registration' | 'full';
  /** false: an address never confirmed, holding a registration token from before addresses were confirmed first. */
  confirmed?: boolean;
}

/**
 * A user half-way through registration, written straight into the database: account, billing
 * address, pass and a bearer token. Lets the checkout, payment and invoice tests run on their own.
 */
export async function createRegistrant(db: Db, options: RegistrantOptions) {
  const [user] = await db
    .insert(users)
    .values({
      email: options.email,
      passwordHash: 'not-a-real-hash',
      firstName: 'Reg',
      lastName: options.email.split('@')[0] ?? 'Istrant',
      company: options.company ?? '',
      emailConfirmedAt: options.confirmed === false ? null : new Date(),
    })
    .returning();
  if (!user) throw new Error('user insert failed');
  const [type] = await db
    .select()
    .from(passTypes)
    .where(eq(passTypes.name, options.passType ?? 'Business Pass'))
    .limit(1);
  if (!type) throw new Error('pass type missing');
  await db.insert(passes).values({ userId: user.id, passTypeId: type.id, status: options.passStatus ?? 'pending' });

  const countryCode = options.country === undefined ? 'DE' : options.country;
  if (countryCode) {
    const [country] = await db.select().from(countries).where(eq(countries.code, countryCode));
    if (!country) throw new Error(`country ${countryCode} missing`);
    await db.insert(addresses).values({
      userId: user.id,
      type: 'billingAddress',
      company: options.company ?? '',
      vatId: options.vatId ?? '',
      addressLine1: 'Teststraße 1',
      zip: '12345',
      city: 'Teststadt',
      countryId: country.id,
    });
  }

  const token = randomToken();
  await db.insert(authTokens).values({
    tokenHash: sha256(token),
    userId: user.id,
    scope: options.scope ?? 'registration',
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { user, passType: type, headers: { authorization: `Bearer ${token}` } };
}

/** A room by hotel and room name (seed data of server/db/seed/venue.ts). */
export async function seededRoom(db: Db, hotel: string, room: string) {
  const [row] = await db
    .select({ room: rooms })
    .from(rooms)
    .innerJoin(accommodations, eq(accommodations.id, rooms.accommodationId))
    .where(and(eq(accommodations.name, hotel), eq(rooms.name, room)))
    .limit(1);
  if (!row) throw new Error(`${hotel} / ${room} missing`);
  return row.room;
}

/**
 * A new room (150.00 a night, for two) in a seeded hotel, with 5 free each night for 40 nights from
 * today: stays that start soon, or far enough ahead to be cancelled free of charge.
 */
export async function roomFromToday(db: Db, name: string) {
  const hotel = await seededRoom(db, 'Hotel Krønasår', 'Nordic Double');
  const [room] = await db
    .insert(rooms)
    .values({ accommodationId: hotel.accommodationId, name, occupancy: 2, priceCents: 15_000 })
    .returning();
  if (!room) throw new Error('room insert failed');
  const today = new Date().toISOString().slice(0, 10);
  await db
    .insert(roomAvailabilities)
    .values(Array.from({ length: 40 }, (_, i) => ({ roomId: room.id, night: addDays(today, i), total: 5 })));
  return { room, today };
}
