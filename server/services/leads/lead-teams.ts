import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { LeadTeam, LeadTeamMember } from '#shared/contracts/organizer-admin.ts';
import { LEAD_SCANNER_PATH, VENDOR_TAG_ID } from '#shared/messages.ts';
import type { Db } from '../../db/client.ts';
import { leadTeams, users } from '../../db/schema/index.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { recordAudit } from '../audit/audit-log.ts';
import { changed, nameOf } from '../staff/staff-team.ts';

/*
 * The exhibitor teams that share one lead list. Every change is recorded in the audit log
 * in its own transaction, and the changed users are re-read by every instance.
 */

type UserRow = typeof users.$inferSelect;

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
 * the scans they make from now on; the earlier ones only when they choose to.
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
