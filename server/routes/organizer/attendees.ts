import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type AttendeeAction,
  type AttendeeDetail,
  type AttendeePage,
  attendeeActionSchema,
  attendeeDetailSchema,
  attendeePageSchema,
  attendeeQuerySchema,
  userIdParamsSchema,
} from '#shared/contracts/organizer-people.ts';
import { publicUrl } from '../../config.ts';
import { passes, passTypes, users } from '../../db/schema/index.ts';
import { HttpProblem, notFound } from '../../plugins/errors.ts';
import { confirmationMail } from '../../services/accounts/account-mails.ts';
import { issueConfirmLink } from '../../services/accounts/confirm-links.ts';
import { recordAudit } from '../../services/audit/audit-log.ts';
import { attendeeDetail, searchAttendees } from '../../services/organizer/attendee-search.ts';
import { cancelPass, reissueBarcode } from '../../services/passes/pass-decisions.ts';
import { passApprovedMail, passCancelledMail } from '../../services/passes/pass-mails.ts';
import type { PaymentProvider } from '../../services/payments/provider.ts';
import { actorOf } from './actor.ts';

export interface OrganizerAttendeeOptions {
  /** The providers that may have taken a payment: a cancelled pass is refunded through the same one. */
  providers: readonly PaymentProvider[];
}

export const NOTHING_TO_RESEND =
  'There is nothing to resend: the e-mail address is confirmed and the pass is not approved (the approval mail goes out when it is).';

/**
 * The attendee search and one person's record (docs/behaviour.md §11), with the organizer's three actions on a
 * person: resend the mail they are waiting for, reissue a lost badge's barcode, cancel the pass.
 */
export const organizerAttendeeRoutes: FastifyPluginAsyncZod<OrganizerAttendeeOptions> = async (app, options) => {
  const { db, mailer } = app;
  const base = publicUrl(app.config);
  const tags = ['organizer'];
  const params = userIdParamsSchema;

  async function recordOf(userId: string): Promise<AttendeeDetail> {
    const detail = await attendeeDetail(db, userId);
    if (!detail) throw notFound('Person');
    return detail;
  }

  async function mustExist(userId: string) {
    const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!user) throw notFound('Person');
    return user;
  }

  app.get(
    '/attendees',
    {
      schema: {
        tags,
        description:
          'People by name, e-mail or company (case-insensitive contains), pass type id and pass status (none: no pass), a page at a time with the total count.',
        querystring: attendeeQuerySchema,
        response: { 200: attendeePageSchema },
      },
    },
    async (request): Promise<AttendeePage> => searchAttendees(db, request.query),
  );

  app.get(
    '/attendees/:userId',
    {
      schema: {
        tags,
        description:
          'One person: profile, pass (type, status, source, barcodes), orders, invoices and credit notes, bookings, check-ins and lead counts.',
        params,
        response: { 200: attendeeDetailSchema },
      },
    },
    async (request): Promise<AttendeeDetail> => recordOf(request.params.userId),
  );

  app.post(
    '/attendees/:userId/resend-confirmation',
    {
      schema: {
        tags,
        description:
          'Sends the sign-up confirmation mail again (new link) when the e-mail address is unconfirmed; when it is confirmed, the pass-approved mail if the pass is approved; 409 otherwise.',
        params,
        response: { 200: attendeeActionSchema },
      },
    },
    async (request): Promise<AttendeeAction> => {
      const { userId } = request.params;
      const user = await mustExist(userId);
      let message: string;
      if (!user.emailConfirmedAt) {
        const link = await db.transaction(async (tx) => {
          const url = await issueConfirmLink(tx, base, user.id);
          await recordAudit(tx, { actorUserId: actorOf(request), action: 'mail.resend-confirmation', subjectUserId: user.id });
          return url;
        });
        await mailer.send(confirmationMail(user.email, user.firstName, link, user.language));
        message = `The confirmation e-mail was sent again to ${user.email}.`;
      } else {
        const [pass] = await db
          .select({ status: passes.status, typeName: passTypes.name })
          .from(passes)
          .innerJoin(passTypes, eq(passTypes.id, passes.passTypeId))
          .where(eq(passes.userId, user.id));
        if (pass?.status !== 'approved') throw new HttpProblem(409, NOTHING_TO_RESEND);
        await recordAudit(db, {
          actorUserId: actorOf(request),
          action: 'mail.resend-approval',
          subjectUserId: user.id,
          subject: pass.typeName,
        });
        await mailer.send(passApprovedMail(user.email, user.firstName, pass.typeName, `${base}/sign-in`, user.language));
        message = `The pass-approved e-mail was sent again to ${user.email}.`;
      }
      return { message, attendee: await recordOf(userId) };
    },
  );

  app.post(
    '/attendees/:userId/reissue-barcode',
    {
      schema: {
        tags,
        description:
          "A lost badge: revokes the current barcode (reason 'lost'; it goes on the revocation list) and issues a new one. Approved passes only (409 otherwise).",
        params,
        response: { 200: attendeeActionSchema },
      },
    },
    async (request): Promise<AttendeeAction> => {
      const { userId } = request.params;
      await mustExist(userId);
      await db.transaction((tx) => reissueBarcode(tx, userId, actorOf(request)));
      return {
        message: 'The old barcode is revoked and a new one issued. The attendee sees it on the Pass page.',
        attendee: await recordOf(userId),
      };
    },
  );

  app.post(
    '/attendees/:userId/cancel-pass',
    {
      schema: {
        tags,
        description:
          'Cancels a pending or approved pass: barcodes revoked, a free pass back to its pool, a paid registration or upgrade refunded through the provider that took it with a credit note; mails the holder.',
        params,
        response: { 200: attendeeActionSchema },
      },
    },
    async (request): Promise<AttendeeAction> => {
      const { userId } = request.params;
      const user = await mustExist(userId);
      const done = await db.transaction((tx) => cancelPass(tx, options.providers, userId, actorOf(request)));
      const refunded = done.refunded.reduce((total, refund) => total + refund.amount, 0);
      try {
        await mailer.send(passCancelledMail(user.email, user.firstName, done.holder.passType, refunded, user.language));
      } catch (error) {
        request.log.error({ err: error, userId }, 'pass cancellation mail failed');
      }
      const parts = [`The ${done.holder.passType} is cancelled.`];
      if (done.returnedToPool) parts.push('The free pass went back to the pool.');
      if (refunded > 0) {
        const notes = done.refunded.flatMap((refund) => refund.creditNoteNumber ?? []);
        parts.push(`EUR ${(refunded / 100).toFixed(2)} refunded${notes.length > 0 ? ` (credit note ${notes.join(', ')})` : ''}.`);
      }
      return { message: parts.join(' '), attendee: await recordOf(userId) };
    },
  );
};
