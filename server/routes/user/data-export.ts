import { PassThrough, type Readable } from 'node:stream';
import { ZipArchive } from 'archiver';
import { and, asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  addresses,
  agendaFavourites,
  agendaSessions,
  countries,
  images,
  invoices,
  leads,
  orders,
  passBarcodes,
  passes,
  passTypes,
  surveyAnswers,
  surveyQuestions,
  trainTickets,
  trainTicketTypes,
  users,
  visaLetters,
} from '../../db/schema/index.ts';
import { imageIdOf } from '../../services/images/image-serving.ts';
import { issuedFiles } from '../../services/invoices/invoice-files.ts';
import { bookingsOf, toBookingDto } from '../booking/dto.ts';
import { toUserDto } from './dto.ts';

/*
 * "Download my data" (docs/behaviour.md §17): everything the product keeps about the signed-in
 * person, as JSON files in a ZIP, with their invoices and credit notes as issued (the archived
 * PDF and EN 16931 XML, byte for byte) and their profile picture. Every query is limited to the
 * person; nothing of another user is read but the names of the people they scanned as leads
 * (their own lead list shows them too). Read in full before the first byte is sent, so a failing
 * query is a problem answer, never a broken ZIP; one attendee's data is small.
 */

export interface ExportFile {
  name: string;
  content: Buffer;
  date: Date;
}

const json = (name: string, value: unknown, date: Date): ExportFile => ({
  name,
  content: Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8'),
  date,
});

const EXTENSIONS: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };

/** The scanned person of a lead (another user): only what the scanner's own list shows. */
const scanned = alias(users, 'scanned');

