import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type ApprovalQueue,
  type ApprovalResponse,
  approvalBodySchema,
  approvalQuerySchema,
  approvalQueueSchema,
  approvalResponseSchema,
} from '#shared/contracts/organizer-people.ts';
import { publicUrl } from '../../config.ts';
import type { Mail } from '../../services/mail/mail.ts';
import { approvalQueue, DEFAULT_PAGE_SIZE } from '../../services/organizer/attendee-search.ts';
import { approvePendingPasses, mailApprovedHolders } from '../../services/passes/pass-approval.ts';
import { batchResults, rejectPendingPasses } from '../../services/passes/pass-decisions.ts';
import { passRejectedMail } from '../../services/passes/pass-mails.ts';
import { actorOf } from './actor.ts';

/**
 * The approval queue (docs/behaviour.md §11): pending passes with how they came about, and one decision for many
 * passes at once. Each pass is decided by one conditional update, so two organizers deciding the
 * same pass at once change (and mail) it once; the answer says per pass what happened.
 */
export const organizerApprovalRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, mailer } = app;
  const signInUrl = `${publicUrl(app.config)}/sign-in`;

  app.get(
    '/approvals',
    {
      schema: {
        tags: ['organizer'],
        description:
          'Pending passes, oldest first: holder (name, e-mail, company), pass type, created, and how they came (voucher with its code type, free pool, purchase).',
        querystring: approvalQuerySchema,
        response: { 200: approvalQueueSchema },
      },
    },
    async (request): Promise<ApprovalQueue> =>
      approvalQueue(db, request.query.page ?? 1, request.query.pageSize ?? DEFAULT_PAGE_SIZE),
  );

  app.post(
    '/approvals',
    {
      schema: {
        tags: ['organizer'],
        description:
          'Approves or rejects up to 1000 pending passes at once. Approval mails each holder once; rejection revokes the barcodes, gives a free pass back to its pool and mails the holder. Answers per pass: approved, rejected, already (had that decision) or not-pending.',
        body: approvalBodySchema,
        response: { 200: approvalResponseSchema },
      },
    },
    async (request): Promise<ApprovalResponse> => {
      const actor = actorOf(request);
      const passIds = [...new Set(request.body.passIds)];
      const now = new Date();
      let mails: Mail[] = [];
      let results: ApprovalResponse['results'];
      if (request.body.decision === 'approve') {
        const { holders, answer } = await db.transaction(async (tx) => {
          const approved = await approvePendingPasses(tx, passIds, actor, now);
          const changed = new Set(approved.map((holder) => holder.passId));
          return { holders: approved, answer: await batchResults(tx, passIds, changed, 'approved') };
        });
        results = answer;
        const failures = await mailApprovedHolders(mailer, holders, signInUrl);
        for (const { holder, error } of failures)
          request.log.error({ err: error, userId: holder.userId }, 'pass approval mail failed');
      } else {
        const { results: answer, rejected } = await db.transaction((tx) => rejectPendingPasses(tx, passIds, actor, now));
        results = answer;
        mails = rejected.map((holder) => passRejectedMail(holder.email, holder.firstName, holder.passType, holder.language));
        for (const mail of mails) {
          try {
            await mailer.send(mail);
          } catch (error) {
            request.log.error({ err: error }, 'pass rejection mail failed');
          }
        }
      }
      return { results };
    },
  );
};
