import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { trainTicketSchema, trainTicketTypeSchema } from '../../../src/shared/contracts/index.ts';
import { trainTickets, trainTicketTypes } from '../../db/schema/index.ts';
import { authOf } from '../../types.ts';

const toTypeDto = (t: typeof trainTicketTypes.$inferSelect) => ({
  id: t.id,
  name: t.name,
  description: t.description,
  price: t.priceCents,
});

export const trainTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const auth = { preHandler: app.authenticate };

  app.get(
    '/',
    { ...auth, schema: { tags: ['train-ticket'], response: { 200: z.array(trainTicketSchema) } } },
    async (request) => {
      const rows = await db
        .select({ ticket: trainTickets, type: trainTicketTypes })
        .from(trainTickets)
        .innerJoin(trainTicketTypes, eq(trainTicketTypes.id, trainTickets.typeId))
        .where(eq(trainTickets.userId, authOf(request).userId))
        .orderBy(desc(trainTickets.createdAt));
      return rows.map(({ ticket, type }) => ({
        id: ticket.id,
        code: ticket.code,
        createdAt: ticket.createdAt.toISOString(),
        type: toTypeDto(type),
      }));
    },
  );

  app.get('/type', { ...auth, schema: { tags: ['train-ticket'], response: { 200: z.array(trainTicketTypeSchema) } } }, async () =>
    (await db.select().from(trainTicketTypes).orderBy(asc(trainTicketTypes.priceCents))).map(toTypeDto),
  );
};
