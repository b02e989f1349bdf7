import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DEVICE_RETIRED_HOURS,
  DEVICE_STALE_MINUTES,
  type OrganizerDevices,
  organizerDevicesSchema,
} from '#shared/contracts/devices.ts';
import { deviceOverview } from '../../services/organizer/device-overview.ts';

/** The console's device overview: which door or booth has a device that stopped syncing. */
export const organizerDeviceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/devices',
    {
      schema: {
        tags: ['organizer'],
        description: `Event-day devices (organizers), those that reported within ${DEVICE_RETIRED_HOURS} h or still hold changes: staff check-in devices and kiosks per check-in list, lead scanners per exhibitor (team, else company), each with its user, last sync, changes waiting for upload and whether it has not synced for ${DEVICE_STALE_MINUTES} minutes (judged by the server's clock, serverTime). Stale devices first in each group.`,
        response: { 200: organizerDevicesSchema },
      },
    },
    async (_request, reply): Promise<OrganizerDevices> => {
      reply.header('cache-control', 'no-store');
      return deviceOverview(app.db);
    },
  );
};
