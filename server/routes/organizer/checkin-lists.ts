import { asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type CheckinDuplicate,
  type CheckinPassType,
  checkinDuplicateSchema,
  checkinListCreateSchema,
  checkinListPatchSchema,
  checkinPassTypeSchema,
  checkinWindowError,
  type OrganizerCheckinList,
  organizerCheckinListSchema,
} from '#shared/contracts/organizer-event.ts';
import type { Db } from '../../db/client.ts';
import { checkinLists, checkins, passes, passTypes, users } from '../../db/schema/index.ts';
import { fieldProblem, HttpProblem, notFound } from '../../plugins/errors.ts';
import { recordAudit } from '../../services/audit/audit-log.ts';
import { checkinListsWithCounts } from '../../services/checkin/checkin-lists.ts';
import { checkinsExport, exportFileName, fileSlug, sendCsv } from '../../services/organizer/csv-exports.ts';
import { actorOf, recordExport } from './actor.ts';

export const LIST_NAME_TAKEN = 'A check-in list with this name exists already.';
export const UNKNOWN_PASS_TYPE = 'This pass type does not exist.';

const listParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1),
});

/** 23505, as node-postgres and PGlite report it (drizzle wraps the driver's error in `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Pass type ids once each, every one existing (else a 400 naming the first unknown one). */
async function checkedPassTypeIds(db: Db, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return unique;
  const found = new Set(
    (await db.select({ id: passTypes.id }).from(passTypes).where(inArray(passTypes.id, unique))).map((row) => row.id),
  );
  const index = ids.findIndex((id) => !found.has(id));
  if (index >= 0) throw new HttpProblem(400, UNKNOWN_PASS_TYPE, [{ path: `passTypeIds.${index}`, message: UNKNOWN_PASS_TYPE }]);
  return unique;
}

function checkWindow(validFrom: string | null, validUntil: string | null) {
  const key = checkinWindowError(validFrom, validUntil);
  if (key) throw fieldProblem('validUntil', { validation: { key } });
}

const nameTaken = () => new HttpProblem(409, LIST_NAME_TAKEN, [{ path: 'name', message: LIST_NAME_TAKEN }]);
const toDate = (iso: string | null) => (iso === null ? null : new Date(iso));

