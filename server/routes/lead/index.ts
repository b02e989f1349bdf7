import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Lead, type LeadChanges, leadChangesSchema, leadOpsBodySchema, leadSchema } from '#shared/contracts/leads.ts';
import { syncResponseSchema } from '#shared/contracts/sync.ts';
import { isLeadScanner, leadScannersOnly, signedInUserRow } from '../../plugins/access.ts';
import { changesQuery } from '../../services/sync/change-cursor.ts';
import { applyClientOps } from '../../services/sync/client-ops.ts';
import { authOf } from '../../types.ts';
import { applyLeadOps, LEAD_OP_KIND } from './apply.ts';
import { leadInvitationRoutes } from './invitations.ts';
import { activeLeads, leadChanges, passiveLeads } from './list.ts';
import { leadTeamRoutes } from './team.ts';

/** Lead scanning (docs/behaviour.md §6, §7, §12): uploads from scanner devices and the active and passive lead lists. */
export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const verifier = app.badgeVerifier;

  // Exhibitor teams: the owner invites the members who share the lead list (GET /team, members);
  // vendors answer the invitations addressed to them (/invitations).
  await app.register(leadTeamRoutes);
  await app.register(leadInvitationRoutes);

  app.get(
    '/',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['lead'],
        description:
          'active=true: the people I scanned, and in an exhibitor team the people any member scanned (passiveUser, with my notes, rating, tags and answers, the barcode scanned last as badgeId and its pass type; lead scanners only, [] for others). active=false: the people who scanned me (activeUser). Newest first. Scanner devices download the active list as changes (GET /api/lead/changes).',
        querystring: z.object({ active: z.enum(['true', 'false']) }),
        response: { 200: z.array(leadSchema) },
      },
    },
    async (request): Promise<Lead[]> => {
      const { userId } = authOf(request);
      if (request.query.active === 'false') return passiveLeads(app, userId);
      if (!isLeadScanner(await signedInUserRow(app, userId))) return [];
      return activeLeads(app, userId);
    },
  );

  app.get(
    '/changes',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['lead'],
        description:
          'The active list (as GET /api/lead?active=true) as changes, a page at a time: send the cursor of the last page to get only the leads scanned, edited or whose person or badge changed since, until `complete`. No cursor, or leads left the list (a team mate left, a lead was deleted): the list from the start with `reset`, and the device drops its copy. Lead scanners only; others get an empty list.',
        querystring: z.object(changesQuery),
        response: { 200: leadChangesSchema },
      },
    },
    async (request): Promise<LeadChanges> => leadChanges(db, authOf(request).userId, request.query.cursor, request.query.limit),
  );

  app.post(
    '/',
    {
      onRequest: [app.authenticate, leadScannersOnly],
      schema: {
        tags: ['lead'],
        description:
          "Uploads lead scans and edits made on a scanner device (lead scanners only); each op applied once by id, one result per op in order. Forged, unknown, revoked and own badges are rejected with a reason; an edit of a lead that exists is accepted even when its barcode was revoked since. An edit may name the person by the badgeId of a lead on the scanner's list (their own or a team mate's) instead of a token.",
        body: leadOpsBodySchema,
        response: { 200: syncResponseSchema },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      const results = await applyClientOps(db, {
        userId,
        kind: LEAD_OP_KIND,
        ops: request.body.ops,
        apply: (tx, ops) => applyLeadOps(tx, userId, ops, verifier),
      });
      return { results };
    },
  );
};
