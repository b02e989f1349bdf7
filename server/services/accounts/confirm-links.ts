import { and, desc, eq, gt, isNull, max } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailTokens } from '../../db/schema/index.ts';
import { CONFIRM_LINK_HOURS } from './account-mails.ts';
import { randomToken, sha256 } from './tokens.ts';

/**
 * What `users.password_hash` holds until the address is confirmed ("confirm first"): no
 * scrypt hash, so it never verifies. The password chosen at sign-up waits on the confirmation link
 * (`email_tokens.password_hash`) and becomes the account's only when a link is followed and that
 * password typed.
 */
export const UNCONFIRMED_PASSWORD = '!unconfirmed';

/**
 * The pending password of an unconfirmed account: the one on its newest confirmation link not yet
 * used or voided (expired ones count: signing in after two days still re-sends it), or null when
 * there is none (links from before pending passwords).
 */
export async function pendingPasswordOf(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ passwordHash: emailTokens.passwordHash })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'confirm'), isNull(emailTokens.usedAt)))
    .orderBy(desc(emailTokens.createdAt))
    .limit(1);
  return row?.passwordHash ?? null;
}

/** At most this many pending passwords are tried at a confirmation: each is a scrypt run. */
export const CONFIRM_CANDIDATES = 5;

/**
 * The passwords a confirmation may make the account's: the distinct ones pending on its open links
 * (unused, unexpired), newest first, at most CONFIRM_CANDIDATES; null stands for links from before
 * pending passwords. Every sign-up's link keeps its own: the holder of the inbox may not
 * have signed up last, and must still confirm with the password they chose.
 */
export async function openPendingPasswords(db: Db, userId: string): Promise<(string | null)[]> {
  const rows = await db
    .select({ passwordHash: emailTokens.passwordHash })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.userId, userId),
        eq(emailTokens.purpose, 'confirm'),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    // Re-sent links copy a pending password: each counts once.
    .groupBy(emailTokens.passwordHash)
    .orderBy(desc(max(emailTokens.createdAt)))
    .limit(CONFIRM_CANDIDATES);
  return rows.map((row) => row.passwordHash);
}

/** Ends every open confirmation link of the account: once the inbox is proven, no link sets a password any more. */
export async function voidConfirmLinks(db: Db, userId: string): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'confirm'), isNull(emailTokens.usedAt)));
}

/**
 * Stores a single-use 'confirm' token (hashed, like the sign-up flow) and answers the link for the
 * mail. It carries `passwordHash` as the pending password; without one (a re-sent link) the pending
 * password of the account's newest open link, so a new link never drops the password chosen.
 */
export async function issueConfirmLink(db: Db, baseUrl: string, userId: string, passwordHash?: string | null): Promise<string> {
  const token = randomToken();
  const pending = passwordHash === undefined ? await pendingPasswordOf(db, userId) : passwordHash;
  await db.insert(emailTokens).values({
    tokenHash: sha256(token),
    userId,
    purpose: 'confirm',
    // As long as confirmationMail says.
    expiresAt: new Date(Date.now() + CONFIRM_LINK_HOURS * 3600_000),
    passwordHash: pending,
  });
  return `${baseUrl}/sign-up/confirm/${userId}?token=${token}`;
}

/**
 * A sign-up or registration naming a confirmed account's address keeps the password it chose, on a
 * confirmation row whose token is never mailed (so it confirms nothing), for as long as a link would
 * live. Signing in with that password then answers as an unconfirmed account does ("confirm first"),
 * so a sign-up followed by a sign-in cannot tell a taken address from a new one.
 */
export async function keepAttemptedPassword(db: Db, userId: string, passwordHash: string): Promise<void> {
  await db.insert(emailTokens).values({
    tokenHash: sha256(randomToken()),
    userId,
    purpose: 'confirm',
    expiresAt: new Date(Date.now() + CONFIRM_LINK_HOURS * 3600_000),
    passwordHash,
  });
}
