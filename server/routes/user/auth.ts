import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBodySchema,
  confirmBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  okSchema,
  signUpBodySchema,
  signUpResponseSchema,
} from '#shared/contracts/index.ts';
import { publicUrl } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { authTokens, emailTokens, users } from '../../db/schema/index.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import { perAddress, perEmail } from '../../plugins/rate-limits.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { type Language, requestLanguage } from '../../i18n/language.ts';
import { CONFIRM_LINK_HOURS, confirmationMail, freePassGoneMail, passwordResetMail } from '../../services/mail-templates.ts';
import {
  clearWrongPasswords,
  createUnknownAddressLock,
  lockedProblem,
  lockedSeconds,
  recordWrongPassword,
} from '../../services/account-lock.ts';
import { mailExistingHolder } from '../../services/existing-account.ts';
import { settleFreePass } from '../../services/pass-pool.ts';
import { hashPassword, verifyPassword } from '../../services/password.ts';
import { assertStrongPassword } from '../../services/password-strength.ts';
import { randomToken, sha256 } from '../../services/tokens.ts';
import { authOf } from '../../types.ts';

const SESSION_DAYS = 30;
const RESET_HOURS = 1;
const HOUR = 3600_000;

const WRONG_CREDENTIALS = 'The e-mail address or password is wrong.';
const INVALID_CONFIRM = 'This confirmation link is invalid or has expired.';
const INVALID_RESET = 'This link is invalid or has expired.';

// Verifying against a fixed hash keeps unknown e-mails as slow as wrong passwords (no enumeration by timing).
const dummyHash = hashPassword('not-a-real-password-Aa1!');

/**
 * Marks the address confirmed; the first time, a free pass held for the account becomes its pass
 * (or is taken from the pool now, or cancelled when none is left: finding 7). True when the free
 * pass was cancelled: the caller mails the holder after commit.
 */
async function confirmAddress(tx: Db, userId: string): Promise<boolean> {
  const confirmed = await tx
    .update(users)
    .set({ emailConfirmedAt: sql`now()` })
    .where(and(eq(users.id, userId), isNull(users.emailConfirmedAt)))
    .returning({ id: users.id });
  return confirmed.length > 0 && (await settleFreePass(tx, userId)) === 'cancelled';
}

async function issueEmailToken(db: Db, userId: string, purpose: 'confirm' | 'reset', hours: number) {
  const token = randomToken();
  await db
    .insert(emailTokens)
    .values({ tokenHash: sha256(token), userId, purpose, expiresAt: new Date(Date.now() + hours * HOUR) });
  return token;
}

