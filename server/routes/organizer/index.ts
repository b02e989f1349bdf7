import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentProvider } from '../../services/payments/provider.ts';
import { organizerAdminRoutes } from './admin.ts';

export interface OrganizerRoutesOptions {
  /** The providers that may have taken a payment: a cancelled pass is refunded through the same one. */
  providers: readonly PaymentProvider[];
}

/**
 * The organizer console's API (issue 14), under /api/organizer/. Every route carries
 * `organizerHooks(app)` (./access.ts) as its onRequest hooks and records what it changes with
 * recordAudit (server/services/audit/audit-log.ts).
 */
export const organizerRoutes: FastifyPluginAsyncZod<OrganizerRoutesOptions> = async (app, options) => {
  // organizer routes: one register line per area, in the order of the console's menu
  await app.register((await import('./dashboard.ts')).dashboardRoutes); // dashboard
  await app.register((await import('./checkin-lists.ts')).checkinListRoutes); // check-in lists, duplicates, list CSV
  await app.register((await import('./devices.ts')).organizerDeviceRoutes); // event-day devices per list and exhibitor
  await app.register((await import('./exports.ts')).exportRoutes); // attendees, invoices, check-ins CSV
  await app.register((await import('./content.ts')).contentRoutes); // agenda import (pretalx), exhibitors CSV import, news
  await app.register((await import('./people.ts')).organizerPeopleRoutes, { providers: options.providers }); // approvals, attendees, audit log
  await app.register(organizerAdminRoutes); // vouchers, badges, team
};
