import { and, arrayOverlaps, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LeadTeam, LeadTeamMember, TeamMember, TeamRole } from '#shared/contracts/organizer-admin.ts';
import { LEAD_SCANNER_PATH, VENDOR_TAG_ID } from '#shared/messages.ts';
import { publicUrl } from '../config.ts';
import type { Db } from '../db/client.ts';
import { emailTokens, leadTeams, users } from '../db/schema/index.ts';
import { HttpProblem } from '../plugins/errors.ts';
import type { Language } from '../i18n/language.ts';
import { translator } from '../i18n/translate.ts';
import { recordAudit } from './audit.ts';
import type { Mail } from './mail.ts';
import { composeMail } from './mail-layout.ts';
import { greeting } from './mail-text.ts';
import { randomToken, sha256 } from './tokens.ts';

/*
 * The people who run the event (staff and organizer scopes) and the exhibitor teams that share one
 * lead list (issue 14). Every change is recorded in the audit log in its own transaction, and the
 * changed users are re-read by every instance (the session cache holds user rows).
 */

type UserRow = typeof users.$inferSelect;

/** How long an invitation's "choose your password" link lasts: the reset mechanism, with a week instead of an hour. */
export const INVITE_LINK_DAYS = 7;
/** The hash of an account that has no password yet: verifyPassword never accepts it (not an scrypt hash). */
export const NO_PASSWORD = '!invited';

/** To a new account made by an invitation: the link sets its first password (POST /api/user/password/reset). */
export function invitationMail(to: string, role: TeamRole, url: string, language: Language): Mail {
  const t = translator(language, 'mail');
  return composeMail({
    to,
    language,
    subject: t('invitation.subject'),
    heading: t('invitation.heading'),
    paragraphs: [
      greeting('', language),
      t('invitation.intro', { role }),
      t('invitation.password', { days: INVITE_LINK_DAYS }),
      t('invitation.unexpected'),
    ],
    actions: [{ label: t('invitation.action'), url, text: t('invitation.action.text', { url }) }],
  });
}

/** To an existing account that got a role, in the account's language. */
export function roleGrantedMail(to: string, firstName: string, role: TeamRole, url: string, language: Language): Mail {
  const t = translator(language, 'mail');
  return composeMail({
    to,
    language,
    subject: t('roleGranted.subject'),
    heading: t('roleGranted.heading'),
    paragraphs: [greeting(firstName, language), t('roleGranted.intro', { role })],
    actions: [{ label: t('action.signIn'), url, text: t('action.signIn.text', { url }) }],
  });
}

export const nameOf = (row: { firstName: string; lastName: string }) => `${row.firstName} ${row.lastName}`.trim();
const rolesOf = (scopes: readonly string[]): TeamRole[] =>
  (['staff', 'organizer'] as const).filter((role) => scopes.includes(role));
const toMember = (row: UserRow): TeamMember => ({
  userId: row.id,
  email: row.email,
  name: nameOf(row),
  roles: rolesOf(row.scopes),
  active: row.passwordHash !== NO_PASSWORD,
});

/** Tells this instance (and the others) that users changed: scopes, permissions and teams are read from the row. */
export function changed(app: FastifyInstance, rows: readonly UserRow[]) {
  for (const row of rows) app.sessions.userChanged(row);
}

// --- Staff and organizers ---

export async function listTeam(db: Db): Promise<TeamMember[]> {
  const rows = await db
    .select()
    .from(users)
    .where(arrayOverlaps(users.scopes, ['staff', 'organizer']))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
  return rows.map(toMember);
}

/**
 * Gives an address a role: an account that exists gets the scope and a notice; an unknown address
 * gets an account without a usable password and a link to choose one (the password-reset link).
 */
