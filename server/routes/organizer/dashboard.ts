import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Dashboard, dashboardSchema } from '#shared/contracts/organizer-event.ts';
import { dashboardFigures } from '../../services/organizer/dashboard.ts';

/** GET /api/organizer/dashboard: the event at a glance, refreshed by the console every 30 s. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      schema: {
        tags: ['organizer'],
        description:
          'The event at a glance (organizers): accounts and passes per venue day, passes by type and status, free-pass pools, revenue (invoices less credit notes; refunds), hotel rooms per night, check-ins per list and hour, leads per exhibitor.',
        response: { 200: dashboardSchema },
      },
    },
    async (_request, reply): Promise<Dashboard> => {
      reply.header('cache-control', 'no-store');
      return dashboardFigures(app.db);
    },
  );
};
