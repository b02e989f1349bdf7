import { randomInt } from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type VisaLetter, visaLetterBodySchema, visaLetterSchema } from '#shared/contracts/account.ts';
import type { Db } from '../../db/client.ts';
import { accommodations, bookings, countries, passes, passTypes, users, visaLetters } from '../../db/schema/index.ts';
import { countryName } from '../../i18n/countries.ts';
import { HttpProblem, notFound } from '../../plugins/errors.ts';
import { readEventConfig, readEventDates } from '../../services/event/event-config.ts';
import { sellerOf } from '../../services/invoices/seller.ts';
import { authOf } from '../../types.ts';
import { dateErrors, VISA_MESSAGES } from './rules.ts';

/** pdf-lib loads on the first letter, not at server start (start-up budget). */
const loadPdfRenderer = () => import('../../services/pdf/visa-letter-pdf.ts').then((m) => m.renderVisaLetterPdf);

type LetterRow = typeof visaLetters.$inferSelect;
const toDto = ({ userId: _userId, ...row }: LetterRow): VisaLetter => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/** The user's pass type name when the pass is approved, else null. */
async function approvedPassType(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: passTypes.name })
    .from(passes)
    .innerJoin(passTypes, eq(passTypes.id, passes.passTypeId))
    .where(and(eq(passes.userId, userId), eq(passes.status, 'approved')))
    .limit(1);
  return row?.name ?? null;
}

/** 23505, as node-postgres and PGlite report it (drizzle wraps the driver's error in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * The visa invitation letter (docs/behaviour.md §14): GET /api/visa-letter (own letter or null), POST (create or
 * replace, approved pass only), GET /api/visa-letter/{id}/pdf. Another user's letter is a 404.
 */
export const visaLetterRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/',
    { onRequest: app.authenticate, schema: { tags: ['visa-letter'], response: { 200: z.nullable(visaLetterSchema) } } },
    async (request) => {
      const [row] = await db
        .select()
        .from(visaLetters)
        .where(eq(visaLetters.userId, authOf(request).userId))
        .limit(1);
      return row ? toDto(row) : null;
    },
  );

  app.post(
    '/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['visa-letter'],
        body: visaLetterBodySchema,
        response: { 200: visaLetterSchema, 201: visaLetterSchema },
      },
    },
    async (request, reply) => {
      const userId = authOf(request).userId;
      if (!(await approvedPassType(db, userId))) throw new HttpProblem(403, VISA_MESSAGES.needsApprovedPass);
      const body = request.body;

      const event = await readEventDates(db);
      const errors = dateErrors(body, new Date().toISOString().slice(0, 10), event.endDate);
      const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, body.nationalityId));
      if (!country) errors.unshift({ path: 'nationalityId', message: VISA_MESSAGES.unknownNationality });
      if (errors.length) throw new HttpProblem(400, errors[0]?.message ?? 'The letter data is invalid.', errors);

      // CF26-VISA-123456: the event's year and six random digits; a clash with another letter retries.
      const prefix = `CF${event.startDate.slice(2, 4)}-VISA-`;
      for (let attempt = 1; ; attempt++) {
        const reference = prefix + String(randomInt(1_000_000)).padStart(6, '0');
        try {
          // Create or replace; a replaced letter keeps its reference (it may already be at an embassy).
          const [row] = await db
            .insert(visaLetters)
            .values({ userId, reference, ...body })
            .onConflictDoUpdate({ target: visaLetters.userId, set: { ...body, updatedAt: sql`now()` } })
            .returning();
          if (!row) throw new Error('visa letter upsert returned nothing');
          // An insert sets both timestamps to the same now(); an update moves updatedAt on.
          const created = row.createdAt.getTime() === row.updatedAt.getTime();
          return reply.code(created ? 201 : 200).send(toDto(row));
        } catch (error) {
          if (attempt < 5 && isUniqueViolation(error)) continue;
          throw error;
        }
      }
    },
  );

  // A plain GET link works too: the auth plugin accepts the HttpOnly session cookie on safe methods.
  app.get(
    '/:id/pdf',
    { onRequest: app.authenticate, schema: { tags: ['visa-letter'], params: z.object({ id: z.uuid() }) } },
    async (request, reply) => {
      const userId = authOf(request).userId;
      const [row] = await db
        .select({ letter: visaLetters, nationality: { code: countries.code, name: countries.name }, language: users.language })
        .from(visaLetters)
        .innerJoin(users, eq(users.id, visaLetters.userId))
        .leftJoin(countries, eq(countries.id, visaLetters.nationalityId))
        .where(and(eq(visaLetters.id, request.params.id), eq(visaLetters.userId, userId)))
        .limit(1);
      if (!row) throw notFound('Visa invitation letter');
      // A letter vouches for a registered participant: not after the pass was cancelled.
      const passType = await approvedPassType(db, userId);
      if (!passType) throw new HttpProblem(403, VISA_MESSAGES.needsApprovedPass);

      const [hotel] = await db
        .select({ name: accommodations.name, address: accommodations.address, from: bookings.start, to: bookings.end })
        .from(bookings)
        .innerJoin(accommodations, eq(accommodations.id, bookings.accommodationId))
        .where(and(eq(bookings.userId, userId), eq(bookings.status, 'confirmed'), isNull(bookings.cancelledAt)))
        .orderBy(asc(bookings.start))
        .limit(1);
      const config = await readEventConfig(db);
      const dates = config ?? (await readEventDates(db));
      // In the holder's language (docs/behaviour.md §16), nationality included.
      const { letter, language } = row;
      const nationality = row.nationality ? await countryName(row.nationality, language) : '';
      const pdf = await (await loadPdfRenderer())({
        seller: sellerOf(app.config),
        reference: letter.reference,
        issuedAt: letter.updatedAt,
        fullName: letter.fullName,
        passportNumber: letter.passportNumber,
        nationality,
        dateOfBirth: letter.dateOfBirth,
        passportExpiry: letter.passportExpiry,
        embassyCity: letter.embassyCity,
        passType,
        event: {
          name: config?.name ?? 'CloudFest 2026',
          venue: config?.venue ?? 'Europa-Park, Rust, Germany',
          startDate: dates.startDate,
          endDate: dates.endDate,
        },
        hotel: hotel ?? null,
        language,
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${letter.reference}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );
};
