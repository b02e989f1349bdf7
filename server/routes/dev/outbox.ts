import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mailOutbox } from '../../db/schema/index.ts';

const mailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});

/** The local outbox (only registered when no SMTP server is configured): newest mail first. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/outbox',
    {
      schema: {
        tags: ['dev'],
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: { 200: z.array(mailSchema) },
      },
    },
    async (request) => {
      const rows = await app.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(200);
      const to = request.query.to?.toLowerCase();
      return rows.filter((m) => !to || m.to.toLowerCase() === to).map((m) => ({ ...m, createdAt: m.createdAt.toISOString() }));
    },
  );
};
