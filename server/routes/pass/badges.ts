import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type PassBadges, passBadgesSchema } from '#shared/contracts/pass-token.ts';
import { passes, passTypes, users } from '../../db/schema/index.ts';
import { signedInUserRow } from '../../plugins/access.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { recordAudit } from '../../services/audit/audit-log.ts';
import { readEventDates } from '../../services/event/event-config.ts';
import { badgeColumns, currentBarcodes } from '../../services/passes/pass-barcodes.ts';
import { authOf } from '../../types.ts';

export const ORGANIZER_SCOPE = 'organizer';
export const NOT_ORGANIZER = 'Only organizers can print badges.';
const PAGE_MAX = 500;

/**
 * Badge printing (organizers): the signed badges of approved passes, a page at a time, so the
 * registration desk can print badges ahead of the event. Passes without a barcode get one here,
 * the same one their holder's app then shows.
 */
export const passBadgeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const signer = app.passSigner;

  app.get(
    '/badges',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['pass'],
        description:
          "Signed badges of approved passes in pass id order (organizers), for printing; `next` is the following page's `after`.",
        querystring: z.object({
          after: z.uuid().optional(),
          limit: z.coerce.number().int().min(1).max(PAGE_MAX).default(100),
        }),
        response: { 200: passBadgesSchema },
      },
    },
    async (request): Promise<PassBadges> => {
      const user = await signedInUserRow(app, authOf(request).userId);
      if (!user.scopes.includes(ORGANIZER_SCOPE)) throw new HttpProblem(403, NOT_ORGANIZER);
      const { after, limit } = request.query;
      const approved = eq(passes.status, 'approved');
      const rows = await db
        .select(badgeColumns)
        .from(passes)
        .innerJoin(passTypes, eq(passTypes.id, passes.passTypeId))
        .innerJoin(users, eq(users.id, passes.userId))
        .where(after ? and(approved, gt(passes.id, after)) : approved)
        .orderBy(asc(passes.id))
        .limit(limit + 1);
      const page = rows.slice(0, limit);
      // Signed badges with names, up to 500 a call: a download of people's data, audited as badges.pdf is.
      await recordAudit(db, {
        actorUserId: user.id,
        action: 'badge.print',
        subject: `badges API, ${page.length} badge${page.length === 1 ? '' : 's'}`,
        details: { via: 'api', count: page.length, limit, ...(after ? { after } : {}) },
      });
      const [barcodes, event] = await Promise.all([
        currentBarcodes(
          db,
          page.map((row) => row.passId),
        ),
        readEventDates(db),
      ]);
      const badges = await Promise.all(
        page.map(async (row) => {
          const barcode = barcodes.get(row.passId);
          if (!barcode) throw new Error(`no barcode issued for pass ${row.passId}`);
          return {
            passId: row.passId,
            token: await signer.signPass({ id: barcode.id, typeName: row.typeName }, row, event),
            name: `${row.firstName} ${row.lastName}`.trim(),
            company: row.company,
            passType: row.typeName,
          };
        }),
      );
      return { badges, next: rows.length > limit ? (page.at(-1)?.passId ?? null) : null };
    },
  );
};
