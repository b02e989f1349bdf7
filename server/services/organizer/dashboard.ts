import { type AnyColumn, and, asc, count, desc, eq, gt, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { Dashboard } from '#shared/contracts/organizer-event.ts';
import { VENUE_TIME_ZONE } from '#shared/venue-time-zone.ts';
import type { Db } from '../../db/client.ts';
import {
  checkinLists,
  checkins,
  invoices,
  leads,
  leadTeams,
  passClaims,
  passes,
  passPools,
  passTypes,
  refunds,
  roomAvailabilities,
  rooms,
  users,
} from '../../db/schema/index.ts';

/** Days and hours on the dashboard are the venue's, like every time on site. */

/**
 * A timestamptz column as the venue's wall-clock time (timestamp without zone). The zone is written
 * into the SQL text, not bound: PostgreSQL matches a GROUP BY expression to its SELECT one by text,
 * and two bound parameters would not match.
 */
const atVenue = (column: AnyColumn) => sql`(${column} at time zone ${sql.raw(`'${VENUE_TIME_ZONE}'`)})`;
const venueDay = (column: AnyColumn) => sql<string>`to_char(${atVenue(column)}, 'YYYY-MM-DD')`;
/** Sums as bigint (cents add up past 2^31), read back as numbers. */
const total = (value: SQL | AnyColumn) => sql<number>`coalesce(sum(${value}), 0)::bigint`.mapWith(Number);
const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);

/** Accounts and passes created per venue day, merged into one row per day. */
async function registrationsPerDay(db: Db): Promise<Dashboard['registrationsPerDay']> {
  const accountDay = venueDay(users.createdAt);
  const passDay = venueDay(passes.createdAt);
  const [accounts, passRows] = await Promise.all([
    db.select({ day: accountDay, count: count() }).from(users).groupBy(accountDay),
    db.select({ day: passDay, count: count() }).from(passes).groupBy(passDay),
  ]);
  const days = new Map<string, { day: string; accounts: number; passes: number }>();
  const dayOf = (day: string) => {
    let row = days.get(day);
    if (!row) {
      row = { day, accounts: 0, passes: 0 };
      days.set(day, row);
    }
    return row;
  };
  for (const row of accounts) dayOf(row.day).accounts = row.count;
  for (const row of passRows) dayOf(row.day).passes = row.count;
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

async function passesByTypeAndStatus(db: Db): Promise<Dashboard['passes']> {
  return db
    .select({ passTypeId: passTypes.id, passType: passTypes.name, status: passes.status, count: count() })
    .from(passes)
    .innerJoin(passTypes, eq(passTypes.id, passes.passTypeId))
    .groupBy(passTypes.id, passTypes.name, passTypes.position, passes.status)
    .orderBy(asc(passTypes.position), asc(passTypes.id), asc(passes.status));
}

async function pools(db: Db, now: Date): Promise<Dashboard['passPools']> {
  return db
    .select({
      key: passPools.key,
      total: passPools.total,
      taken: passPools.taken,
      held: sql<number>`count(${passClaims.id})`.mapWith(Number),
    })
    .from(passPools)
    .leftJoin(
      passClaims,
      and(eq(passClaims.poolKey, passPools.key), eq(passClaims.status, 'held'), gt(passClaims.expiresAt, now)),
    )
    .groupBy(passPools.key)
    .orderBy(asc(passPools.key));
}

async function revenue(db: Db): Promise<Dashboard['revenue']> {
  const [byKind, [refunded]] = await Promise.all([
    db
      .select({
        kind: invoices.kind,
        count: count(),
        net: total(invoices.net),
        vat: total(invoices.vat),
        gross: total(invoices.gross),
      })
      .from(invoices)
      .groupBy(invoices.kind),
    db.select({ count: count(), amount: total(refunds.amount) }).from(refunds),
  ]);
  const zero = { count: 0, net: 0, vat: 0, gross: 0 };
  const pick = (kind: 'invoice' | 'credit-note') => {
    const row = byKind.find((entry) => entry.kind === kind);
    return row ? { count: row.count, net: row.net, vat: row.vat, gross: row.gross } : zero;
  };
  const invoiced = pick('invoice');
  const credited = pick('credit-note');
  return {
    currency: 'EUR',
    invoiced,
    credited,
    // Credit notes carry negative amounts, so adding them subtracts what they cancel.
    total: { net: invoiced.net + credited.net, vat: invoiced.vat + credited.vat, gross: invoiced.gross + credited.gross },
    refunded: { count: refunded?.count ?? 0, amount: refunded?.amount ?? 0 },
  };
}

/** Rooms of active rooms per night: what there is and what is booked (the counters bookings move). */
async function hotelNights(db: Db): Promise<Dashboard['hotelNights']> {
  return db
    .select({
      night: roomAvailabilities.night,
      capacity: total(roomAvailabilities.total),
      booked: total(roomAvailabilities.booked),
    })
    .from(roomAvailabilities)
    .innerJoin(rooms, eq(rooms.id, roomAvailabilities.roomId))
    .where(eq(rooms.active, true))
    .groupBy(roomAvailabilities.night)
    .orderBy(asc(roomAvailabilities.night));
}

async function checkinsPerHour(db: Db): Promise<Dashboard['checkinsPerHour']> {
  const hour = sql<string>`to_char(date_trunc('hour', ${atVenue(checkins.scannedAt)}), 'YYYY-MM-DD"T"HH24:00')`;
  return db
    .select({
      listId: checkinLists.id,
      listName: checkinLists.name,
      hour,
      checkins: countWhere(isNull(checkins.duplicateOf)),
      duplicates: countWhere(isNotNull(checkins.duplicateOf)),
    })
    .from(checkins)
    .innerJoin(checkinLists, eq(checkinLists.id, checkins.listId))
    .groupBy(checkinLists.id, checkinLists.name, hour)
    .orderBy(asc(hour), asc(checkinLists.id));
}

/** Leads grouped by who scanned them: the scanner's lead team, else their company (or their email without one). */
async function leadsPerExhibitor(db: Db): Promise<Dashboard['leadsPerExhibitor']> {
  const exhibitor = sql<string>`coalesce(${leadTeams.name}, nullif(trim(${users.company}), ''), ${users.email})`;
  return db
    .select({
      exhibitor,
      scanners: sql<number>`count(distinct ${leads.scannerUserId})`.mapWith(Number),
      leads: count(),
    })
    .from(leads)
    .innerJoin(users, eq(users.id, leads.scannerUserId))
    .leftJoin(leadTeams, eq(leadTeams.id, users.leadTeamId))
    .groupBy(exhibitor)
    .orderBy(desc(count()), asc(exhibitor));
}

/** Every figure of the organizer dashboard, each one SQL aggregate (run side by side). */
export async function dashboardFigures(db: Db, now: Date = new Date()): Promise<Dashboard> {
  const [registrations, passRows, poolRows, money, nights, hours, exhibitors] = await Promise.all([
    registrationsPerDay(db),
    passesByTypeAndStatus(db),
    pools(db, now),
    revenue(db),
    hotelNights(db),
    checkinsPerHour(db),
    leadsPerExhibitor(db),
  ]);
  return {
    generatedAt: now.toISOString(),
    timeZone: VENUE_TIME_ZONE,
    registrationsPerDay: registrations,
    passes: passRows,
    passPools: poolRows,
    revenue: money,
    hotelNights: nights,
    checkinsPerHour: hours,
    leadsPerExhibitor: exhibitors,
  };
}
