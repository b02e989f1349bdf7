import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  changePasswordBodySchema,
  confirmBodySchema,
  confirmResponseSchema,
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
import { type Language, requestLanguage } from '../../i18n/language.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { perAddress, perEmail } from '../../plugins/rate-limits.ts';
import { createSignInLocks, lockedProblem } from '../../services/accounts/account-lock.ts';
import { confirmationMail, freePassGoneMail, passwordResetMail } from '../../services/accounts/account-mails.ts';
import {
  issueConfirmLink,
  keepAttemptedPassword,
  openPendingPasswords,
  pendingPasswordOf,
  UNCONFIRMED_PASSWORD,
  voidConfirmLinks,
} from '../../services/accounts/confirm-links.ts';
import { findHolder, mailExistingHolder } from '../../services/accounts/existing-account.ts';
import { knownDeviceOf, rememberDevice } from '../../services/accounts/known-devices.ts';
import { hashPassword, verifyPassword } from '../../services/accounts/password.ts';
import { assertStrongPassword } from '../../services/accounts/password-strength.ts';
import { issueRegistrationSession } from '../../services/accounts/registration-token.ts';
import { voidResetLinks } from '../../services/accounts/reset-links.ts';
import { randomToken, sha256 } from '../../services/accounts/tokens.ts';
import { settleFreePass } from '../../services/passes/pass-pool.ts';
import { authOf } from '../../types.ts';

const SESSION_DAYS = 30;
const RESET_HOURS = 1;
const HOUR = 3600_000;

const WRONG_CREDENTIALS = 'The e-mail address or password is wrong.';
const INVALID_CONFIRM = 'This confirmation link is invalid or has expired.';
const INVALID_RESET = 'This link is invalid or has expired.';
const CONFIRM_FIRST = 'Please confirm your e-mail address first. We have sent you a new link.';
export const WRONG_CONFIRM_PASSWORD = 'This is not the password chosen for this sign-up.';

// Verifying against a fixed hash keeps unknown e-mails as slow as wrong passwords (no enumeration by timing).
const dummyHash = hashPassword('not-a-real-password-Aa1!');

/**
 * Marks the address confirmed; the first time, a free pass held for the account becomes its pass
 * (or is taken from the pool now, or cancelled when none is left; docs/behaviour.md §4). True when the free
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

async function issueEmailToken(db: Db, userId: string, purpose: 'reset', hours: number) {
  const token = randomToken();
  await db
    .insert(emailTokens)
    .values({ tokenHash: sha256(token), userId, purpose, expiresAt: new Date(Date.now() + hours * HOUR) });
  return token;
}

/** A single-use token of `purpose` that is neither used, voided nor expired. */
const openToken = (token: string, purpose: 'confirm' | 'reset') =>
  and(
    eq(emailTokens.tokenHash, sha256(token)),
    eq(emailTokens.purpose, purpose),
    isNull(emailTokens.usedAt),
    gt(emailTokens.expiresAt, new Date()),
  );

/** The user of an open confirmation link, or null. */
async function confirmLinkOwner(db: Db, token: string): Promise<string | null> {
  const [row] = await db.select({ userId: emailTokens.userId }).from(emailTokens).where(openToken(token, 'confirm'));
  return row?.userId ?? null;
}

/**
 * Of the passwords pending on the account's open links (a legacy link's is the account's own), the
 * hash of the one typed, or null when it is none of them.
 */
async function chosenPasswordHash(db: Db, user: { id: string; passwordHash: string }, password: string) {
  const candidates = new Set((await openPendingPasswords(db, user.id)).map((hash) => hash ?? user.passwordHash));
  for (const hash of candidates) if (await verifyPassword(password, hash)) return hash;
  return null;
}

