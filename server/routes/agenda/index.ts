import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AgendaSession, agendaSessionSchema, favouriteOpsBodySchema, favouritesSchema } from '#shared/contracts/agenda.ts';
import { syncResponseSchema } from '#shared/contracts/sync.ts';
import { agendaSessions } from '../../db/schema/index.ts';
import { cachedJson, SERVER_CACHE_MS, sendPublicJson } from '../../plugins/public-json.ts';
import { applyClientOps } from '../../services/sync/client-ops.ts';
import { authOf } from '../../types.ts';
import { applyFavouriteOps, FAVOURITE_OP_KIND, favouriteSessionIds } from './favourites.ts';

/** The programme (public, cached) and the signed-in user's personal agenda (private, synced from devices). */
export const agendaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  const programme = cachedJson(
    async (): Promise<AgendaSession[]> => {
      // Named columns: the answer skips the response schema (it is sent pre-serialized).
      const rows = await db
        .select({
          id: agendaSessions.id,
          title: agendaSessions.title,
          abstract: agendaSessions.abstract,
          startsAt: agendaSessions.startsAt,
          endsAt: agendaSessions.endsAt,
          room: agendaSessions.room,
          track: agendaSessions.track,
          speakers: agendaSessions.speakers,
        })
        .from(agendaSessions)
        .orderBy(asc(agendaSessions.startsAt), asc(agendaSessions.room), asc(agendaSessions.id));
      return rows.map((row) => ({ ...row, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString() }));
      // An agenda import (organizer console) drops the copy at once.
    },
    SERVER_CACHE_MS,
    'agenda',
  );

  app.get(
    '/',
    {
      schema: {
        tags: ['agenda'],
        description: 'Every session, ordered by start and room; public, cacheable, ETag/304.',
        response: { 200: z.array(agendaSessionSchema), 304: z.undefined() },
      },
    },
    async (request, reply) => sendPublicJson(request, reply, await programme()),
  );

  const favouritesOf = favouriteSessionIds(db);
  app.get(
    '/favourites',
    { onRequest: app.authenticate, schema: { tags: ['agenda'], response: { 200: favouritesSchema } } },
    async (request) => ({ sessionIds: await favouritesOf(authOf(request).userId) }),
  );

  app.post(
    '/favourites',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['agenda'],
        description: 'Uploads personal-agenda changes made on a device; each op applied once by id, one result per op in order.',
        body: favouriteOpsBodySchema,
        response: { 200: syncResponseSchema },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      const results = await applyClientOps(db, {
        userId,
        kind: FAVOURITE_OP_KIND,
        ops: request.body.ops,
        apply: (tx, ops) => applyFavouriteOps(tx, userId, ops),
      });
      return { results };
    },
  );
};
