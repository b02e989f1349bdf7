import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countrySchema, eventConfigSchema, newsSchema } from '../../../src/shared/contracts/index.ts';
import { config, countries, news } from '../../db/schema/index.ts';
import { HttpProblem } from '../../plugins/errors.ts';

/** Public reference data: event configuration, countries, news. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get('/config', { schema: { tags: ['catalog'], response: { 200: eventConfigSchema } } }, async () => {
    const [row] = await db.select().from(config).where(eq(config.key, 'event')).limit(1);
    if (!row) throw new HttpProblem(503, 'The event is not configured yet.');
    return eventConfigSchema.parse(row.value);
  });

  app.get('/country', { schema: { tags: ['catalog'], response: { 200: z.array(countrySchema) } } }, async () =>
    db.select().from(countries).orderBy(asc(countries.name)),
  );

  app.get('/news', { schema: { tags: ['catalog'], response: { 200: z.array(newsSchema) } } }, async () => {
    const rows = await db.select().from(news).orderBy(desc(news.publishedAt));
    return rows.map((n) => ({ ...n, publishedAt: n.publishedAt.toISOString() }));
  });
};