/** Every file of the person's export, read now. Null when the user does not exist (any more). */
export async function dataExportFiles(db: Db, config: Config, userId: string, now = new Date()): Promise<ExportFile[] | null> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return null;

  const [address] = await db
    .select({ address: addresses, countryCode: countries.code, countryName: countries.name })
    .from(addresses)
    .leftJoin(countries, eq(countries.id, addresses.countryId))
    .where(eq(addresses.userId, userId));
  const { email, firstName, lastName, company, language, scope, tags, permissions } = toUserDto(user);
  const account = {
    exportedAt: now.toISOString(),
    uuid: user.id,
    email,
    firstName,
    lastName,
    company,
    language: language ?? user.language,
    scopes: scope,
    tags,
    permissions,
    emailConfirmedAt: user.emailConfirmedAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
    billingAddress: address
      ? (({ id: _id, userId: _userId, ...rest }) => ({
          ...rest,
          country: address.countryCode ? { code: address.countryCode, name: address.countryName } : null,
        }))(address.address)
      : null,
  };

  const [orderRows, invoiceRows, bookingRows, passRows, barcodeRows, answerRows, leadRows, favouriteRows, ticketRows, visa] =
    await Promise.all([
      db.select().from(orders).where(eq(orders.userId, userId)).orderBy(asc(orders.createdAt)),
      db
        .select({
          id: invoices.id,
          orderId: invoices.orderId,
          number: invoices.number,
          kind: invoices.kind,
          issuedAt: invoices.issuedAt,
          gross: invoices.gross,
        })
        .from(invoices)
        .where(eq(invoices.userId, userId))
        .orderBy(asc(invoices.year), asc(invoices.sequence)),
      bookingsOf(db, userId),
      db
        .select({ pass: passes, typeName: passTypes.name })
        .from(passes)
        .innerJoin(passTypes, eq(passTypes.id, passes.passTypeId))
        .where(eq(passes.userId, userId)),
      db
        .select({
          id: passBarcodes.id,
          issuedAt: passBarcodes.issuedAt,
          revokedAt: passBarcodes.revokedAt,
          reason: passBarcodes.revokedReason,
        })
        .from(passBarcodes)
        .innerJoin(passes, eq(passes.id, passBarcodes.passId))
        .where(eq(passes.userId, userId))
        .orderBy(asc(passBarcodes.issuedAt)),
      db
        .select({
          question: surveyQuestions.text,
          questionId: surveyAnswers.questionId,
          value: surveyAnswers.value,
          createdAt: surveyAnswers.createdAt,
          updatedAt: surveyAnswers.updatedAt,
        })
        .from(surveyAnswers)
        .innerJoin(surveyQuestions, eq(surveyQuestions.id, surveyAnswers.questionId))
        .where(eq(surveyAnswers.userId, userId))
        .orderBy(asc(surveyQuestions.position)),
      db
        .select({
          lead: leads,
          firstName: scanned.firstName,
          lastName: scanned.lastName,
          company: scanned.company,
        })
        .from(leads)
        .innerJoin(scanned, eq(scanned.id, leads.scannedUserId))
        .where(eq(leads.scannerUserId, userId))
        .orderBy(asc(leads.createdAt)),
      db
        .select({
          sessionId: agendaFavourites.sessionId,
          title: agendaSessions.title,
          startsAt: agendaSessions.startsAt,
          room: agendaSessions.room,
          changedAt: agendaFavourites.changedAt,
        })
        .from(agendaFavourites)
        .innerJoin(agendaSessions, eq(agendaSessions.id, agendaFavourites.sessionId))
        .where(and(eq(agendaFavourites.userId, userId), eq(agendaFavourites.favourite, true)))
        .orderBy(asc(agendaSessions.startsAt)),
      db
        .select({ code: trainTickets.code, type: trainTicketTypes.name, createdAt: trainTickets.createdAt })
        .from(trainTickets)
        .innerJoin(trainTicketTypes, eq(trainTicketTypes.id, trainTickets.typeId))
        .where(eq(trainTickets.userId, userId))
        .orderBy(desc(trainTickets.createdAt)),
      db.select().from(visaLetters).where(eq(visaLetters.userId, userId)).limit(1),
    ]);

  const numbersOf = new Map<string, string[]>();
  for (const invoice of invoiceRows) numbersOf.set(invoice.orderId, [...(numbersOf.get(invoice.orderId) ?? []), invoice.number]);

  const pass = passRows[0];
  const files: ExportFile[] = [
    json('account.json', account, now),
    json(
      'orders.json',
      orderRows.map((order) => ({
        id: order.id,
        kind: order.kind,
        status: order.status,
        lines: order.lines,
        net: order.net,
        vat: order.vat,
        gross: order.gross,
        currency: 'EUR',
        createdAt: order.createdAt.toISOString(),
        paidAt: order.paidAt?.toISOString() ?? null,
        invoices: numbersOf.get(order.id) ?? [],
      })),
      now,
    ),
    json(
      'bookings.json',
      bookingRows.map((row) => toBookingDto(row)),
      now,
    ),
    json(
      'pass.json',
      pass
        ? {
            passType: pass.typeName,
            status: pass.pass.status,
            voucherCode: pass.pass.voucherCode,
            createdAt: pass.pass.createdAt.toISOString(),
            approvedAt: pass.pass.approvedAt?.toISOString() ?? null,
            // The barcode ids a badge carried; the signature's key never leaves the server.
            barcodes: barcodeRows.map((row) => ({
              id: row.id,
              issuedAt: row.issuedAt.toISOString(),
              revokedAt: row.revokedAt?.toISOString() ?? null,
              revokedReason: row.reason,
            })),
          }
        : null,
      now,
    ),
    json(
      'survey.json',
      answerRows.map((row) => ({ ...row, updatedAt: row.updatedAt.toISOString() })),
      now,
    ),
    json(
      'leads.json',
      leadRows.map(({ lead, firstName, lastName, company }) => ({
        id: lead.id,
        person: { firstName, lastName, company },
        notes: lead.notes,
        rating: lead.rating,
        tags: lead.tags,
        answers: lead.answers,
        scanCount: lead.scanCount,
        createdAt: lead.createdAt.toISOString(),
        changedAt: lead.changedAt.toISOString(),
      })),
      now,
    ),
    json(
      'favourites.json',
      favouriteRows.map((row) => ({ ...row, startsAt: row.startsAt.toISOString(), changedAt: row.changedAt.toISOString() })),
      now,
    ),
  ];
  if (ticketRows.length > 0) {
    files.push(
      json(
        'train-tickets.json',
        ticketRows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })),
        now,
      ),
    );
  }
  const letter = visa[0];
  if (letter) {
    const { id: _id, userId: _userId, ...rest } = letter;
    files.push(
      json(
        'visa-letter.json',
        { ...rest, createdAt: rest.createdAt.toISOString(), updatedAt: rest.updatedAt.toISOString() },
        now,
      ),
    );
  }

  // Invoices and credit notes as issued: the archived files, or made and archived now (one path for every download).
  for (const invoice of invoiceRows) {
    const issued = await issuedFiles(db, config, invoice.id, userId);
    if (!issued) continue;
    files.push({ name: `invoices/${issued.number}.pdf`, content: issued.pdf, date: invoice.issuedAt });
    files.push({ name: `invoices/${issued.number}.xml`, content: Buffer.from(issued.xml, 'utf8'), date: invoice.issuedAt });
  }

  const imageId = imageIdOf(user.image);
  if (imageId) {
    const [picture] = await db
      .select({ data: images.data, contentType: images.contentType, createdAt: images.createdAt })
      .from(images)
      .where(and(eq(images.id, imageId), eq(images.userId, userId)));
    if (picture) {
      const extension = EXTENSIONS[picture.contentType] ?? 'bin';
      files.push({ name: `profile-picture.${extension}`, content: picture.data, date: picture.createdAt });
    }
  }
  return files;
}

/** cloudfest-2026-my-data-2026-03-24.zip */
export const exportFileName = (now: Date) => `cloudfest-2026-my-data-${now.toISOString().slice(0, 10)}.zip`;

/** The files as a ZIP stream; a failure while writing ends the download broken (logged), never as a ZIP that looks complete. */
export function zipOf(files: readonly ExportFile[], log: FastifyBaseLogger): Readable {
  const archive = new ZipArchive({ zlib: { level: 6 } });
  const out = new PassThrough();
  archive.on('error', (error) => {
    log.error({ err: error }, 'data export ZIP failed');
    out.destroy(error);
  });
  archive.pipe(out);
  // PDFs and pictures are compressed already: stored, not deflated again.
  for (const file of files)
    archive.append(file.content, {
      name: file.name,
      date: file.date,
      store: !file.name.endsWith('.json') && !file.name.endsWith('.xml'),
    });
  void archive.finalize().catch(() => undefined);
  return out;
}
