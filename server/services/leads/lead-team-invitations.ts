import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type {
  LeadTeam,
  LeadTeamInvitation,
  LeadTeamMembership,
  ReceivedLeadTeamInvitation,
} from '#shared/contracts/organizer-admin.ts';
import { publicUrl } from '../../config.ts';
import { leadTeamInvitations, leadTeams, users } from '../../db/schema/index.ts';
import type { Language } from '../../i18n/language.ts';
import { translator } from '../../i18n/translate.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Mail } from '../mail/mail.ts';
import { composeMail } from '../mail/mail-layout.ts';
import { greeting } from '../mail/mail-text.ts';
import { domainOf, isGrayListedDomain } from '../passes/eligibility.ts';
import { changed, nameOf } from '../staff/staff-team.ts';
import { joinLeadTeam, leadTeamOf } from './lead-teams.ts';

/*
 * Exhibitor teams by invitation: a vendor joins a team only by accepting an invitation
 * signed in, so no one can pull another company's leads into their list by typing an address. The
 * inviter learns nothing about the address: every invitation is mailed and answered alike.
 */

export const OTHER_COMPANY =
  "Only colleagues with an e-mail address at your company's domain can be invited; ask the organizers to add anyone else.";
export const LEAVE_TEAM_FIRST = 'You already belong to another exhibitor team; leave it first.';

/** Where the invited vendor answers: the contacts page's team tab. */
export const TEAM_TAB_PATH = '/contacts?currentTab=team';

/**
 * Same company: the same e-mail domain, unless it is a free-mail provider (anyone has an address
 * there, so sharing it proves nothing). Decided from the addresses alone, never from accounts.
 */
async function sameCompany(app: FastifyInstance, ownerEmail: string, email: string): Promise<boolean> {
  const domain = domainOf(ownerEmail);
  return domain === domainOf(email) && !(await isGrayListedDomain(app.db, domain));
}

/** The invitation: the same words whether or not the address has an account (only the greeting's name differs). */
export function teamInvitationMail(
  to: string,
  invite: { team: string; inviter: string | null; firstName: string },
  url: string,
  language: Language,
): Mail {
  const t = translator(language, 'mail');
  return composeMail({
    to,
    language,
    subject: t('teamInvitation.subject', { team: invite.team }),
    heading: t('teamInvitation.heading'),
    paragraphs: [
      greeting(invite.firstName, language),
      invite.inviter
        ? t('teamInvitation.intro', { inviter: invite.inviter, team: invite.team })
        : t('teamInvitation.introOrganizer', { team: invite.team }),
      t('teamInvitation.howTo'),
      t('teamInvitation.sharing'),
      t('invitation.unexpected'),
    ],
    actions: [{ label: t('teamInvitation.action'), url, text: t('teamInvitation.action.text', { url }) }],
  });
}

export interface InviteRequest {
  actorUserId: string;
  teamId: string;
  email: string;
  /** An organizer's override: any address, whatever its domain. */
  byOrganizer: boolean;
  /** The inviter's language, for an address without an account. */
  language: Language;
}

/**
 * Invites an address to a team (false when there is no such team). The owner may invite only their
 * own company (refused before any account is looked at); the address is mailed whether or not it has
 * an account, within the recipient's hourly mail budget. Asking again keeps one pending invitation.
 */
export async function inviteToLeadTeam(app: FastifyInstance, request: InviteRequest): Promise<boolean> {
  const { actorUserId, teamId, email, byOrganizer } = request;
  const [team] = await app.db.select().from(leadTeams).where(eq(leadTeams.id, teamId));
  if (!team) return false;
  const [inviter] = await app.db.select().from(users).where(eq(users.id, actorUserId));
  if (!byOrganizer && !(inviter && (await sameCompany(app, inviter.email, email)))) {
    throw new HttpProblem(400, OTHER_COMPANY, [{ path: 'email', message: OTHER_COMPANY }]);
  }
  const [account] = await app.db.select().from(users).where(eq(users.email, email));
  // A member already: nothing to ask (the owner sees the members anyway).
  if (account?.leadTeamId === teamId) return true;
  await app.db.transaction(async (tx) => {
    await tx
      .insert(leadTeamInvitations)
      .values({ teamId, email, invitedByUserId: actorUserId, byOrganizer })
      .onConflictDoNothing();
    await recordAudit(tx, {
      actorUserId,
      action: 'lead-team.invite',
      subject: team.name,
      details: { teamId, email, byOrganizer },
    });
  });
  const inviterName = byOrganizer || !inviter ? null : nameOf(inviter) || inviter.email;
  const mail = teamInvitationMail(
    email,
    { team: team.name, inviter: inviterName, firstName: account?.firstName ?? '' },
    `${publicUrl(app.config)}${TEAM_TAB_PATH}`,
    account?.language ?? request.language,
  );
  // Over the budget nothing goes out, and the answer stays the same.
  await app.strangerMail.send(mail, 'team-invitation');
  return true;
}

