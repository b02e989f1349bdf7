import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../plugins/errors.ts';
import { recordAudit } from '../../services/audit/audit-log.ts';
import { type BadgeFilter, hasBadge, printedBadgePages } from '../../services/badges/badge-filter.ts';
import { badgePdf } from '../../services/badges/badge-pdf.ts';
import { actorOf } from './actor.ts';

/**
 * Print-ready badges (docs/behaviour.md §11): A6 (one a page) or a 2×4 label sheet on A4, each with the pass's
 * signed QR code, name, company and pass type; for one person, a pass type, or every approved pass.
 * The PDF is streamed: people are read a page at a time and their pages written to the reply as they
 * are made, so 10,000 badges never sit in memory at once.
 */
export const organizerBadgeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/badges.pdf',
    {
      schema: {
        tags: ['organizer'],
        description:
          'Badges of approved passes as a print-ready PDF (streamed): `layout` a6 (one badge a page) or sheet (2×4 labels on A4); for one `userId`, one `passType`, or everyone.',
        querystring: z.object({
          layout: z.enum(['a6', 'sheet']).default('a6'),
          userId: z.uuid().optional(),
          passType: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
        }),
      },
    },
    async (request, reply) => {
      const { layout, userId, passType } = request.query;
      const filter: BadgeFilter = { userId, passTypeId: passType };
      // One person without an approved pass has no badge: say so instead of printing a blank page.
      if (userId && !(await hasBadge(db, filter))) throw notFound('Approved pass');
      // Who printed whose badges (a reprint of one person's badge is worth knowing about).
      await recordAudit(db, {
        actorUserId: actorOf(request),
        action: 'badge.print',
        subjectUserId: userId ?? null,
        subject: userId ? 'one person' : passType ? `pass type ${passType}` : 'everyone',
        details: { layout, ...(passType ? { passTypeId: passType } : {}) },
      });
      const pdf = Readable.from(badgePdf(printedBadgePages(db, app.passSigner, filter), layout), { objectMode: false });
      const name = userId ? 'badge' : passType ? `badges-type-${passType}` : 'badges';
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${name}-${layout}.pdf"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );
};
