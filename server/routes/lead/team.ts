import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type LeadTeam, leadTeamMemberRequestSchema, leadTeamSchema } from '#shared/contracts/organizer-admin.ts';
import { HttpProblem, notFound } from '../../plugins/errors.ts';
import { addLeadTeamMember, leadTeamOf, removeLeadTeamMember } from '../../services/organizer-team.ts';
import { authOf } from '../../types.ts';
import { leadScannersOnly, signedInUserRow } from './access.ts';

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
 * colleagues (vendor accounts) join by e-mail and share the team's lead list. Members see the team.
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

  app.post(
    '/team/members',
    {
      onRequest,
      schema: {
        tags: ['lead'],
        description:
          "Adds a colleague (a vendor account, by e-mail) to the owner's team; they become a lead scanner and share its leads (team owner only).",
        body: leadTeamMemberRequestSchema,
        response: { 200: leadTeamSchema },
      },
    },
    async (request): Promise<LeadTeam> => {
      const team = await ownedTeam(request);
      const updated = await addLeadTeamMember(app, authOf(request).userId, team.id, request.body.email);
      if (!updated) throw notFound('Team');
      return updated;
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
