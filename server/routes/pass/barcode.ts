import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type PassBarcode,
  type PassKeys,
  type PassRevocations,
  passBarcodeSchema,
  passKeysSchema,
  passRevocationsSchema,
} from '../../../src/shared/contracts/pass-token.ts';
import { passes, passTypes, users } from '../../db/schema/index.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { readEventDates } from '../../services/event-config.ts';
import { createPassSigner } from '../../services/pass-signing.ts';
import { authOf } from '../../types.ts';

/** The signed pass payload (ARCHITECTURE §6): public keys, revocation list and the user's token. */
export const passBarcodeRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const signer = createPassSigner(app.config);

  app.get(
    '/keys',
    { schema: { tags: ['pass'], response: { 200: passKeysSchema } } },
    async (): Promise<PassKeys> => ({ keys: await signer.publicKeys() }),
  );

  app.get(
    '/revocations',
    { schema: { tags: ['pass'], response: { 200: passRevocationsSchema } } },
    async (): Promise<PassRevocations> => {
      const rows = await db
        .select({ id: passes.id })
        .from(passes)
        .where(inArray(passes.status, ['cancelled', 'rejected']));
      return { revoked: rows.map((r) => r.id), updatedAt: new Date().toISOString() };
    },
  );

  app.get(
    '/barcode',
    { preHandler: app.authenticate, schema: { tags: ['pass'], response: { 200: passBarcodeSchema } } },
    async (request): Promise<PassBarcode> => {
      const [row] = await db
        .select({
          id: passes.id,
          typeName: passTypes.name,
          firstName: users.firstName,
          lastName: users.lastName,
          company: users.company,
        })
        .from(passes)
        .innerJoin(passTypes, eq(passTypes.id, passes.passTypeId))
        .innerJoin(users, eq(users.id, passes.userId))
        .where(and(eq(passes.userId, authOf(request).userId), eq(passes.status, 'approved')))
        .limit(1);
      if (!row) throw new HttpProblem(404, 'You have no approved pass yet.');
      const token = await signer.signPass(row, row, await readEventDates(db));
      return { token };
    },
  );
};