/** Marks a single-use token used and returns its user, or null when unknown, used, expired or of another purpose. */
async function consumeEmailToken(db: Db, token: string, purpose: 'confirm' | 'reset'): Promise<string | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(openToken(token, purpose))
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, mailer } = app;
  const base = publicUrl(config);
  const authLimit = perAddress(config.ADDRESS_RATE_LIMIT_PER_MINUTE);
  const resetsPerEmail = perEmail(app, 'reset');
  // Sign-up mails the address either way (a confirmation or a note to its holder): limit it like resets.
  const signUpsPerEmail = perEmail(app, 'sign-up');
  const signInLocks = createSignInLocks(db, config.ACCOUNT_LOCK_AFTER_FAILURES);

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

  /**
   * Mails a new confirmation link. Without `passwordHash` (sign-in of an unconfirmed account) the
   * link carries the pending password of the newest one. A stranger may have named the address, so
   * it counts against the address's hourly budget; past it, nothing goes out.
   */
  async function sendConfirmation(
    user: { id: string; email: string; firstName: string; language: Language },
    passwordHash?: string,
  ) {
    const url = await issueConfirmLink(db, base, user.id, passwordHash);
    await app.strangerMail.send(confirmationMail(user.email, user.firstName, url, user.language), 'sign-up-confirmation');
  }

  /**
   * "The newest sign-up wins": an unconfirmed account takes the newest sign-up's names and
   * language. Its earlier links keep working, each with its own pending password (the
   * newest sign-up may be a stranger's, and the holder confirms with the password they chose). False
   * when the account was confirmed meanwhile.
   */
  async function renewSignUp(userId: string, update: { firstName: string; lastName: string; language: Language }) {
    return db.transaction(async (tx) => {
      const [user] = await tx
        .select({ confirmedAt: users.emailConfirmedAt })
        .from(users)
        .where(eq(users.id, userId))
        .for('update');
      if (!user || user.confirmedAt) return false;
      await tx
        .update(users)
        .set({ ...update, languageChosen: true, updatedAt: new Date() })
        .where(eq(users.id, userId));
      return true;
    });
  }

  /** The password an unconfirmed account signs in with: the one pending on its newest link (legacy rows: its own). */
  async function signInHash(user: { id: string; passwordHash: string }) {
    return (await pendingPasswordOf(db, user.id)) ?? user.passwordHash;
  }

  /**
   * The same answer (202, "check your inbox") whether or not the address has an account, so the form
   * cannot be used to find out: a new address gets its confirmation link with the
   * chosen password pending on it (no password works before the inbox is proven), an
   * unconfirmed one a new link with this password (earlier links keep theirs), a confirmed one a
   * note to its holder.
   * All hash the password; every mail counts against the address's budget.
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
      const passwordHash = await hashPassword(password);
      const [created] = await db
        .insert(users)
        .values({ email, passwordHash: UNCONFIRMED_PASSWORD, firstName, lastName, language, languageChosen: true })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id, email: users.email, firstName: users.firstName, language: users.language });
      const holder = created ? undefined : await findHolder(db, email);
      if (created) await sendConfirmation(created, passwordHash);
      else if (holder && !holder.emailConfirmedAt && (await renewSignUp(holder.id, { firstName, lastName, language }))) {
        await sendConfirmation({ ...holder, firstName, language }, passwordHash);
      } else if (holder) {
        await keepAttemptedPassword(db, holder.id, passwordHash);
        await mailExistingHolder(app.strangerMail, base, holder);
      }
      return reply.code(202).send({ ok: true as const });
    },
  );

  /**
   * The clicked link proves the inbox; the password typed must be one chosen at a sign-up of this
   * address whose link is still open (whoever signed up last, only a password the holder
   * of the inbox knows becomes the account's). A wrong one leaves the link usable and counts against
   * the sign-in locks, so the form cannot be used to guess.
   */
  app.post(
    '/confirm',
    { config: authLimit, schema: { tags: ['user'], body: confirmBodySchema, response: { 200: confirmResponseSchema } } },
    async (request) => {
      const { uuid, token, password } = request.body;
      // The uuid in the link must match the token's user: the uuid alone confirms nothing.
      const owner = await confirmLinkOwner(db, token);
      const [user] = owner === uuid ? await db.select().from(users).where(eq(users.id, uuid)) : [];
      if (!user) throw new HttpProblem(400, INVALID_CONFIRM);
      const attempt = { email: user.email, address: request.ip, knownDevice: null };
      const locked = await signInLocks.lockedSeconds(attempt);
      if (locked > 0) throw lockedProblem(locked);
      const passwordHash = await chosenPasswordHash(db, user, password);
      if (!passwordHash) {
        await signInLocks.recordWrongPassword(attempt);
        throw new HttpProblem(400, WRONG_CONFIRM_PASSWORD, [{ path: 'password', message: WRONG_CONFIRM_PASSWORD }]);
      }
      const { passGone, registration } = await db.transaction(async (tx) => {
        // Spent by a confirmation meanwhile (another tab): that one won.
        if (!(await consumeEmailToken(tx, token, 'confirm'))) throw new HttpProblem(400, INVALID_CONFIRM);
        await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, uuid));
        const gone = await confirmAddress(tx, uuid);
        // The inbox is proven: no other link may set a password, and no session from before lives on.
        await voidConfirmLinks(tx, uuid);
        await tx
          .update(authTokens)
          .set({ revokedAt: new Date() })
          .where(and(eq(authTokens.userId, uuid), isNull(authTokens.revokedAt)));
        // A registration goes on from the link: its session starts now, after the revocation.
        return { passGone: gone, registration: await issueRegistrationSession(tx, uuid) };
      });
      app.sessions.dropUser(uuid);
      // The inbox is proven and the password known: the sign-in locks on the address lift.
      await signInLocks.clearAll(user.email);
      if (passGone) await tellFreePassGone(request, uuid);
      return registration ? { ok: true as const, registration } : { ok: true as const };
    },
  );

  app.post(
    '/login',
    {
      // No per-e-mail request limit here: anyone could spend it and lock the owner out;
      // the sign-in locks bound guessing instead, and refuse before any password is hashed.
      config: authLimit,
      schema: { tags: ['user'], body: loginBodySchema, response: { 200: loginResponseSchema } },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
      // Locks by device, by (e-mail, address) and per e-mail; an address without an
      // account locks exactly like an account: same answers, same timing.
      const knownDevice = await knownDeviceOf(db, request, user?.id);
      const attempt = { email, address: request.ip, knownDevice };
      const locked = await signInLocks.lockedSeconds(attempt);
      if (locked > 0) throw lockedProblem(locked);
      if (!user) {
        await verifyPassword(password, await dummyHash);
        await signInLocks.recordWrongPassword(attempt);
        throw new HttpProblem(401, WRONG_CREDENTIALS);
      }
      if (!user.emailConfirmedAt) {
        const right = await verifyPassword(password, await signInHash(user));
        // As slow as a confirmed account checking a password tried at a sign-up (below): two runs.
        await verifyPassword(password, await dummyHash);
        if (!right) {
          await signInLocks.recordWrongPassword(attempt);
          throw new HttpProblem(401, WRONG_CREDENTIALS);
        }
        await sendConfirmation(user);
        throw new HttpProblem(403, CONFIRM_FIRST);
      }
      if (!(await verifyPassword(password, user.passwordHash))) {
        // A password tried at a sign-up of this taken address answers as an unconfirmed account's
        // would, so it tells nobody the address is taken; its holder gets the note about the account instead of a link.
        const tried = await pendingPasswordOf(db, user.id);
        if (tried && (await verifyPassword(password, tried))) {
          await mailExistingHolder(app.strangerMail, base, user);
          throw new HttpProblem(403, CONFIRM_FIRST);
        }
        await signInLocks.recordWrongPassword(attempt);
        throw new HttpProblem(401, WRONG_CREDENTIALS);
      }
      await signInLocks.clear(attempt);
      await rememberDevice(db, request, reply, user.id, knownDevice);
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
        // Only the newest link works: a new one voids every earlier one.
        await voidResetLinks(db, user.id);
        const token = await issueEmailToken(db, user.id, 'reset', RESET_HOURS);
        // The account's language: the request is anonymous and may come from anyone's browser.
        const url = `${base}/sign-in/changepassword/${token}`;
        await app.strangerMail.send(passwordResetMail(user.email, user.firstName, url, user.language), 'password-reset');
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
        // not set the password again later in its hour), and every confirmation link: the password
        // is chosen now, no sign-up's pending one may replace it later.
        await voidResetLinks(tx, owner);
        await voidConfirmLinks(tx, owner);
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
      // The link proved the inbox: the sign-in locks on the address lift too.
      await signInLocks.clearAll(pending.email);
      if (passGone) await tellFreePassGone(request, userId);
      return { ok: true as const };
    },
  );
};
