import { and, asc, count, desc, eq, inArray, isNull, type SQL, type SQLWrapper, sql, sum } from 'drizzle-orm';
import type {
  ApprovalQueue,
  AttendeeDetail,
  AttendeePage,
  AttendeeQuery,
  PassSource,
} from '#shared/contracts/organizer-people.ts';
import type { Db } from '../../db/client.ts';
import {
  accommodations,
  bookings,
  checkinLists,
  checkins,
  invoices,
  leads,
  orders,
  passBarcodes,
  passClaims,
  passes,
  passTypes,
  refunds,
  rooms,
  users,
  vouchers,
} from '../../db/schema/index.ts';
import { billingVatOf, invoiceVatOf } from '../invoices/vat-id-records.ts';
import { passSourceSql } from '../passes/pass-decisions.ts';

export const DEFAULT_PAGE_SIZE = 50;

const iso = (date: Date) => date.toISOString();
const isoOrNull = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Case-insensitive "contains" over name (first, last, both), e-mail and company: one strpos over the
 * lower-cased search text each user row stores (users.search_text), the search text taken literally.
 */
export const personMatches = (text: string, searchText: SQLWrapper = users.searchText): SQL =>
  sql`strpos(${searchText}, lower(${text})) > 0`;

/**
 * Which of these users took their pass from a free pool (they have a pass claim), asked for one page
 * of rows at a time: as a column of the page query it would run for every row an OFFSET skips.
 */
async function freePoolHolders(db: Db, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.selectDistinct({ userId: passClaims.userId }).from(passClaims).where(inArray(passClaims.userId, userIds));
  return new Set(rows.flatMap((row) => (row.userId ? [row.userId] : [])));
}

/** How a pass came about (as passSourceSql says it for one pass). */
const sourceOf = (voucherCode: string | null, userId: string, fromPool: ReadonlySet<string>): PassSource =>
  voucherCode !== null ? 'voucher' : fromPool.has(userId) ? 'free-pool' : 'purchase';

