import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema } from '#shared/contracts/common.ts';
import {
  type LeadTeam,
  leadTeamInvitationListSchema,
  leadTeamMemberRequestSchema,
  leadTeamMembershipSchema,
  leadTeamSchema,
  leadTeamShareRequestSchema,
} from '#shared/contracts/organizer-admin.ts';
import { requestLanguage } from '../../i18n/language.ts';
import { leadScannersOnly, signedInUserRow } from '../../plugins/access.ts';
import { HttpProblem, notFound } from '../../plugins/errors.ts';
import {
  inviteToLeadTeam,
  membership,
  pendingInvitationsOf,
  setSharesEarlier,
  withdrawInvitation,
} from '../../services/leads/lead-team-invitations.ts';
import { leadTeamOf, removeLeadTeamMember } from '../../services/leads/lead-teams.ts';
import { authOf } from '../../types.ts';

export const NOT_TEAM_OWNER = "Only the team's owner can change its members.";

/** The signed-in scanner's team (404 when they belong to none). */
async function myTeam(request: FastifyRequest): Promise<LeadTeam> {
  const me = await signedInUserRow(request.server, authOf(request).userId);
  const team = me.leadTeamId ? await leadTeamOf(request.server.db, me.leadTeamId) : null;
  if (!team) throw notFound('Team');
  return team;
}

/** The team the signed-in scanner owns, or 403. */
async function ownedTeam(request: FastifyRequest): Promise<LeadTeam> {
  const team = await myTeam(request);
  if (team.ownerUserId !== authOf(request).userId) throw new HttpProblem(403, NOT_TEAM_OWNER);
  return team;
}

/**
 * /api/lead/team: an exhibitor team's owner (a lead scanner, not an organizer) manages its members:
 * colleagues of the same company are invited by e-mail and join by accepting (docs/behaviour.md §12; see
 * ./invitations.ts). Members see the team, choose whether it sees their earlier scans, and may leave.
 */
export const leadTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = [app.authenticate, leadScannersOnly];

  app.get(
    '/team',
    {
      onRequest,
      schema: {
        tags: ['lead'],
        description: "The signed-in lead scanner's exhibitor team with its members (404 when in none).",
        response: { 200: leadTeamSchema },
      },
    },
    async (request): Promise<LeadTeam> => myTeam(request),
  );

  app.get(
    '/team/membership',
    {
      onRequest,
      schema: {
        tags: ['lead'],
        description:
          'Since when the team sees my scans (joinedAt) and whether it also sees the ones I made before joining (404 when in no team).',
        response: { 200: leadTeamMembershipSchema },
      },
    },
    async (request) => {
      const mine = await membership(app, authOf(request).userId);
      if (!mine) throw notFound('Team');
      return mine;
    },
  );

  app.put(
    '/team/share-earlier',
    {
      onRequest,
      schema: {
        tags: ['lead'],
        description:
          'A member shares the scans they made before joining with the team, or stops sharing them (404 when in no team).',
        body: leadTeamShareRequestSchema,
        response: { 200: leadTeamMembershipSchema },
      },
    },
    async (request) => {
      const mine = await setSharesEarlier(app, authOf(request).userId, request.body.sharesEarlier);
      if (!mine) throw notFound('Team');
      return mine;
    },
  );

  app.post(
    '/team/leave',
    {
      onRequest,
      schema: {
        tags: ['lead'],
        description:
          "A member (not the owner: 409) leaves the team: the team stops seeing their scans and they stop seeing the team's; their own stay theirs.",
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      const team = await myTeam(request);
      if (!(await removeLeadTeamMember(app, userId, team.id, userId, 'lead-team.leave'))) throw notFound('Team');
      return { ok: true as const };
    },
  );

  app.post(
    '/team/members',
    {
      onRequest,
      schema: {
        tags: ['lead'],
        description:
          "Invites a colleague by e-mail (team owner only). Only addresses at the owner's company domain (not a free-mail provider) can be invited: 400 for others. The address is mailed, and the answer (202) is the same whether or not it has an account; the vendor joins by accepting signed in.",
        body: leadTeamMemberRequestSchema,
        response: { 202: okSchema },
      },
    },
    async (request, reply) => {
      const team = await ownedTeam(request);
      const language = requestLanguage(request);
      const invite = {
        actorUserId: authOf(request).userId,
        teamId: team.id,
        email: request.body.email,
        byOrganizer: false,
        language,
      };
      if (!(await inviteToLeadTeam(app, invite))) throw notFound('Team');
      reply.code(202);
      return { ok: true as const };
    },
  );

  app.get(
    '/team/invitations',
    {
      onRequest,
      schema: {
        tags: ['lead'],
        description: "The team's pending invitations, oldest first (team owner only).",
        response: { 200: leadTeamInvitationListSchema },
      },
    },
    async (request) => ({ invitations: await pendingInvitationsOf(app, (await ownedTeam(request)).id) }),
  );

  app.delete(
    '/team/invitations/:invitationId',
    {
      onRequest,
      schema: {
        tags: ['lead'],
        description: 'Withdraws a pending invitation of the team (team owner only; 404 for anything else).',
        params: z.object({ invitationId: z.uuid() }),
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const team = await ownedTeam(request);
      if (!(await withdrawInvitation(app, authOf(request).userId, team.id, request.params.invitationId))) {
        throw notFound('Invitation');
      }
      return { ok: true as const };
    },
  );

  app.delete(
    '/team/members/:userId',
    {
      onRequest,
      schema: {
        tags: ['lead'],
        description: "Takes a colleague out of the owner's team (not the owner); their own scans stay theirs (team owner only).",
        params: z.object({ userId: z.uuid() }),
        response: { 200: leadTeamSchema },
      },
    },
    async (request): Promise<LeadTeam> => {
      const team = await ownedTeam(request);
      const updated = await removeLeadTeamMember(app, authOf(request).userId, team.id, request.params.userId);
      if (!updated) throw notFound('Team member');
      return updated;
    },
  );
};