/** Marks a single-use token used and returns its user, or null when unknown, used, expired or of another purpose. */
async function consumeEmailToken(db: Db, token: string, purpose: 'confirm' | 'reset'): Promise<string | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(emailTokens.tokenHash, sha256(token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, new Date()),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, mailer } = app;
  const base = publicUrl(config);
  const authLimit = perAddress(config.ADDRESS_RATE_LIMIT_PER_MINUTE);
  const loginsPerEmail = perEmail(app, 'login');
  const resetsPerEmail = perEmail(app, 'reset');
  // Sign-up mails the address either way (a confirmation or a note to its holder): limit it like resets.
  const signUpsPerEmail = perEmail(app, 'sign-up');
  const unknownAddresses = createUnknownAddressLock(db, config.ACCOUNT_LOCK_AFTER_FAILURES);

  /** After commit, never fatal: the free pass held for this account is gone (confirmAddress). */
  async function tellFreePassGone(request: FastifyRequest, userId: string) {
    try {
      const [user] = await db
        .select({ email: users.email, firstName: users.firstName, language: users.language })
        .from(users)
        .where(eq(users.id, userId));
      if (user) await mailer.send(freePassGoneMail(user.email, user.firstName, base, user.language));
    } catch (error) {
      request.log.error({ err: error, userId }, 'free pass cancellation mail failed');
    }
  }

  async function sendConfirmation(user: { id: string; email: string; firstName: string; language: Language }) {
    const token = await issueEmailToken(db, user.id, 'confirm', CONFIRM_LINK_HOURS);
    const url = `${base}/sign-up/confirm/${user.id}?token=${token}`;
    await mailer.send(confirmationMail(user.email, user.firstName, url, user.language));
  }

  /**
   * The same answer (202, "check your inbox") whether or not the address has an account, so the form
   * cannot be used to find out (finding 11): a new address gets its confirmation link, an existing
   * one a note to its holder (or a new link when it was never confirmed). Both hash the password.
   */
  app.post(
    '/sign-up',
    {
      config: authLimit,
      preHandler: signUpsPerEmail,
      schema: { tags: ['user'], body: signUpBodySchema, response: { 202: signUpResponseSchema } },
    },
    async (request, reply) => {
      const { email, password, firstName, lastName } = request.body;
      // The language chosen in the form, else the one the browser asks for (the account keeps it).
      const language = request.body.language ?? requestLanguage(request);
      await assertStrongPassword(password, [email, firstName, lastName]);
      const [created] = await db
        .insert(users)
        .values({ email, passwordHash: await hashPassword(password), firstName, lastName, language, languageChosen: true })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id, email: users.email, firstName: users.firstName, language: users.language });
      if (created) await sendConfirmation(created);
      else await mailExistingHolder(db, mailer, base, email);
      return reply.code(202).send({ ok: true as const });
    },
  );

  app.post(
    '/confirm',
    { config: authLimit, schema: { tags: ['user'], body: confirmBodySchema, response: { 200: okSchema } } },
    async (request) => {
      const { uuid, token } = request.body;
      const passGone = await db.transaction(async (tx) => {
        const userId = await consumeEmailToken(tx, token, 'confirm');
        // The uuid in the link must match the token's user: the uuid alone confirms nothing.
        if (!userId || userId !== uuid) throw new HttpProblem(400, INVALID_CONFIRM);
        return confirmAddress(tx, userId);
      });
      if (passGone) await tellFreePassGone(request, uuid);
      return { ok: true as const };
    },
  );

  app.post(
    '/login',
    {
      config: authLimit,
      preHandler: loginsPerEmail,
      schema: { tags: ['user'], body: loginBodySchema, response: { 200: loginResponseSchema } },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      if (!user) {
        // An address without an account locks like an account (finding 11): same answers, same timing.
        const locked = await unknownAddresses.lockedSeconds(email);
        if (locked > 0) throw lockedProblem(locked);
        await verifyPassword(password, await dummyHash);
        await unknownAddresses.recordWrongPassword(email);
        throw new HttpProblem(401, WRONG_CREDENTIALS);
      }
      const locked = lockedSeconds(user);
      if (locked > 0) throw lockedProblem(locked);
      if (!(await verifyPassword(password, user.passwordHash))) {
        await recordWrongPassword(db, user.id, config.ACCOUNT_LOCK_AFTER_FAILURES);
        throw new HttpProblem(401, WRONG_CREDENTIALS);
      }
      await clearWrongPasswords(db, user);
      if (!user.emailConfirmedAt) {
        await sendConfirmation(user);
        throw new HttpProblem(403, 'Please confirm your e-mail address first. We have sent you a new link.');
      }
      const token = randomToken();
      const expiresAt = new Date(Date.now() + SESSION_DAYS * 24 * HOUR);
      await db.insert(authTokens).values({ tokenHash: sha256(token), userId: user.id, expiresAt });
      reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        expires: expiresAt,
      });
      return { token, expiresAt: expiresAt.toISOString() };
    },
  );

  app.post(
    '/logout',
    { onRequest: app.authenticate, schema: { tags: ['user'], response: { 204: z.null() } } },
    async (request, reply) => {
      const { tokenHash } = authOf(request);
      await db.update(authTokens).set({ revokedAt: new Date() }).where(eq(authTokens.tokenHash, tokenHash));
      app.sessions.dropToken(tokenHash);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/password/forgot',
    {
      config: authLimit,
      preHandler: resetsPerEmail,
      schema: { tags: ['user'], body: forgotPasswordBodySchema, response: { 202: okSchema } },
    },
    async (request, reply) => {
      const [user] = await db.select().from(users).where(eq(users.email, request.body.email)).limit(1);
      // Same answer whether or not the account exists, so the form cannot be used to probe e-mails.
      if (user) {
        const token = await issueEmailToken(db, user.id, 'reset', RESET_HOURS);
        // The account's language: the request is anonymous and may come from anyone's browser.
        const url = `${base}/sign-in/changepassword/${token}`;
        await mailer.send(passwordResetMail(user.email, user.firstName, url, user.language));
      }
      return reply.code(202).send({ ok: true as const });
    },
  );

  app.post(
    '/password/reset',
    { config: authLimit, schema: { tags: ['user'], body: changePasswordBodySchema, response: { 200: okSchema } } },
    async (request) => {
      const { token, password } = request.body;
      const [pending] = await db
        .select({ userId: emailTokens.userId, email: users.email, firstName: users.firstName, lastName: users.lastName })
        .from(emailTokens)
        .innerJoin(users, eq(users.id, emailTokens.userId))
        .where(and(eq(emailTokens.tokenHash, sha256(token)), eq(emailTokens.purpose, 'reset')))
        .limit(1);
      // Check strength before consuming the token, so a weak choice does not burn the link.
      await assertStrongPassword(password, pending ? [pending.email, pending.firstName, pending.lastName] : []);
      if (!pending) throw new HttpProblem(400, INVALID_RESET);
      const passwordHash = await hashPassword(password);
      const { userId, passGone } = await db.transaction(async (tx) => {
        // The user's row first: two resets of one account (two links) run one after the other, so
        // the second finds its link spent by the first.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, pending.userId)).for('update');
        const owner = await consumeEmailToken(tx, token, 'reset');
        if (owner !== pending.userId) throw new HttpProblem(400, INVALID_RESET);
        // A reset ends every other open reset link of the account too (an older mail's link must
        // not set the password again later in its hour).
        await tx
          .update(emailTokens)
          .set({ usedAt: new Date() })
          .where(and(eq(emailTokens.userId, owner), eq(emailTokens.purpose, 'reset'), isNull(emailTokens.usedAt)));
        // The link proves control of the inbox: it also confirms the address and lifts a lock.
        await tx
          .update(users)
          .set({ passwordHash, failedLogins: 0, lockedUntil: null, updatedAt: new Date() })
          .where(eq(users.id, owner));
        const gone = await confirmAddress(tx, owner);
        await tx
          .update(authTokens)
          .set({ revokedAt: new Date() })
          .where(and(eq(authTokens.userId, owner), isNull(authTokens.revokedAt)));
        return { userId: owner, passGone: gone };
      });
      app.sessions.dropUser(userId);
      if (passGone) await tellFreePassGone(request, userId);
      return { ok: true as const };
    },
  );
};