export async function inviteToTeam(app: FastifyInstance, actorUserId: string, email: string, role: TeamRole) {
  const base = publicUrl(app.config);
  const outcome = await app.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, email)).for('update');
    if (existing) {
      const [row] = existing.scopes.includes(role)
        ? [existing]
        : await tx
            .update(users)
            .set({ scopes: sql`array_append(${users.scopes}, ${role})`, updatedAt: new Date() })
            .where(eq(users.id, existing.id))
            .returning();
      if (!row) throw new Error('user vanished');
      if (row !== existing) {
        await recordAudit(tx, { actorUserId, action: 'team.grant-role', subjectUserId: row.id, subject: role });
      }
      return { row, created: false, token: null, granted: row !== existing };
    }
    const [row] = await tx
      .insert(users)
      .values({ email, passwordHash: NO_PASSWORD, scopes: [role] })
      .onConflictDoNothing()
      .returning();
    // A sign-up of the same address in the same moment won: ask again.
    if (!row) throw new HttpProblem(409, 'This address was just registered; please try again.');
    const token = randomToken();
    await tx.insert(emailTokens).values({
      tokenHash: sha256(token),
      userId: row.id,
      purpose: 'reset',
      expiresAt: new Date(Date.now() + INVITE_LINK_DAYS * 86_400_000),
    });
    await recordAudit(tx, { actorUserId, action: 'team.invite', subjectUserId: row.id, subject: role, details: { email } });
    return { row, created: true, token, granted: true };
  });
  changed(app, [outcome.row]);
  // A new account has the default language until its holder picks one; an existing one has its own.
  const { language } = outcome.row;
  if (outcome.token)
    await app.mailer.send(invitationMail(email, role, `${base}/sign-in/changepassword/${outcome.token}`, language));
  else if (outcome.granted)
    await app.mailer.send(roleGrantedMail(email, outcome.row.firstName, role, `${base}/sign-in`, language));
  return { member: toMember(outcome.row), created: outcome.created };
}

/** Takes a role away; an organizer cannot take their own organizer role (someone must be left to run the console). */
export async function removeTeamRole(app: FastifyInstance, actorUserId: string, userId: string, role: TeamRole) {
  if (userId === actorUserId && role === 'organizer') {
    throw new HttpProblem(409, 'You cannot remove your own organizer role; ask another organizer.');
  }
  const row = await app.db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!existing) return null;
    if (!existing.scopes.includes(role)) return existing;
    const [updated] = await tx
      .update(users)
      .set({ scopes: sql`array_remove(${users.scopes}, ${role})`, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning();
    await recordAudit(tx, { actorUserId, action: 'team.remove-role', subjectUserId: userId, subject: role });
    return updated ?? null;
  });
  if (!row) return null;
  changed(app, [row]);
  return toMember(row);
}

// --- Exhibitor teams ---

export const isVendor = (row: UserRow) => row.tagIds.includes(VENDOR_TAG_ID);
const toLeadMember = (row: UserRow, ownerUserId: string | null): LeadTeamMember => ({
  userId: row.id,
  email: row.email,
  name: nameOf(row),
  company: row.company,
  isOwner: row.id === ownerUserId,
});

export async function leadTeamsWithMembers(db: Db, teamIds?: readonly string[]): Promise<LeadTeam[]> {
  const teams = await db
    .select()
    .from(leadTeams)
    .where(teamIds ? inArray(leadTeams.id, [...teamIds]) : undefined)
    .orderBy(asc(leadTeams.name), asc(leadTeams.id));
  if (teams.length === 0) return [];
  const members = await db
    .select()
    .from(users)
    .where(
      inArray(
        users.leadTeamId,
        teams.map((team) => team.id),
      ),
    )
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.email));
  return teams.map((team) => ({
    id: team.id,
    name: team.name,
    ownerUserId: team.ownerUserId,
    createdAt: team.createdAt.toISOString(),
    members: members.filter((member) => member.leadTeamId === team.id).map((member) => toLeadMember(member, team.ownerUserId)),
  }));
}

export async function leadTeamOf(db: Db, teamId: string): Promise<LeadTeam | null> {
  return (await leadTeamsWithMembers(db, [teamId]))[0] ?? null;
}

const NOT_A_VENDOR = 'Only exhibitors (vendor accounts) can join an exhibitor team.';
const IN_ANOTHER_TEAM = 'This person already belongs to another exhibitor team.';

/**
 * Puts a vendor in the team (locked row in hand) and makes them a lead scanner. A newcomer shares
 * the scans they make from now on; the earlier ones only when they choose to (issue 22).
 */
