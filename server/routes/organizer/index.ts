import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentProvider } from '../../services/payments/provider.ts';

export interface OrganizerRoutesOptions {
  /** The providers that may have taken a payment: a cancelled pass is refunded through the same one. */
  providers: readonly PaymentProvider[];
}

/**
 * The organizer console's API (issue 14), under /api/organizer/. Every route carries
 * `organizerHooks(app)` (./access.ts) as its onRequest hooks and records what it changes with
 * recordAudit (server/services/audit.ts).
 */
export const organizerRoutes: FastifyPluginAsyncZod<OrganizerRoutesOptions> = async (app, options) => {
  // organizer routes: one register line per area, in the order of the console's menu
  await app.register((await import('./content.ts')).contentRoutes); // agenda import (pretalx), exhibitors CSV import, news
};
