import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountDeleteBodySchema } from '#shared/contracts/account.ts';
import { invoices, users } from '../../db/schema/index.ts';
import { SESSION_COOKIE } from '../../plugins/auth.ts';
import { HttpProblem, keyedProblem, notFound } from '../../plugins/errors.ts';
import { FixedWindowCounter } from '../../plugins/rate-limits.ts';
import { accountDeletedMail } from '../../services/accounts/account-deleted-mail.ts';
import { deleteAccount } from '../../services/accounts/account-deletion.ts';
import { clearWrongPasswords, lockedProblem, lockedSeconds, recordWrongPassword } from '../../services/accounts/account-lock.ts';
import { verifyPassword } from '../../services/accounts/password.ts';
import { recordAudit } from '../../services/audit/audit-log.ts';
import { forgetImage } from '../../services/images/image-serving.ts';
import { issuedFiles } from '../../services/invoices/invoice-files.ts';
import { authOf } from '../../types.ts';
import { dataExportFiles, exportFileName, zipOf } from './data-export.ts';

export const WRONG_DELETE_PASSWORD = 'Your password is not correct. Your account was not deleted.';

/** An export reads everything of the person and may make invoice PDFs: a few a minute per account is plenty. */
export const DATA_EXPORTS_PER_MINUTE = 5;
/** The body is one password: a few hundred bytes at most. */
const DELETE_BODY_LIMIT = 1_024;

/**
 * The person's own data (docs/behaviour.md §17, GDPR Art. 15, 17 and 20): GET /api/user/data-export
 * (a ZIP of everything kept about them) and DELETE /api/user/ (the account, confirmed with the password).
 */
export const accountDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config, mailer } = app;
  const exports = new FixedWindowCounter(DATA_EXPORTS_PER_MINUTE, 60_000);

  // A plain GET link works too: the auth plugin accepts the HttpOnly session cookie on safe methods.
  app.get(
    '/data-export',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user'],
        description:
          'A ZIP of everything kept about the signed-in person: account.json, orders.json, bookings.json, pass.json, survey.json, leads.json, favourites.json, their invoices and credit notes as issued (invoices/*.pdf, *.xml) and their profile picture. Audited; 5 a minute per account.',
      },
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      const wait = exports.hit(userId);
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        throw keyedProblem(429, 'limit.account', { seconds }, { 'retry-after': String(seconds) });
      }
      const now = new Date();
      const files = await dataExportFiles(db, config, userId, now);
      if (!files) throw notFound('User');
      await recordAudit(db, {
        actorUserId: userId,
        action: 'account.export',
        subjectUserId: userId,
        details: { files: files.length },
      });
      return reply
        .type('application/zip')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="${exportFileName(now)}"`)
        .send(zipOf(files, request.log));
    },
  );

  app.delete(
    '/',
    {
      onRequest: app.authenticate,
      bodyLimit: DELETE_BODY_LIMIT,
      schema: {
        tags: ['user'],
        description:
          'Deletes the signed-in account for good, confirmed with its password (403 when wrong). Invoices and credit notes stay with their buyer data; the rest is deleted or anonymised, every session ends and the pass is revoked. A confirmation goes to the old address.',
        body: accountDeleteBodySchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      // Straight from the database: the session cache may be seconds old and the lock must be exact.
      const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
      if (!user) throw notFound('User');
      // The same lock as sign-in and password change: a stolen session must not become a way to guess the password.
      const seconds = lockedSeconds(user);
      if (seconds > 0) throw lockedProblem(seconds, 'password');
      if (!(await verifyPassword(request.body.password, user.passwordHash))) {
        await recordWrongPassword(db, user.id, config.ACCOUNT_LOCK_AFTER_FAILURES);
        throw new HttpProblem(403, WRONG_DELETE_PASSWORD, [{ path: 'password', message: WRONG_DELETE_PASSWORD }]);
      }
      await clearWrongPasswords(db, user);

      // Every invoice archived as issued first: afterwards its files are served from the archive, unchanged.
      const own = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.userId, userId));
      for (const invoice of own) await issuedFiles(db, config, invoice.id, userId);

      const deletedAt = new Date();
      const outcome = await db.transaction((tx) => deleteAccount(tx, userId, deletedAt));
      // Every token of the person stops working on every instance at once.
      app.sessions.dropUser(userId);
      for (const imageId of outcome.imageIds) await forgetImage(imageId);

      try {
        await mailer.send(accountDeletedMail(user.email, user.firstName, deletedAt, user.language));
      } catch (error) {
        // The deletion is done; a mail failure must not report it as failed.
        request.log.error({ err: error }, 'account deletion notice not sent');
      }
      // The session cookie ends with the session.
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.code(204).send(null);
    },
  );
};
