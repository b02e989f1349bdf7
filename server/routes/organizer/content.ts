import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agendaImportQuerySchema,
  agendaImportReportSchema,
  exhibitorImportBodySchema,
  exhibitorImportQuerySchema,
  exhibitorImportReportSchema,
  newsIdParamsSchema,
  newsInputSchema,
  newsPatchSchema,
  type OrganizerNews,
  organizerNewsSchema,
  pretalxScheduleSchema,
} from '#shared/contracts/organizer-content.ts';
import { news } from '../../db/schema/index.ts';
import { requestLanguage } from '../../i18n/language.ts';
import { notFound } from '../../plugins/errors.ts';
import { publicJsonChanged } from '../../plugins/public-json.ts';
import { recordAudit } from '../../services/audit/audit-log.ts';
import { importExhibitors } from '../../services/content/exhibitor-import.ts';
import { importAgenda } from '../../services/content/pretalx-import.ts';
import { actorOf } from './actor.ts';

/** A pretalx schedule.json of a large conference (thousands of talks with long descriptions). */
export const AGENDA_IMPORT_BODY_LIMIT = 10 * 1024 * 1024;
/** An exhibitors CSV: a few thousand rows with descriptions. */
export const EXHIBITOR_IMPORT_BODY_LIMIT = 5 * 1024 * 1024;