/** Organizers manage where staff check passes: lists, validity windows, duplicates, exports. */
export const checkinListRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/checkin-lists',
    {
      schema: {
        tags: ['organizer'],
        description:
          'Check-in lists (organizers): admitted pass types (empty = all), validity window, passes checked in, duplicate check-ins and all events so far.',
        response: { 200: z.array(organizerCheckinListSchema) },
      },
    },
    async (): Promise<OrganizerCheckinList[]> => checkinListsWithCounts(db),
  );

  app.get(
    '/checkin-lists/pass-types',
    {
      schema: {
        tags: ['organizer'],
        description:
          'The pass types a check-in list can admit (organizers): every type a pass can have, inactive ones included; upgrades are left out (a pass becomes the type an upgrade yields).',
        response: { 200: z.array(checkinPassTypeSchema) },
      },
    },
    async (): Promise<CheckinPassType[]> =>
      db
        .select({ id: passTypes.id, name: passTypes.name, active: passTypes.active })
        .from(passTypes)
        .where(ne(passTypes.kind, 'paid-upgrade'))
        .orderBy(asc(passTypes.position), asc(passTypes.id)),
  );

  app.post(
    '/checkin-lists',
    {
      schema: {
        tags: ['organizer'],
        description:
          'Creates a check-in list (organizers): a unique name, a description, the pass types it admits (none = every pass) and an optional validity window staff devices honour.',
        body: checkinListCreateSchema,
        response: { 201: organizerCheckinListSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      checkWindow(body.validFrom, body.validUntil);
      const passTypeIds = await checkedPassTypeIds(db, body.passTypeIds);
      let id: number;
      try {
        id = await db.transaction(async (tx) => {
          const [existing] = await tx.select({ id: checkinLists.id }).from(checkinLists).where(eq(checkinLists.name, body.name));
          if (existing) throw nameTaken();
          const [created] = await tx
            .insert(checkinLists)
            .values({
              name: body.name,
              description: body.description,
              passTypeIds,
              validFrom: toDate(body.validFrom),
              validUntil: toDate(body.validUntil),
            })
            .returning({ id: checkinLists.id });
          if (!created) throw new Error('The check-in list was not created.');
          await recordAudit(tx, {
            actorUserId: actorOf(request),
            action: 'checkin-list.create',
            subject: body.name,
            details: { listId: created.id, passTypeIds, validFrom: body.validFrom, validUntil: body.validUntil },
          });
          return created.id;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
      const [list] = await checkinListsWithCounts(db, id);
      if (!list) throw notFound('Check-in list');
      return reply.code(201).send(list);
    },
  );

  app.patch(
    '/checkin-lists/:id',
    {
      schema: {
        tags: ['organizer'],
        description:
          'Changes a check-in list (organizers): any of name, description, admitted pass types and validity window (null removes a limit). Staff devices get the change with their next list download.',
        params: listParams,
        body: checkinListPatchSchema,
        response: { 200: organizerCheckinListSchema },
      },
    },
    async (request): Promise<OrganizerCheckinList> => {
      const { id } = request.params;
      const patch = request.body;
      const passTypeIds = patch.passTypeIds === undefined ? undefined : await checkedPassTypeIds(db, patch.passTypeIds);
      try {
        await db.transaction(async (tx) => {
          const [current] = await tx.select().from(checkinLists).where(eq(checkinLists.id, id)).for('update');
          if (!current) throw notFound('Check-in list');
          const validFrom = patch.validFrom === undefined ? (current.validFrom?.toISOString() ?? null) : patch.validFrom;
          const validUntil = patch.validUntil === undefined ? (current.validUntil?.toISOString() ?? null) : patch.validUntil;
          checkWindow(validFrom, validUntil);
          if (patch.name !== undefined && patch.name !== current.name) {
            const [clash] = await tx.select({ id: checkinLists.id }).from(checkinLists).where(eq(checkinLists.name, patch.name));
            if (clash) throw nameTaken();
          }
          const changes = {
            ...(patch.name === undefined ? {} : { name: patch.name }),
            ...(patch.description === undefined ? {} : { description: patch.description }),
            ...(passTypeIds === undefined ? {} : { passTypeIds }),
            ...(patch.validFrom === undefined ? {} : { validFrom: toDate(patch.validFrom) }),
            ...(patch.validUntil === undefined ? {} : { validUntil: toDate(patch.validUntil) }),
          };
          if (Object.keys(changes).length === 0) return;
          await tx.update(checkinLists).set(changes).where(eq(checkinLists.id, id));
          await recordAudit(tx, {
            actorUserId: actorOf(request),
            action: 'checkin-list.update',
            subject: patch.name ?? current.name,
            details: {
              listId: id,
              ...(patch.name !== undefined && patch.name !== current.name ? { previousName: current.name } : {}),
              changes: { ...patch, ...(passTypeIds === undefined ? {} : { passTypeIds }) },
            },
          });
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw nameTaken();
        throw error;
      }
      const [list] = await checkinListsWithCounts(db, id);
      if (!list) throw notFound('Check-in list');
      return list;
    },
  );

  app.get(
    '/checkin-lists/:id/duplicates',
    {
      schema: {
        tags: ['organizer'],
        description:
          'Duplicate check-ins of a list (organizers): each later check-in of a pass already checked in (e.g. on two offline devices) with the first one, both with device, staff and times; newest first.',
        params: listParams,
        response: { 200: z.array(checkinDuplicateSchema) },
      },
    },
    async (request): Promise<CheckinDuplicate[]> => {
      const { id } = request.params;
      const [list] = await db.select({ id: checkinLists.id }).from(checkinLists).where(eq(checkinLists.id, id));
      if (!list) throw notFound('Check-in list');
      const first = alias(checkins, 'first_checkin');
      const staff = alias(users, 'staff');
      const firstStaff = alias(users, 'first_staff');
      const rows = await db
        .select({
          passId: checkins.passId,
          firstName: users.firstName,
          lastName: users.lastName,
          company: users.company,
          passType: passTypes.name,
          duplicate: {
            id: checkins.id,
            deviceId: checkins.deviceId,
            staffName: sql<string>`trim(${staff.firstName} || ' ' || ${staff.lastName})`,
            scannedAt: checkins.scannedAt,
            receivedAt: checkins.receivedAt,
          },
          first: {
            id: first.id,
            deviceId: first.deviceId,
            staffName: sql<string>`trim(${firstStaff.firstName} || ' ' || ${firstStaff.lastName})`,
            scannedAt: first.scannedAt,
            receivedAt: first.receivedAt,
          },
        })
        .from(checkins)
        .innerJoin(first, eq(first.id, checkins.duplicateOf))
        .innerJoin(passes, eq(passes.id, checkins.passId))
        .innerJoin(passTypes, eq(passTypes.id, passes.passTypeId))
        .innerJoin(users, eq(users.id, passes.userId))
        .innerJoin(staff, eq(staff.id, checkins.staffUserId))
        .innerJoin(firstStaff, eq(firstStaff.id, first.staffUserId))
        .where(eq(checkins.listId, id))
        .orderBy(sql`${checkins.scannedAt} desc`, asc(checkins.id))
        .limit(1000);
      const event = (e: (typeof rows)[number]['first']) => ({
        ...e,
        scannedAt: e.scannedAt.toISOString(),
        receivedAt: e.receivedAt.toISOString(),
      });
      return rows.map((row) => ({
        passId: row.passId,
        holderName: `${row.firstName} ${row.lastName}`.trim(),
        company: row.company,
        passType: row.passType,
        first: event(row.first),
        duplicate: event(row.duplicate),
      }));
    },
  );

  app.get(
    '/checkin-lists/:id/checkins.csv',
    {
      schema: {
        tags: ['organizer'],
        description:
          'Every check-in of one list as CSV (organizers), in scan order, duplicates marked, with device and staff. UTF-8 with a byte order mark, RFC 4180, formula starts defused.',
        params: listParams,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const [list] = await db.select({ name: checkinLists.name }).from(checkinLists).where(eq(checkinLists.id, id));
      if (!list) throw notFound('Check-in list');
      const file = exportFileName(`checkins-${fileSlug(list.name)}`);
      await recordExport(db, request, 'checkins', file, { listId: id, list: list.name });
      return sendCsv(reply, file, checkinsExport(db, id));
    },
  );
};
