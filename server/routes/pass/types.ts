import { and, arrayContains, asc, eq, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passTypeSchema } from '#shared/contracts/index.ts';
import { passTypes } from '../../db/schema/index.ts';
import { toPassTypeDto } from './dto.ts';

const MAX_INT = 2 ** 31 - 1;

/** GET /api/pass/type/{paid,paid-upgrade,voucher}: the active pass types of one kind, in display order. */
export const passTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const response = { 200: z.array(passTypeSchema) };

  async function activeTypes(kind: 'paid' | 'paid-upgrade' | 'voucher', extra?: SQL) {
    const rows = await db
      .select()
      .from(passTypes)
      .where(and(eq(passTypes.kind, kind), eq(passTypes.active, true), extra))
      .orderBy(asc(passTypes.position), asc(passTypes.id));
    return rows.map((row) => toPassTypeDto(row));
  }

  app.get('/type/paid', { schema: { tags: ['pass'], response } }, () => activeTypes('paid'));

  app.get(
    '/type/paid-upgrade',
    {
      schema: {
        tags: ['pass'],
        querystring: z.object({ upgradeableBy: z.coerce.number().int().positive().max(MAX_INT) }),
        response,
      },
    },
    (request) => activeTypes('paid-upgrade', arrayContains(passTypes.upgradeableBy, [request.query.upgradeableBy])),
  );

  app.get('/type/voucher', { schema: { tags: ['pass'], response } }, () => activeTypes('voucher'));
};
