import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guardOrganizerRoutes } from '../../plugins/access.ts';
import type { PaymentProvider } from '../../services/payments/provider.ts';
import type { OrganizerAttendeeOptions } from './attendees.ts';

export interface OrganizerRoutesOptions {
  /** The providers that may have taken a payment: a cancelled pass is refunded through the same one. */
  providers: readonly PaymentProvider[];
}

/**
 * The organizer console's API, under /api/organizer/. Every route of this scope is signed in and
 * organizer-only (guardOrganizerRoutes, server/plugins/access.ts) and records what it changes with
 * recordAudit (server/services/audit/audit-log.ts). Each area loads when the app starts.
 */
export const organizerRoutes: FastifyPluginAsyncZod<OrganizerRoutesOptions> = async (app, options) => {
  guardOrganizerRoutes(app);
  // One register line per area, in the order of the console's menu.
  await app.register((await import('./dashboard.ts')).dashboardRoutes);
  await app.register((await import('./approvals.ts')).organizerApprovalRoutes);
  await app.register((await import('./attendees.ts')).organizerAttendeeRoutes, {
    providers: options.providers,
  } satisfies OrganizerAttendeeOptions);
  await app.register((await import('./checkin-lists.ts')).checkinListRoutes); // check-in lists, duplicates, list CSV
  await app.register((await import('./devices.ts')).organizerDeviceRoutes); // event-day devices per list and exhibitor
  await app.register((await import('./vouchers.ts')).organizerVoucherRoutes);
  await app.register((await import('./badges.ts')).organizerBadgeRoutes);
  await app.register((await import('./team.ts')).organizerTeamRoutes);
  await app.register((await import('./content.ts')).contentRoutes); // agenda import (pretalx), exhibitors CSV import, news
  await app.register((await import('./exports.ts')).exportRoutes); // attendees, invoices, check-ins CSV
  await app.register((await import('./audit.ts')).organizerAuditRoutes);
};