export async function joinLeadTeam(tx: Db, person: UserRow, teamId: string): Promise<UserRow> {
  if (!isVendor(person)) throw new HttpProblem(400, NOT_A_VENDOR, [{ path: 'email', message: NOT_A_VENDOR }]);
  if (person.leadTeamId && person.leadTeamId !== teamId) throw new HttpProblem(409, IN_ANOTHER_TEAM);
  const permissionPaths = person.permissionPaths.includes(LEAD_SCANNER_PATH)
    ? person.permissionPaths
    : [...person.permissionPaths, LEAD_SCANNER_PATH];
  const newcomer = person.leadTeamId !== teamId;
  const [row] = await tx
    .update(users)
    .set({
      leadTeamId: teamId,
      permissionPaths,
      ...(newcomer ? { leadTeamJoinedAt: new Date(), leadTeamSharesEarlier: false } : {}),
      updatedAt: new Date(),
    })
    .where(eq(users.id, person.id))
    .returning();
  if (!row) throw new Error('user vanished');
  return row;
}

async function lockedUserByEmail(tx: Db, email: string): Promise<UserRow> {
  const [row] = await tx.select().from(users).where(eq(users.email, email)).for('update');
  if (!row) {
    const message = 'There is no account with this e-mail address.';
    throw new HttpProblem(400, message, [{ path: 'email', message }]);
  }
  return row;
}

/** A team for a vendor company, owned by one of its vendors (who joins it and becomes a lead scanner). */
export async function createLeadTeam(app: FastifyInstance, actorUserId: string, name: string, ownerEmail: string) {
  const { team, owner } = await app.db.transaction(async (tx) => {
    const person = await lockedUserByEmail(tx, ownerEmail);
    if (!isVendor(person)) throw new HttpProblem(400, NOT_A_VENDOR, [{ path: 'ownerEmail', message: NOT_A_VENDOR }]);
    if (person.leadTeamId) throw new HttpProblem(409, IN_ANOTHER_TEAM);
    const [created] = await tx.insert(leadTeams).values({ name, ownerUserId: person.id }).returning();
    if (!created) throw new Error('team insert returned nothing');
    const owner = await joinLeadTeam(tx, person, created.id);
    await recordAudit(tx, {
      actorUserId,
      action: 'lead-team.create',
      subjectUserId: person.id,
      subject: name,
      details: { teamId: created.id },
    });
    return { team: created, owner };
  });
  changed(app, [owner]);
  return (await leadTeamOf(app.db, team.id)) as LeadTeam;
}

/**
 * Takes a member out of the team, or lets them leave (`lead-team.leave`): they stop seeing the team's
 * leads and it stops seeing theirs (their own scans stay theirs and they keep scanning). The owner
 * cannot be removed; give the team another owner first.
 */
export async function removeLeadTeamMember(
  app: FastifyInstance,
  actorUserId: string,
  teamId: string,
  userId: string,
  action: 'lead-team.remove-member' | 'lead-team.leave' = 'lead-team.remove-member',
) {
  const row = await app.db.transaction(async (tx) => {
    const [team] = await tx.select().from(leadTeams).where(eq(leadTeams.id, teamId)).for('update');
    if (!team) return null;
    if (team.ownerUserId === userId)
      throw new HttpProblem(409, 'The owner cannot leave the team; make another member the owner first.');
    const [updated] = await tx
      .update(users)
      .set({ leadTeamId: null, leadTeamJoinedAt: null, leadTeamSharesEarlier: false, updatedAt: new Date() })
      .where(and(eq(users.id, userId), eq(users.leadTeamId, teamId)))
      .returning();
    if (!updated) return null;
    await recordAudit(tx, {
      actorUserId,
      action,
      subjectUserId: userId,
      subject: team.name,
      details: { teamId },
    });
    return updated;
  });
  if (!row) return null;
  changed(app, [row]);
  return leadTeamOf(app.db, teamId);
}

/** Makes a member the owner. */
export async function setLeadTeamOwner(app: FastifyInstance, actorUserId: string, teamId: string, userId: string) {
  const done = await app.db.transaction(async (tx) => {
    const [team] = await tx.select().from(leadTeams).where(eq(leadTeams.id, teamId)).for('update');
    if (!team) return false;
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.leadTeamId, teamId)));
    if (!member) {
      const message = 'Only a member of the team can own it.';
      throw new HttpProblem(400, message, [{ path: 'userId', message }]);
    }
    if (team.ownerUserId === userId) return true;
    await tx.update(leadTeams).set({ ownerUserId: userId }).where(eq(leadTeams.id, teamId));
    await recordAudit(tx, {
      actorUserId,
      action: 'lead-team.set-owner',
      subjectUserId: userId,
      subject: team.name,
      details: { teamId },
    });
    return true;
  });
  return done ? leadTeamOf(app.db, teamId) : null;
}