const newsColumns = { id: news.id, title: news.title, body: news.body, publishedAt: news.publishedAt, updatedAt: news.updatedAt };
type NewsRow = { id: number; title: string; body: string; publishedAt: Date | null; updatedAt: Date };
const newsOut = (row: NewsRow): OrganizerNews => ({
  ...row,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Content without a developer (docs/behaviour.md §11): the agenda from pretalx, exhibitors from CSV, and news.
 * Imports go through services (pretalx-import, exhibitor-import); each change commits with its
 * audit entry, and the public copies (GET /api/agenda, /api/exhibitors) are dropped at once so
 * their ETag changes and devices that revalidate get the new data.
 */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.post(
    '/agenda/import',
    {
      bodyLimit: AGENDA_IMPORT_BODY_LIMIT,
      schema: {
        tags: ['organizer'],
        description:
          'Imports a pretalx schedule.json (frab format) as the whole agenda, in one transaction: talks update sessions in place by guid (favourites stay), new talks are added, talks no longer in the file are removed with their favourites, and sessions that did not come from an import (the seeded demo agenda) are replaced. ?dryRun=true answers the same report and changes nothing. A malformed file answers 400 naming the path at fault (e.g. schedule.conference.days.1.rooms.Hall A.3.start).',
        querystring: agendaImportQuerySchema,
        body: pretalxScheduleSchema,
        response: { 200: agendaImportReportSchema },
      },
    },
    async (request) => {
      const dryRun = request.query.dryRun === 'true';
      const report = await importAgenda(db, request.body, { dryRun, actorUserId: actorOf(request) });
      if (!dryRun) publicJsonChanged('agenda');
      return report;
    },
  );

  // The CSV as it is: text/csv (or text/plain, as some browsers type a .csv file), read as UTF-8.
  app.addContentTypeParser(
    ['text/csv', 'text/plain', 'application/csv'],
    { parseAs: 'string', bodyLimit: EXHIBITOR_IMPORT_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    '/exhibitors/import',
    {
      bodyLimit: EXHIBITOR_IMPORT_BODY_LIMIT,
      schema: {
        tags: ['organizer'],
        description:
          'Imports exhibitors from CSV (a text/csv body, or JSON { csv }): a header row with name, booth, hall, category and optionally description, logo URL (https only) and website, in any order; UTF-8 with or without BOM; comma or semicolon separated; quoted fields. Upserts by booth. Bad rows are reported by line and column; without ?skipInvalid=true one bad row stops the whole import (applied: false). ?dryRun=true reports without writing.',
        querystring: exhibitorImportQuerySchema,
        body: exhibitorImportBodySchema,
        response: { 200: exhibitorImportReportSchema },
      },
    },
    async (request) => {
      const csv = typeof request.body === 'string' ? request.body : request.body.csv;
      const report = await importExhibitors(db, csv, {
        skipInvalid: request.query.skipInvalid === 'true',
        dryRun: request.query.dryRun === 'true',
        actorUserId: actorOf(request),
        language: requestLanguage(request),
      });
      if (report.applied) publicJsonChanged('exhibitors');
      return report;
    },
  );

  app.get(
    '/news',
    {
      schema: {
        tags: ['organizer'],
        description: 'Every news item, drafts (publishedAt null) first, then published ones newest first.',
        response: { 200: z.array(organizerNewsSchema) },
      },
    },
    async () => {
      const rows = await db
        .select(newsColumns)
        .from(news)
        .orderBy(sql`${news.publishedAt} is not null`, desc(news.publishedAt), desc(news.updatedAt), desc(news.id));
      return rows.map(newsOut);
    },
  );

  app.post(
    '/news',
    {
      schema: {
        tags: ['organizer'],
        description: 'Creates a news item as a draft: attendees see it once it is published.',
        body: newsInputSchema,
        response: { 201: organizerNewsSchema },
      },
    },
    async (request, reply) => {
      const created = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(news)
          .values({ ...request.body, publishedAt: null })
          .returning(newsColumns);
        if (!row) throw new Error('insert returned nothing');
        await recordAudit(tx, {
          actorUserId: actorOf(request),
          action: 'news.create',
          subject: row.title,
          details: { id: row.id },
        });
        return row;
      });
      return reply.code(201).send(newsOut(created));
    },
  );

  /** Changes one news item with its audit entry; 404 when there is none with that id. */
  async function changeNews(
    id: number,
    actorUserId: string,
    action: string,
    change: (before: NewsRow) => Partial<Pick<NewsRow, 'title' | 'body' | 'publishedAt'>> | null,
  ) {
    return db.transaction(async (tx) => {
      const [before] = await tx.select(newsColumns).from(news).where(eq(news.id, id)).for('update');
      if (!before) throw notFound('News item');
      const fields = change(before);
      // Nothing to change (publishing what is published): the item as it is, no audit entry.
      if (!fields) return before;
      const [after] = await tx
        .update(news)
        .set({ ...fields, updatedAt: new Date() })
        .where(eq(news.id, id))
        .returning(newsColumns);
      if (!after) throw notFound('News item');
      await recordAudit(tx, { actorUserId, action, subject: after.title, details: { id, ...changedKeys(fields) } });
      return after;
    });
  }
  const changedKeys = (fields: object) => ({ fields: Object.keys(fields) });

  app.patch(
    '/news/:id',
    {
      schema: {
        tags: ['organizer'],
        description: 'Edits the title and/or body of a news item (a published one stays published, with the new text).',
        params: newsIdParamsSchema,
        body: newsPatchSchema,
        response: { 200: organizerNewsSchema },
      },
    },
    async (request) => {
      const { title, body } = request.body;
      const row = await changeNews(request.params.id, actorOf(request), 'news.edit', (before) => {
        const fields: { title?: string; body?: string } = {};
        if (title !== undefined && title !== before.title) fields.title = title;
        if (body !== undefined && body !== before.body) fields.body = body;
        return Object.keys(fields).length ? fields : null;
      });
      return newsOut(row);
    },
  );

  app.post(
    '/news/:id/publish',
    {
      schema: {
        tags: ['organizer'],
        description:
          'Publishes a draft now: GET /api/news shows it from this moment. Publishing a published item keeps its date.',
        params: newsIdParamsSchema,
        response: { 200: organizerNewsSchema },
      },
    },
    async (request) => {
      const row = await changeNews(request.params.id, actorOf(request), 'news.publish', (before) =>
        before.publishedAt ? null : { publishedAt: new Date() },
      );
      return newsOut(row);
    },
  );

  app.post(
    '/news/:id/unpublish',
    {
      schema: {
        tags: ['organizer'],
        description: 'Withdraws a published item: it becomes a draft again and leaves GET /api/news.',
        params: newsIdParamsSchema,
        response: { 200: organizerNewsSchema },
      },
    },
    async (request) => {
      const row = await changeNews(request.params.id, actorOf(request), 'news.unpublish', (before) =>
        before.publishedAt ? { publishedAt: null } : null,
      );
      return newsOut(row);
    },
  );

  app.delete(
    '/news/:id',
    {
      schema: {
        tags: ['organizer'],
        description: 'Deletes a news item (draft or published).',
        params: newsIdParamsSchema,
        response: { 204: z.undefined() },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const [row] = await tx.delete(news).where(eq(news.id, id)).returning({ title: news.title });
        if (!row) throw notFound('News item');
        await recordAudit(tx, { actorUserId: actorOf(request), action: 'news.delete', subject: row.title, details: { id } });
      });
      return reply.code(204).send();
    },
  );
};
