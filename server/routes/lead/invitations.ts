import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema } from '#shared/contracts/common.ts';
import { type LeadTeam, leadTeamSchema, receivedLeadTeamInvitationListSchema } from '#shared/contracts/organizer-admin.ts';
import { signedInUserRow, vendorsOnly } from '../../plugins/access.ts';
import { notFound } from '../../plugins/errors.ts';
import { acceptInvitation, declineInvitation, invitationsFor } from '../../services/leads/lead-team-invitations.ts';
import { authOf } from '../../types.ts';

const invitationParams = z.object({ invitationId: z.uuid() });

/**
 * /api/lead/invitations: a vendor answers the exhibitor team invitations addressed to their account's
 * e-mail (docs/behaviour.md §12). Anyone else's invitation is a 404, like one that does not exist.
 */
export const leadInvitationRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = [app.authenticate, vendorsOnly];
  const myEmail = async (userId: string) => (await signedInUserRow(app, userId)).email;

  app.get(
    '/invitations',
    {
      onRequest,
      schema: {
        tags: ['lead'],
        description: "The pending exhibitor team invitations addressed to the signed-in vendor's e-mail, oldest first.",
        response: { 200: receivedLeadTeamInvitationListSchema },
      },
    },
    async (request) => ({ invitations: await invitationsFor(app, await myEmail(authOf(request).userId)) }),
  );

  app.post(
    '/invitations/:invitationId/accept',
    {
      onRequest,
      schema: {
        tags: ['lead'],
        description:
          'Joins the team of an invitation addressed to me: I become a lead scanner, and the team sees the scans I make from now on (409 while in another team: leave it first).',
        params: invitationParams,
        response: { 200: leadTeamSchema },
      },
    },
    async (request): Promise<LeadTeam> => {
      const team = await acceptInvitation(app, authOf(request).userId, request.params.invitationId);
      if (!team) throw notFound('Invitation');
      return team;
    },
  );

  app.post(
    '/invitations/:invitationId/decline',
    {
      onRequest,
      schema: {
        tags: ['lead'],
        description: 'Declines an invitation addressed to me.',
        params: invitationParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      if (!(await declineInvitation(app, userId, await myEmail(userId), request.params.invitationId)))
        throw notFound('Invitation');
      return { ok: true as const };
    },
  );
};
