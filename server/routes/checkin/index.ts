import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type CheckinEvents,
  type CheckinList,
  checkinEventsSchema,
  checkinListSchema,
  checkinOpsBodySchema,
} from '#shared/contracts/checkin.ts';
import { syncResponseSchema } from '#shared/contracts/sync.ts';
import { checkinLists, checkins, passes, passTypes, users } from '../../db/schema/index.ts';
import { staffOnly } from '../../plugins/access.ts';
import { notFound } from '../../plugins/errors.ts';
import { checkinListsWithCounts } from '../../services/checkin/checkin-lists.ts';
import {
  type ChangeKey,
  changeColumns,
  changedAfter,
  changeOrder,
  changePage,
  changesQuery,
  pageLimit,
  requestCursor,
} from '../../services/sync/change-cursor.ts';
import { applyClientOps } from '../../services/sync/client-ops.ts';
import { authOf } from '../../types.ts';
import { type AppliedCheckins, applyCheckinOps, CHECKIN_OP_KIND } from './apply.ts';

/** The events' place in the change order (the index checkins_list_change_idx serves it per list). */
const EVENT_ORDER: ChangeKey = { tx: checkins.changeTx, id: checkins.id };

/** Staff pass check (docs/behaviour.md §13): check-in lists with live counts, check-in uploads, events for duplicate flags. */
export const checkinRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const verifier = app.badgeVerifier;

  app.get(
    '/lists',
    {
      onRequest: [app.authenticate, staffOnly],
      schema: {
        tags: ['checkin'],
        description:
          'Check-in lists (staff): admitted pass types (empty = all), the validity window devices honour (null: no limit), passes checked in and duplicate events so far.',
        response: { 200: z.array(checkinListSchema) },
      },
    },
    async (_request): Promise<CheckinList[]> =>
      (await checkinListsWithCounts(db)).map(({ passTypeIds: _ids, events: _events, ...list }) => list),
  );

  app.get(
    '/lists/:id/events',
    {
      onRequest: [app.authenticate, staffOnly],
      schema: {
        tags: ['checkin'],
        description:
          'Check-ins of a list (staff) in the order the server stored them, a page at a time: send the cursor of the last page to get only what came since, until `complete`. Devices flag passes checked in elsewhere as duplicates.',
        params: z.object({
          id: z.coerce
            .number()
            .int()
            .positive()
            .max(2 ** 31 - 1),
        }),
        querystring: z.object(changesQuery),
        response: { 200: checkinEventsSchema },
      },
    },
    async (request): Promise<CheckinEvents> => {
      const { id } = request.params;
      const { limit } = request.query;
      const cursor = requestCursor(request.query.cursor);
      const [list] = await db.select({ id: checkinLists.id }).from(checkinLists).where(eq(checkinLists.id, id));
      if (!list) throw notFound('Check-in list');
      const rows = await db
        .select({
          id: checkins.id,
          listId: checkins.listId,
          barcodeId: checkins.barcodeId,
          passId: checkins.passId,
          firstName: users.firstName,
          lastName: users.lastName,
          company: users.company,
          passType: passTypes.name,
          deviceId: checkins.deviceId,
          scannedAt: checkins.scannedAt,
          receivedAt: checkins.receivedAt,
          duplicateOf: checkins.duplicateOf,
          ...changeColumns(EVENT_ORDER),
        })
        .from(checkins)
        .innerJoin(passes, eq(passes.id, checkins.passId))
        .innerJoin(passTypes, eq(passTypes.id, passes.passTypeId))
        .innerJoin(users, eq(users.id, passes.userId))
        .where(and(eq(checkins.listId, id), changedAfter(EVENT_ORDER, cursor)))
        .orderBy(...changeOrder(EVENT_ORDER))
        .limit(pageLimit(limit));
      const page = changePage(rows, cursor, limit);
      return {
        events: page.rows.map(({ firstName, lastName, scannedAt, receivedAt, ...row }) => ({
          ...row,
          holderName: `${firstName} ${lastName}`.trim(),
          scannedAt: scannedAt.toISOString(),
          receivedAt: receivedAt.toISOString(),
        })),
        cursor: page.cursor,
        complete: page.complete,
      };
    },
  );

  app.post(
    '/',
    {
      onRequest: [app.authenticate, staffOnly],
      schema: {
        tags: ['checkin'],
        description:
          'Uploads check-ins made on staff devices; each applied once by its nonce, one result per op in order. A pass already checked in on the list is kept as a duplicate and answered created with reason "duplicate: …".',
        body: checkinOpsBodySchema,
        response: { 200: syncResponseSchema },
      },
    },
    async (request) => {
      const { userId } = authOf(request);
      let applied: AppliedCheckins | undefined;
      const results = await applyClientOps(db, {
        userId,
        kind: CHECKIN_OP_KIND,
        ops: request.body.ops,
        apply: async (tx, ops) => {
          applied = await applyCheckinOps(tx, userId, ops, verifier);
          return applied.outcomes;
        },
      });
      // client_ops stores no reason for a `created` op, so only this first answer says "duplicate: …";
      // a retry answers `duplicate` and devices learn duplicates from the events route.
      const duplicates = applied?.duplicates;
      return {
        results: results.map((result) => {
          const reason = result.status === 'created' ? duplicates?.get(result.id) : undefined;
          return reason ? { ...result, reason } : result;
        }),
      };
    },
  );
};
