import { and, desc, eq } from 'drizzle-orm';
import { hotelLine, type OrderLine, taxedLine, totalsOf } from '#shared/pricing.ts';
import type { LineKind } from '#shared/tax-rules.ts';
import type { Db } from '../../db/client.ts';
import { accommodations, addresses, countries, type OrderKind, type OrderSubject, orders, rooms } from '../../db/schema/index.ts';

export type AddressRow = typeof addresses.$inferSelect;
export type CountryRow = typeof countries.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

export interface Billing {
  address: AddressRow | null;
  country: CountryRow | null;
}

/** The user's billing address with its country (both may be missing). */
export async function loadBilling(db: Db, userId: string): Promise<Billing> {
  const [row] = await db
    .select({ address: addresses, country: countries })
    .from(addresses)
    .leftJoin(countries, eq(countries.id, addresses.countryId))
    .where(and(eq(addresses.userId, userId), eq(addresses.type, 'billingAddress')))
    .limit(1);
  return { address: row?.address ?? null, country: row?.country ?? null };
}

/** One line of something sold once at a fixed net price, taxed by the tax rules of its kind. */
export const singleLine = (kind: LineKind, description: string, price: number): OrderLine =>
  taxedLine(kind, description, 1, price);

/** The hotel line of a booking at the price fixed when it was booked, worded as at checkout. */
export async function hotelOrderLine(
  db: Db,
  booking: { roomId: number; start: string; end: string; priceCents: number },
): Promise<OrderLine> {
  const [names] = await db
    .select({ name: accommodations.name, roomName: rooms.name })
    .from(rooms)
    .innerJoin(accommodations, eq(accommodations.id, rooms.accommodationId))
    .where(eq(rooms.id, booking.roomId));
  // The price fixed when the room was booked.
  return hotelLine(
    { name: names?.name ?? '', roomName: names?.roomName ?? '', start: booking.start, end: booking.end },
    booking.priceCents,
  );
}

export interface OpenOrderInput {
  userId: string;
  kind: Exclude<OrderKind, 'registration'>;
  subject: OrderSubject | null;
  lines: OrderLine[];
  bookingId?: string | null;
}

/**
 * Totals the lines (each taxed by its kind, whoever buys) and saves them as the user's one open
 * order of this kind: a new choice re-prices the open order in place, so
 * asking twice answers the same order. The caller holds the user's lock (lockUser).
 */
export async function placeOpenOrder(tx: Db, input: OpenOrderInput): Promise<OrderRow> {
  const priced = totalsOf(input.lines);
  const values = {
    subject: input.subject,
    lines: priced.lines,
    net: priced.net,
    vat: priced.vat,
    gross: priced.gross,
    bookingId: input.bookingId ?? null,
  };
  const [open] = await openOrderOf(tx, input.userId, input.kind);
  const [order] = open
    ? await tx.update(orders).set(values).where(eq(orders.id, open.id)).returning()
    : await tx
        .insert(orders)
        .values({ ...values, userId: input.userId, kind: input.kind })
        .returning();
  if (!order) throw new Error('order write returned nothing');
  return order;
}

/** The user's open (unpaid) order of a kind, newest first; at most one exists when placed through placeOpenOrder. */
export function openOrderOf(db: Db, userId: string, kind: OrderKind) {
  return db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.kind, kind), eq(orders.status, 'open')))
    .orderBy(desc(orders.createdAt))
    .limit(1);
}
