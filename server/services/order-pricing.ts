import { and, desc, eq } from 'drizzle-orm';
import { GERMAN_VAT_BASIS_POINTS, type OrderLine, qualifiesForReverseCharge, splitVatId, vatOf } from '#shared/pricing.ts';
import { nightCount } from '#shared/stay.ts';
import type { Db } from '../db/client.ts';
import { accommodations, addresses, countries, type OrderKind, type OrderSubject, orders, rooms } from '../db/schema/index.ts';
import { isValidVatId } from './vat-id.ts';

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

/** ISO country of a VAT prefix: Greece's VAT IDs start with EL. */
const isoOfVatPrefix = (prefix: string) => (prefix === 'EL' ? 'GR' : prefix);

/**
 * The VAT ID (prefix and number, no spaces) that would put an EU business outside Germany under
 * reverse charge once VIES confirms it: well-formed (format and check digits) and of the billing
 * country, so a German buyer cannot borrow a foreign ID. Null when reverse charge cannot apply.
 */
export function reverseChargeCandidate({ address, country }: Billing): string | null {
  if (!address || !country) return null;
  const { countryCode, number } = splitVatId(address.vatId);
  const vatIdValid = number.length > 0 && isoOfVatPrefix(countryCode) === country.code && isValidVatId(countryCode, number);
  return qualifiesForReverseCharge({ countryCode: country.code, isEu: country.isEu, vatIdValid }) ? countryCode + number : null;
}

/**
 * Reverse charge only for a VAT ID that VIES confirmed (finding 8): a well-formed ID alone is not
 * enough. The confirmation is fetched before the order's transaction (services/vat-confirmation.ts);
 * while it is missing, the order carries VAT and is corrected by credit note once confirmed.
 */
export function reverseChargeApplies(billing: Billing): boolean {
  const candidate = reverseChargeCandidate(billing);
  return candidate !== null && billing.address?.vatConfirmedId === candidate;
}

export interface PricedLines {
  lines: OrderLine[];
  net: number;
  vatBasisPoints: number;
  vat: number;
  gross: number;
  reverseCharge: boolean;
}

/** Totals of an order bought in the app: German VAT on the net total, or none under reverse charge (as at checkout). */
export function priceLines(lines: OrderLine[], reverseCharge: boolean): PricedLines {
  const net = lines.reduce((sum, line) => sum + line.net, 0);
  const vatBasisPoints = reverseCharge ? 0 : GERMAN_VAT_BASIS_POINTS;
  const vat = vatOf(net, vatBasisPoints);
  return { lines, net, vatBasisPoints, vat, gross: net + vat, reverseCharge };
}

/** One line of something sold once at a fixed net price. */
export const singleLine = (kind: OrderLine['kind'], description: string, price: number): OrderLine => ({
  kind,
  description,
  quantity: 1,
  unitPrice: price,
  net: price,
});

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
  const nights = nightCount(booking.start, booking.end);
  return {
    kind: 'hotel',
    description: `${names?.name ?? ''}, ${names?.roomName ?? ''}, ${booking.start} to ${booking.end} (${nights} ${nights === 1 ? 'night' : 'nights'})`,
    quantity: nights,
    unitPrice: booking.priceCents / nights,
    net: booking.priceCents,
  };
}

export interface OpenOrderInput {
  userId: string;
  kind: Exclude<OrderKind, 'registration'>;
  subject: OrderSubject | null;
  lines: OrderLine[];
  bookingId?: string | null;
}

/**
 * Prices the lines for the buyer (billing address and VAT ID decide reverse charge) and saves them
 * as the user's one open order of this kind: a new choice re-prices the open order in place, so
 * asking twice answers the same order. The caller holds the user's lock (lockUser).
 */
export async function placeOpenOrder(tx: Db, input: OpenOrderInput): Promise<OrderRow> {
  const priced = priceLines(input.lines, reverseChargeApplies(await loadBilling(tx, input.userId)));
  const values = {
    subject: input.subject,
    lines: priced.lines,
    net: priced.net,
    vatBasisPoints: priced.vatBasisPoints,
    vat: priced.vat,
    gross: priced.gross,
    reverseCharge: priced.reverseCharge,
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
