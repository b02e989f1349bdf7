import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PaymentProvider } from '../../services/payments/provider.ts';
import { organizerApprovalRoutes } from './approvals.ts';
import { type OrganizerAttendeeOptions, organizerAttendeeRoutes } from './attendees.ts';
import { organizerAuditRoutes } from './audit.ts';

/** The console's people areas: approvals, attendees, audit log (issue 14). */
export const organizerPeopleRoutes: FastifyPluginAsyncZod<{ providers: readonly PaymentProvider[] }> = async (app, options) => {
  await app.register(organizerApprovalRoutes);
  await app.register(organizerAttendeeRoutes, { providers: options.providers } satisfies OrganizerAttendeeOptions);
  await app.register(organizerAuditRoutes);
};
