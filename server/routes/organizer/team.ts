import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema } from '#shared/contracts/common.ts';
import {
  type LeadTeam,
  leadTeamCreateSchema,
  leadTeamListSchema,
  leadTeamMemberRequestSchema,
  leadTeamOwnerRequestSchema,
  leadTeamSchema,
  removeRoleRequestSchema,
  type TeamInviteResult,
  type TeamList,
  type TeamMember,
  teamInviteRequestSchema,
  teamInviteResultSchema,
  teamListSchema,
  teamMemberSchema,
} from '#shared/contracts/organizer-admin.ts';
import { requestLanguage } from '../../i18n/language.ts';
import { notFound } from '../../plugins/errors.ts';
import { inviteToLeadTeam } from '../../services/leads/lead-team-invitations.ts';
import { createLeadTeam, leadTeamsWithMembers, removeLeadTeamMember, setLeadTeamOwner } from '../../services/leads/lead-teams.ts';
import { inviteToTeam, listTeam, removeTeamRole } from '../../services/staff/staff-team.ts';
import { actorOf } from './actor.ts';

const teamParams = z.object({ teamId: z.uuid() });

/** Staff and organizers, and the exhibitor teams that share a lead list (docs/behaviour.md §11, §12). */
export const organizerTeamRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/team',
    {
      schema: {
        tags: ['organizer'],
        description: 'Everyone with the staff or organizer role; `active` is false while an invited account has no password yet.',
        response: { 200: teamListSchema },
      },
    },
    async (): Promise<TeamList> => ({ members: await listTeam(app.db) }),
  );

  app.post(
    '/team/invite',
    {
      schema: {
        tags: ['organizer'],
        description:
          'Gives an e-mail address the staff or organizer role. An existing account gets the role and a notice; an unknown address gets an account without a password and a link to choose one (valid 7 days). `created` says which.',
        body: teamInviteRequestSchema,
        response: { 200: teamInviteResultSchema },
      },
    },
    async (request): Promise<TeamInviteResult> => inviteToTeam(app, actorOf(request), request.body.email, request.body.role),
  );

  app.post(
    '/team/:userId/remove-role',
    {
      schema: {
        tags: ['organizer'],
        description: 'Takes the staff or organizer role from a person (not your own organizer role: 409).',
        params: z.object({ userId: z.uuid() }),
        body: removeRoleRequestSchema,
        response: { 200: teamMemberSchema },
      },
    },
    async (request): Promise<TeamMember> => {
      const member = await removeTeamRole(app, actorOf(request), request.params.userId, request.body.role);
      if (!member) throw notFound('User');
      return member;
    },
  );

  app.get(
    '/lead-teams',
    {
      schema: {
        tags: ['organizer'],
        description: "Exhibitor teams (a vendor company's shared lead list) with their members and owner.",
        response: { 200: leadTeamListSchema },
      },
    },
    async () => ({ teams: await leadTeamsWithMembers(app.db) }),
  );

  app.post(
    '/lead-teams',
    {
      schema: {
        tags: ['organizer'],
        description:
          'Creates an exhibitor team owned by a vendor (by e-mail), who joins it and becomes a lead scanner. 409 when they already belong to a team.',
        body: leadTeamCreateSchema,
        response: { 201: leadTeamSchema },
      },
    },
    async (request, reply): Promise<LeadTeam> => {
      const team = await createLeadTeam(app, actorOf(request), request.body.name, request.body.ownerEmail);
      reply.code(201);
      return team;
    },
  );

  app.post(
    '/lead-teams/:teamId/members',
    {
      schema: {
        tags: ['organizer'],
        description:
          "Invites an address to the team, from any company (the organizer's override of the owner's same-company rule). The address is mailed; the vendor joins by accepting signed in (202, the same answer whether or not it has an account).",
        params: teamParams,
        body: leadTeamMemberRequestSchema,
        response: { 202: okSchema },
      },
    },
    async (request, reply) => {
      const invite = {
        actorUserId: actorOf(request),
        teamId: request.params.teamId,
        email: request.body.email,
        byOrganizer: true,
        language: requestLanguage(request),
      };
      if (!(await inviteToLeadTeam(app, invite))) throw notFound('Team');
      reply.code(202);
      return { ok: true as const };
    },
  );

  app.delete(
    '/lead-teams/:teamId/members/:userId',
    {
      schema: {
        tags: ['organizer'],
        description: 'Takes a member out of the team (not its owner: 409); their own scans stay theirs.',
        params: z.object({ teamId: z.uuid(), userId: z.uuid() }),
        response: { 200: leadTeamSchema },
      },
    },
    async (request): Promise<LeadTeam> => {
      const team = await removeLeadTeamMember(app, actorOf(request), request.params.teamId, request.params.userId);
      if (!team) throw notFound('Team member');
      return team;
    },
  );

  app.post(
    '/lead-teams/:teamId/owner',
    {
      schema: {
        tags: ['organizer'],
        description: 'Makes a member of the team its owner (who then manages it under /api/lead/team).',
        params: teamParams,
        body: leadTeamOwnerRequestSchema,
        response: { 200: leadTeamSchema },
      },
    },
    async (request): Promise<LeadTeam> => {
      const team = await setLeadTeamOwner(app, actorOf(request), request.params.teamId, request.body.userId);
      if (!team) throw notFound('Team');
      return team;
    },
  );
};
