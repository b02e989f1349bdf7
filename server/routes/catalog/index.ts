import { asc, desc, lte } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { countrySchema, eventConfigSchema, newsSchema } from '#shared/contracts/index.ts';
import { sellerSchema } from '#shared/contracts/seller.ts';
import { countries, news } from '../../db/schema/index.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { PUBLIC_CACHE_CONTROL } from '../../plugins/public-json.ts';
import { readEventConfig } from '../../services/event/event-config.ts';
import { sellerOf } from '../../services/invoices/seller.ts';

/** Public reference data: event configuration, the seller, countries, news. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get('/config', { schema: { tags: ['catalog'], response: { 200: eventConfigSchema } } }, async () => {
    const event = await readEventConfig(db);
    if (!event) throw new HttpProblem(503, 'The event is not configured yet.');
    // Phases are configured in Berlin wall-clock time; clients get the instants (no time-zone code in the app).
    // date-fns-tz takes ~150 ms to load: on the first request, not at server start.
    const { phaseInstants } = await import('#shared/berlin-time.ts');
    const countdownPhases = event.countdownPhases.map((phase) => {
      const { startsAt, endsAt } = phaseInstants(phase);
      const iso = (ms: number) => (Number.isNaN(ms) ? undefined : new Date(ms).toISOString());
      return {
        name: phase.name,
        startDate: phase.startDate,
        endDate: phase.endDate,
        startsAt: iso(startsAt),
        endsAt: iso(endsAt),
      };
    });
    return { ...event, countdownPhases };
  });

  // The imprint's provider: the very seller of the invoices, from configuration (changes with a restart).
  app.get('/seller', { schema: { tags: ['catalog'], response: { 200: sellerSchema } } }, async (_request, reply) => {
    reply.header('cache-control', PUBLIC_CACHE_CONTROL);
    return sellerOf(app.config);
  });

  app.get('/country', { schema: { tags: ['catalog'], response: { 200: z.array(countrySchema) } } }, async () =>
    db.select().from(countries).orderBy(asc(countries.name)),
  );

  app.get('/news', { schema: { tags: ['catalog'], response: { 200: z.array(newsSchema) } } }, async () => {
    // Drafts (no publishedAt) and news scheduled for later stay with the organizers.
    const rows = await db
      .select({ id: news.id, title: news.title, body: news.body, publishedAt: news.publishedAt })
      .from(news)
      .where(lte(news.publishedAt, new Date()))
      .orderBy(desc(news.publishedAt));
    return rows.map((n) => ({ ...n, publishedAt: (n.publishedAt as Date).toISOString() }));
  });
};
