import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { addressBodySchema, addressSchema, addressTypeSchema } from '#shared/contracts/index.ts';
import { addresses, countries } from '../../db/schema/index.ts';
import { HttpProblem, notFound } from '../../plugins/errors.ts';
import { authOf } from '../../types.ts';

type AddressRow = typeof addresses.$inferSelect;
const toDto = ({ userId: _userId, ...rest }: AddressRow) => rest;

/** One address per user and type; PATCH updates it, POST creates it (409 if one exists): the app reads first, then chooses. */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const auth = { onRequest: app.authenticate };

  async function assertCountry(countryId: number | null) {
    if (countryId === null) return;
    const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, countryId)).limit(1);
    if (!row) throw new HttpProblem(400, 'Unknown country.', [{ path: 'countryId', message: 'Unknown country.' }]);
  }

  app.get(
    '/',
    {
      ...auth,
      schema: {
        tags: ['address'],
        querystring: z.object({ type: addressTypeSchema }),
        response: { 200: z.nullable(addressSchema) },
      },
    },
    async (request) => {
      const [row] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.userId, authOf(request).userId), eq(addresses.type, request.query.type)))
        .limit(1);
      return row ? toDto(row) : null;
    },
  );

  app.post(
    '/',
    { ...auth, schema: { tags: ['address'], body: addressBodySchema, response: { 201: addressSchema } } },
    async (request, reply) => {
      await assertCountry(request.body.countryId);
      const [row] = await db
        .insert(addresses)
        .values({ ...request.body, userId: authOf(request).userId })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new HttpProblem(409, 'This address exists already; update it with PATCH.');
      return reply.code(201).send(toDto(row));
    },
  );

  app.patch(
    '/',
    { ...auth, schema: { tags: ['address'], body: addressBodySchema, response: { 200: addressSchema } } },
    async (request) => {
      await assertCountry(request.body.countryId);
      const [row] = await db
        .update(addresses)
        .set(request.body)
        .where(and(eq(addresses.userId, authOf(request).userId), eq(addresses.type, request.body.type)))
        .returning();
      if (!row) throw notFound('Address');
      return toDto(row);
    },
  );

  app.delete(
    '/:id',
    {
      ...auth,
      schema: {
        tags: ['address'],
        params: z.object({
          id: z.coerce
            .number()
            .int()
            .positive()
            .max(2 ** 31 - 1),
        }),
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const deleted = await db
        .delete(addresses)
        .where(and(eq(addresses.id, request.params.id), eq(addresses.userId, authOf(request).userId)))
        .returning({ id: addresses.id });
      // Another user's address answers 404 like a missing one: existence never leaks.
      if (deleted.length === 0) throw notFound('Address');
      return reply.code(204).send(null);
    },
  );
};
