import { ApiError, api } from '../../lib/api.ts';
import { okSchema } from '../../shared/contracts/common.ts';
import {
  type LeadTeam,
  type LeadTeamInvitation,
  type LeadTeamMembership,
  leadTeamInvitationListSchema,
  leadTeamMembershipSchema,
  leadTeamSchema,
  type ReceivedLeadTeamInvitation,
  receivedLeadTeamInvitationListSchema,
} from '../../shared/contracts/organizer-admin.ts';

/** What the team tab shows: my team and my terms in it, its pending invitations (owner), and the invitations to me. */
export interface TeamView {
  team: LeadTeam | null;
  membership: LeadTeamMembership | null;
  pending: LeadTeamInvitation[];
  received: ReceivedLeadTeamInvitation[];
}

/** A 404 is an answer here (no team), not a failure. */
async function orNull<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** Loads the tab: lead scanners may have a team, vendors may have invitations. */
export async function loadTeamView(
  who: { userId: string; isLeadScanner: boolean; isVendor: boolean },
  signal: AbortSignal,
): Promise<TeamView> {
  const options = { signal, cache: 'no-cache' } as const;
  const [team, received] = await Promise.all([
    who.isLeadScanner ? orNull(api('/api/lead/team', leadTeamSchema, options)) : null,
    who.isVendor ? api('/api/lead/invitations', receivedLeadTeamInvitationListSchema, options) : { invitations: [] },
  ]);
  const owner = team?.ownerUserId === who.userId;
  const [membership, pending] = await Promise.all([
    team ? orNull(api('/api/lead/team/membership', leadTeamMembershipSchema, options)) : null,
    owner ? api('/api/lead/team/invitations', leadTeamInvitationListSchema, options) : { invitations: [] },
  ]);
  return { team, membership, pending: pending.invitations, received: received.invitations };
}

export const inviteColleague = (email: string) => api('/api/lead/team/members', okSchema, { method: 'POST', body: { email } });
export const withdrawInvitation = (id: string) => api(`/api/lead/team/invitations/${id}`, okSchema, { method: 'DELETE' });
export const removeMember = (userId: string) => api(`/api/lead/team/members/${userId}`, leadTeamSchema, { method: 'DELETE' });
export const leaveTeam = () => api('/api/lead/team/leave', okSchema, { method: 'POST' });
export const shareEarlier = (sharesEarlier: boolean) =>
  api('/api/lead/team/share-earlier', leadTeamMembershipSchema, { method: 'PUT', body: { sharesEarlier } });
export const acceptInvitation = (id: string) => api(`/api/lead/invitations/${id}/accept`, leadTeamSchema, { method: 'POST' });
export const declineInvitation = (id: string) => api(`/api/lead/invitations/${id}/decline`, okSchema, { method: 'POST' });
