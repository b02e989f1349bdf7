import { and, eq, isNull, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passwordUpdateBodySchema } from '#shared/contracts/account.ts';
import { publicUrl } from '../../config.ts';
import { authTokens, users } from '../../db/schema/index.ts';
import { HttpProblem, notFound } from '../../plugins/errors.ts';
import { clearWrongPasswords, lockedProblem, lockedSeconds, recordWrongPassword } from '../../services/accounts/account-lock.ts';
import { hashPassword, verifyPassword } from '../../services/accounts/password.ts';
import { passwordChangedMail } from '../../services/accounts/password-mail.ts';
import { assertStrongPassword } from '../../services/accounts/password-strength.ts';
import { voidResetLinks } from '../../services/accounts/reset-links.ts';
import { authOf } from '../../types.ts';

export const WRONG_CURRENT_PASSWORD = 'Your current password is not correct.';
export const SAME_PASSWORD = 'Your new password must be different from your current one.';

/** POST /api/user/password: the signed-in password change (profile page). */
export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, mailer } = app;
  const resetUrl = `${publicUrl(config)}/sign-in/forgotpassword`;

  app.post(
    '/password',
    {
      onRequest: app.authenticate,
      schema: { tags: ['user'], body: passwordUpdateBodySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const { userId, tokenHash } = authOf(request);
      const { currentPassword, newPassword } = request.body;
      // Straight from the database: the session cache may be seconds old and the lock must be exact.
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw notFound('User');

      // The same lock as sign-in: a stolen session must not become a way to guess the password.
      const seconds = lockedSeconds(user);
      if (seconds > 0) throw lockedProblem(seconds, 'password');
      if (!(await verifyPassword(currentPassword, user.passwordHash))) {
        await recordWrongPassword(db, user.id, config.ACCOUNT_LOCK_AFTER_FAILURES);
        throw new HttpProblem(400, WRONG_CURRENT_PASSWORD, [{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD }]);
      }
      await clearWrongPasswords(db, user);

      if (newPassword.normalize('NFKC') === currentPassword.normalize('NFKC')) {
        throw new HttpProblem(400, SAME_PASSWORD, [{ path: 'newPassword', message: SAME_PASSWORD }]);
      }
      try {
        await assertStrongPassword(newPassword, [user.email, user.firstName, user.lastName]);
      } catch (error) {
        // Same rule and message as sign-up, reported on this form's field.
        if (error instanceof HttpProblem) {
          const errors = error.errors?.map((field) => ({ ...field, path: 'newPassword' }));
          throw new HttpProblem(error.status, error.detail, errors, undefined, error.text);
        }
        throw error;
      }

      const passwordHash = await hashPassword(newPassword);
      const changedAt = new Date();
      const [updated] = await db.transaction(async (tx) => {
        // Every other session (other devices, a registration token) ends; the one in use stays.
        await tx
          .update(authTokens)
          .set({ revokedAt: changedAt })
          .where(and(eq(authTokens.userId, userId), isNull(authTokens.revokedAt), ne(authTokens.tokenHash, tokenHash)));
        // A reset link mailed before the change must not undo it.
        await voidResetLinks(tx, userId);
        return tx.update(users).set({ passwordHash, updatedAt: changedAt }).where(eq(users.id, userId)).returning();
      });
      // Forget the user's cached tokens so the revoked ones stop working on this instance at once.
      app.sessions.dropUser(userId);
      if (updated) app.sessions.setUser(updated);

      try {
        await mailer.send(passwordChangedMail(user.email, user.firstName, changedAt, resetUrl, user.language));
      } catch (error) {
        // The change is done; a mail failure must not report it as failed.
        request.log.error({ err: error }, 'password change notice not sent');
      }
      return reply.code(204).send(null);
    },
  );
};