/** A team's pending invitations, oldest first (its owner's view). */
export async function pendingInvitationsOf(app: FastifyInstance, teamId: string): Promise<LeadTeamInvitation[]> {
  const rows = await app.db
    .select()
    .from(leadTeamInvitations)
    .where(and(eq(leadTeamInvitations.teamId, teamId), eq(leadTeamInvitations.status, 'pending')))
    .orderBy(asc(leadTeamInvitations.createdAt), asc(leadTeamInvitations.email));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    byOrganizer: row.byOrganizer,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** The pending invitations addressed to this account's e-mail address. */
export async function invitationsFor(app: FastifyInstance, email: string): Promise<ReceivedLeadTeamInvitation[]> {
  const rows = await app.db
    .select({ invitation: leadTeamInvitations, teamName: leadTeams.name, inviter: users })
    .from(leadTeamInvitations)
    .innerJoin(leadTeams, eq(leadTeams.id, leadTeamInvitations.teamId))
    .leftJoin(users, eq(users.id, leadTeamInvitations.invitedByUserId))
    .where(and(eq(leadTeamInvitations.email, email), eq(leadTeamInvitations.status, 'pending')))
    .orderBy(asc(leadTeamInvitations.createdAt));
  return rows.map(({ invitation, teamName, inviter }) => ({
    id: invitation.id,
    teamId: invitation.teamId,
    teamName,
    invitedBy: invitation.byOrganizer || !inviter ? '' : nameOf(inviter) || inviter.email,
    byOrganizer: invitation.byOrganizer,
    createdAt: invitation.createdAt.toISOString(),
  }));
}

/**
 * Accepts an invitation addressed to the signed-in vendor (null: no such pending invitation for
 * them, 404). They join the team from now on; a member of another team must leave it first (409).
 */
export async function acceptInvitation(app: FastifyInstance, userId: string, invitationId: string): Promise<LeadTeam | null> {
  const joined = await app.db.transaction(async (tx) => {
    const [person] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!person) return null;
    const [invitation] = await tx
      .select()
      .from(leadTeamInvitations)
      .where(
        and(
          eq(leadTeamInvitations.id, invitationId),
          eq(leadTeamInvitations.email, person.email),
          eq(leadTeamInvitations.status, 'pending'),
        ),
      )
      .for('update');
    if (!invitation) return null;
    if (person.leadTeamId && person.leadTeamId !== invitation.teamId) throw new HttpProblem(409, LEAVE_TEAM_FIRST);
    const row = await joinLeadTeam(tx, person, invitation.teamId);
    await tx
      .update(leadTeamInvitations)
      .set({ status: 'accepted', respondedAt: new Date() })
      .where(eq(leadTeamInvitations.id, invitation.id));
    await recordAudit(tx, {
      actorUserId: userId,
      action: 'lead-team.accept',
      subjectUserId: userId,
      details: { teamId: invitation.teamId, invitationId, byOrganizer: invitation.byOrganizer },
    });
    return row;
  });
  if (!joined?.leadTeamId) return null;
  changed(app, [joined]);
  return leadTeamOf(app.db, joined.leadTeamId);
}

/** Ends a pending invitation: declined by its addressee, or withdrawn by the team. False when none matched. */
async function closeInvitation(
  app: FastifyInstance,
  actorUserId: string,
  invitationId: string,
  match: { email: string } | { teamId: string },
  status: 'declined' | 'withdrawn',
): Promise<boolean> {
  return app.db.transaction(async (tx) => {
    const [closed] = await tx
      .update(leadTeamInvitations)
      .set({ status, respondedAt: new Date() })
      .where(
        and(
          eq(leadTeamInvitations.id, invitationId),
          eq(leadTeamInvitations.status, 'pending'),
          'email' in match ? eq(leadTeamInvitations.email, match.email) : eq(leadTeamInvitations.teamId, match.teamId),
        ),
      )
      .returning();
    if (!closed) return false;
    await recordAudit(tx, {
      actorUserId,
      action: status === 'declined' ? 'lead-team.decline' : 'lead-team.withdraw',
      details: { teamId: closed.teamId, invitationId, email: closed.email },
    });
    return true;
  });
}

export const declineInvitation = (app: FastifyInstance, userId: string, email: string, invitationId: string) =>
  closeInvitation(app, userId, invitationId, { email }, 'declined');

export const withdrawInvitation = (app: FastifyInstance, actorUserId: string, teamId: string, invitationId: string) =>
  closeInvitation(app, actorUserId, invitationId, { teamId }, 'withdrawn');

const membershipOf = (row: typeof users.$inferSelect): LeadTeamMembership => ({
  joinedAt: row.leadTeamJoinedAt?.toISOString() ?? null,
  sharesEarlier: row.leadTeamSharesEarlier,
});

export async function membership(app: FastifyInstance, userId: string): Promise<LeadTeamMembership | null> {
  const [row] = await app.db.select().from(users).where(eq(users.id, userId));
  return row?.leadTeamId ? membershipOf(row) : null;
}

/** The member's choice to let the team see the scans they made before joining (null: in no team). */
export async function setSharesEarlier(app: FastifyInstance, userId: string, sharesEarlier: boolean) {
  const row = await app.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(users)
      .set({ leadTeamSharesEarlier: sharesEarlier, updatedAt: new Date() })
      .where(and(eq(users.id, userId), isNotNull(users.leadTeamId)))
      .returning();
    if (!updated?.leadTeamId) return null;
    await recordAudit(tx, {
      actorUserId: userId,
      action: 'lead-team.share-earlier',
      subjectUserId: userId,
      details: { teamId: updated.leadTeamId, sharesEarlier },
    });
    return updated;
  });
  if (!row) return null;
  changed(app, [row]);
  return membershipOf(row);
}
