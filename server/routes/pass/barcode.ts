import { createHash } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type PassBarcode,
  type PassKeys,
  type PassRevocations,
  passBarcodeSchema,
  passKeysSchema,
  passRevocationsSchema,
} from '#shared/contracts/pass-token.ts';
import { passBarcodes, passes, passTypes, users } from '../../db/schema/index.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { readEventDates } from '../../services/event/event-config.ts';
import { badgeColumns, currentBarcode, revocationList } from '../../services/passes/pass-barcodes.ts';
import { changesQuery, requestCursor } from '../../services/sync/change-cursor.ts';
import { authOf } from '../../types.ts';

/** Devices poll the list; a minute of staleness is the price of answering most polls from caches. */
const REVOCATIONS_CACHE = 'public, max-age=60';

/** True when If-None-Match names this entity tag (a list, `*`, weak or strong). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === etag;
  });
}

/** The signed pass payload (docs/architecture.md §6): public keys, revocation list and the user's token. */
export const passBarcodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const signer = app.passSigner;

  app.get(
    '/keys',
    { schema: { tags: ['pass'], response: { 200: passKeysSchema } } },
    async (): Promise<PassKeys> => ({ keys: await signer.publicKeys() }),
  );

  app.get(
    '/revocations',
    {
      schema: {
        tags: ['pass'],
        description:
          'Revoked barcode ids, a page at a time in the order they were revoked: send the cursor of the last page to get only new ones, until `complete`. Public and cacheable (ETag/304).',
        querystring: z.object(changesQuery),
        response: { 200: passRevocationsSchema, 304: z.undefined() },
      },
    },
    async (request, reply) => {
      const { limit } = request.query;
      const page = await revocationList(db, requestCursor(request.query.cursor), limit);
      const body: PassRevocations = { revoked: page.rows.map((row) => row.id), cursor: page.cursor, complete: page.complete };
      // The body depends only on the data, the cursor and the page size, so its hash is a stable entity tag.
      const etag = `"${createHash('sha256').update(JSON.stringify(body)).digest('base64url').slice(0, 27)}"`;
      reply.header('cache-control', REVOCATIONS_CACHE).header('etag', etag);
      if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return body;
    },
  );

  app.get(
    '/barcode',
    { onRequest: app.authenticate, schema: { tags: ['pass'], response: { 200: passBarcodeSchema } } },
    async (request): Promise<PassBarcode> => {
      // One statement: the pass type and its current barcode come from the same snapshot.
      const [row] = await db
        .select({ ...badgeColumns, barcodeId: passBarcodes.id })
        .from(passes)
        .innerJoin(passTypes, eq(passTypes.id, passes.passTypeId))
        .innerJoin(users, eq(users.id, passes.userId))
        .leftJoin(passBarcodes, and(eq(passBarcodes.passId, passes.id), isNull(passBarcodes.revokedAt)))
        .where(and(eq(passes.userId, authOf(request).userId), eq(passes.status, 'approved')))
        .limit(1);
      if (!row) throw new HttpProblem(404, 'You have no approved pass yet.');
      const barcodeId = row.barcodeId ?? (await currentBarcode(db, row.passId)).id;
      const token = await signer.signPass({ id: barcodeId, typeName: row.typeName }, row, await readEventDates(db));
      return { token };
    },
  );
};
