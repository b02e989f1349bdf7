import { arrayOverlaps, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { TeamMember, TeamRole } from '#shared/contracts/organizer-admin.ts';
import { publicUrl } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { emailTokens, users } from '../../db/schema/index.ts';
import type { Language } from '../../i18n/language.ts';
import { translator } from '../../i18n/translate.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { randomToken, sha256 } from '../accounts/tokens.ts';
import { recordAudit } from '../audit/audit-log.ts';
import type { Mail } from '../mail/mail.ts';
import { composeMail } from '../mail/mail-layout.ts';
import { greeting } from '../mail/mail-text.ts';

/*
 * The people who run the event (staff and organizer scopes). Every change is recorded in
 * the audit log in its own transaction, and the changed users are re-read by every instance (the
 * session cache holds user rows). The exhibitor teams are in leads/lead-teams.ts.
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