/** The approval queue: pending passes, oldest first, with how they came about. */
export async function approvalQueue(db: Db, page: number, pageSize: number): Promise<ApprovalQueue> {
  const pending = eq(passes.status, 'pending');
  const [rows, [total]] = await Promise.all([
    db
      .select({
        passId: passes.id,
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        company: users.company,
        passTypeId: passTypes.id,
        passTypeName: passTypes.name,
        createdAt: passes.createdAt,
        voucherCode: passes.voucherCode,
        codeType: vouchers.codeType,
      })
      .from(passes)
      .innerJoin(users, eq(users.id, passes.userId))
      .innerJoin(passTypes, eq(passTypes.id, passes.passTypeId))
      .leftJoin(vouchers, eq(vouchers.code, passes.voucherCode))
      .where(pending)
      .orderBy(asc(passes.createdAt), asc(passes.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(passes).where(pending),
  ]);
  const fromPool = await freePoolHolders(
    db,
    rows.map((row) => row.userId),
  );
  return {
    items: rows.map((row) => ({
      passId: row.passId,
      userId: row.userId,
      name: `${row.firstName} ${row.lastName}`.trim(),
      email: row.email,
      company: row.company,
      passType: { id: row.passTypeId, name: row.passTypeName },
      createdAt: iso(row.createdAt),
      source: sourceOf(row.voucherCode, row.userId, fromPool),
      voucherCode: row.voucherCode,
      codeType: row.codeType ?? null,
      hostCode: row.codeType === 'host',
    })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}

/** GET /api/organizer/attendees: people by name, e-mail, company, pass type and pass status, a page at a time. */
export async function searchAttendees(db: Db, query: AttendeeQuery): Promise<AttendeePage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const filters: (SQL | undefined)[] = [];
  if (query.q) filters.push(personMatches(query.q));
  if (query.passType !== undefined) filters.push(eq(passes.passTypeId, query.passType));
  if (query.status === 'none') filters.push(isNull(passes.id));
  else if (query.status) filters.push(eq(passes.status, query.status));
  const where = and(...filters);

  const [rows, [total]] = await Promise.all([
    db
      .select({
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        company: users.company,
        passTypeId: passTypes.id,
        passTypeName: passTypes.name,
        status: passes.status,
        passId: passes.id,
        voucherCode: passes.voucherCode,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(passes, eq(passes.userId, users.id))
      .leftJoin(passTypes, eq(passTypes.id, passes.passTypeId))
      .where(where)
      .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.email))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    // Counting needs the pass only when a filter asks about it.
    query.passType !== undefined || query.status
      ? db.select({ n: count() }).from(users).leftJoin(passes, eq(passes.userId, users.id)).where(where)
      : db.select({ n: count() }).from(users).where(where),
  ]);
  const fromPool = await freePoolHolders(
    db,
    rows.flatMap((row) => (row.passId === null ? [] : [row.userId])),
  );
  return {
    rows: rows.map((row) => ({
      userId: row.userId,
      name: `${row.firstName} ${row.lastName}`.trim(),
      email: row.email,
      company: row.company,
      passType: row.passTypeId !== null && row.passTypeName !== null ? { id: row.passTypeId, name: row.passTypeName } : null,
      status: row.status,
      source: row.passId === null ? null : sourceOf(row.voucherCode, row.userId, fromPool),
      createdAt: iso(row.createdAt),
    })),
    total: total?.n ?? 0,
    page,
    pageSize,
  };
}

/** One person's whole record for the organizer (null when there is no such user). */
export async function attendeeDetail(db: Db, userId: string): Promise<AttendeeDetail | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;
  const [passRow] = await db
    .select({
      pass: passes,
      typeName: passTypes.name,
      codeType: vouchers.codeType,
      source: passSourceSql,
    })
    .from(passes)
    .innerJoin(passTypes, eq(passTypes.id, passes.passTypeId))
    .leftJoin(vouchers, eq(vouchers.code, passes.voucherCode))
    .where(eq(passes.userId, userId))
    .limit(1);

  const [barcodeRows, orderRows, refundRows, invoiceRows, bookingRows, checkinRows, [asScanner], [asScanned], billingVat] =
    await Promise.all([
      passRow
        ? db.select().from(passBarcodes).where(eq(passBarcodes.passId, passRow.pass.id)).orderBy(desc(passBarcodes.issuedAt))
        : Promise.resolve([]),
      db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt)),
      db
        .select({ orderId: refunds.orderId, amount: sum(refunds.amount).mapWith(Number) })
        .from(refunds)
        .innerJoin(orders, eq(orders.id, refunds.orderId))
        .where(eq(orders.userId, userId))
        .groupBy(refunds.orderId),
      db
        .select({
          id: invoices.id,
          number: invoices.number,
          kind: invoices.kind,
          gross: invoices.gross,
          issuedAt: invoices.issuedAt,
          buyer: invoices.buyer,
        })
        .from(invoices)
        .where(eq(invoices.userId, userId))
        .orderBy(asc(invoices.issuedAt), asc(invoices.sequence)),
      db
        .select({
          id: bookings.id,
          accommodation: accommodations.name,
          room: rooms.name,
          start: bookings.start,
          end: bookings.end,
          status: bookings.status,
        })
        .from(bookings)
        .innerJoin(accommodations, eq(accommodations.id, bookings.accommodationId))
        .innerJoin(rooms, eq(rooms.id, bookings.roomId))
        .where(eq(bookings.userId, userId))
        .orderBy(asc(bookings.start)),
      passRow
        ? db
            .select({
              id: checkins.id,
              list: checkinLists.name,
              scannedAt: checkins.scannedAt,
              duplicateOf: checkins.duplicateOf,
              deviceId: checkins.deviceId,
            })
            .from(checkins)
            .innerJoin(checkinLists, eq(checkinLists.id, checkins.listId))
            .where(eq(checkins.passId, passRow.pass.id))
            .orderBy(desc(checkins.scannedAt))
            .limit(200)
        : Promise.resolve([]),
      db.select({ n: count() }).from(leads).where(eq(leads.scannerUserId, userId)),
      db.select({ n: count() }).from(leads).where(eq(leads.scannedUserId, userId)),
      billingVatOf(db, userId),
    ]);
  const refunded = new Map(refundRows.map((row) => [row.orderId, row.amount ?? 0]));

  return {
    profile: {
      userId: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      company: user.company,
      scopes: user.scopes,
      tagIds: user.tagIds,
      emailConfirmedAt: isoOrNull(user.emailConfirmedAt),
      createdAt: iso(user.createdAt),
    },
    pass: passRow
      ? {
          id: passRow.pass.id,
          passType: { id: passRow.pass.passTypeId, name: passRow.typeName },
          status: passRow.pass.status,
          source: passRow.source,
          voucherCode: passRow.pass.voucherCode,
          codeType: passRow.codeType ?? null,
          createdAt: iso(passRow.pass.createdAt),
          approvedAt: isoOrNull(passRow.pass.approvedAt),
          barcodes: barcodeRows.map((row) => ({
            id: row.id,
            issuedAt: iso(row.issuedAt),
            revokedAt: isoOrNull(row.revokedAt),
            revokedReason: row.revokedReason,
          })),
        }
      : null,
    orders: orderRows.map((order) => ({
      id: order.id,
      kind: order.kind,
      status: order.status,
      description: order.lines.map((line) => line.description).join(', '),
      gross: order.gross,
      createdAt: iso(order.createdAt),
      paidAt: isoOrNull(order.paidAt),
      refunded: refunded.get(order.id) ?? 0,
    })),
    billingVat,
    invoices: invoiceRows.map(({ buyer, ...row }) => ({ ...row, issuedAt: iso(row.issuedAt), ...invoiceVatOf(buyer) })),
    bookings: bookingRows,
    checkins: checkinRows.map((row) => ({
      id: row.id,
      list: row.list,
      scannedAt: iso(row.scannedAt),
      duplicate: row.duplicateOf !== null,
      deviceId: row.deviceId,
    })),
    leads: { asScanner: asScanner?.n ?? 0, asScanned: asScanned?.n ?? 0 },
  };
}
