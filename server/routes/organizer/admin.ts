import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { organizerBadgeRoutes } from './badges.ts';
import { organizerTeamRoutes } from './team.ts';
import { organizerVoucherRoutes } from './vouchers.ts';

/** The console's vouchers, badges and team areas (issue 14), in menu order. */
export const organizerAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(organizerVoucherRoutes);
  await app.register(organizerBadgeRoutes);
  await app.register(organizerTeamRoutes);
};
