import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { takenPassesSchema } from '#shared/contracts/registration.ts';
import { takenShare } from '../../services/passes/pass-pool.ts';

export const takenPassesRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Share of the free Standard Pass pool already taken (0..1); null before the pool exists. */
  app.get('/taken-passes', { schema: { tags: ['pass'], response: { 200: takenPassesSchema } } }, async () => ({
    value: await takenShare(app.db),
  }));
};
