import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Exhibitor, exhibitorSchema } from '#shared/contracts/agenda.ts';
import { exhibitors } from '../../db/schema/index.ts';
import { cachedJson, SERVER_CACHE_MS, sendPublicJson } from '../../plugins/public-json.ts';

/** Every exhibitor with hall and booth (the floor plan's search): public reference data. */
export const exhibitorRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  // Named columns: the answer skips the response schema (it is sent pre-serialized), so nothing
  // added to the table later can slip out by accident.
  const list = cachedJson(
    async (): Promise<Exhibitor[]> =>
      db
        .select({
          id: exhibitors.id,
          name: exhibitors.name,
          description: exhibitors.description,
          category: exhibitors.category,
          hall: exhibitors.hall,
          booth: exhibitors.booth,
          website: exhibitors.website,
        })
        .from(exhibitors)
        .orderBy(asc(exhibitors.name), asc(exhibitors.id)),
    SERVER_CACHE_MS,
    // An exhibitor import (organizer console) drops the copy at once.
    'exhibitors',
  );

  app.get(
    '/',
    {
      schema: {
        tags: ['exhibitors'],
        description: 'Every exhibitor, ordered by name; public, cacheable, ETag/304.',
        response: { 200: z.array(exhibitorSchema), 304: z.undefined() },
      },
    },
    async (request, reply) => sendPublicJson(request, reply, await list()),
  );
};
