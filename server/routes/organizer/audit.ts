import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AuditPage, auditPageSchema, auditQuerySchema } from '#shared/contracts/organizer-people.ts';
import { auditEntries } from '../../services/audit/audit-search.ts';

/** The audit log (docs/behaviour.md §11): every organizer action, newest first, filterable, with names. */
export const organizerAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      schema: {
        tags: ['organizer'],
        description:
          'Audit log entries, newest first: action (exact, or its first part such as "pass"), actor and subject (a user id or part of a name or e-mail), time range from/until, a page at a time.',
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema },
      },
    },
    async (request): Promise<AuditPage> => auditEntries(app.db, request.query),
  );
};
