import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type RegistrationRestore, registrationRestoreSchema } from '#shared/contracts/registration.ts';
import { addresses, passes, passTypes, users } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { passStatusOf } from '../../services/orders/order-completion.ts';
import { authOf } from '../../types.ts';

type AddressRow = typeof addresses.$inferSelect;
const toAddress = ({ userId: _userId, ...rest }: AddressRow) => rest;

/**
 * GET /api/registration/state: the registration as the server has it (pass, names, billing
 * address), for a confirmation link opened on a device that does not have the flow's local state
 * (the address is confirmed first, docs/behaviour.md §4). The hotel choice lives on the device only: it is asked again.
 */
export const restoreRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  app.get(
    '/state',
    {
      onRequest: app.authenticateRegistration,
      schema: { tags: ['registration'], response: { 200: registrationRestoreSchema } },
    },
    async (request): Promise<RegistrationRestore> => {
      const userId = authOf(request).userId;
      const [row] = await db
        .select({ user: users, pass: passes, type: passTypes })
        .from(users)
        .leftJoin(passes, eq(passes.userId, users.id))
        .leftJoin(passTypes, eq(passTypes.id, passes.passTypeId))
        .where(eq(users.id, userId))
        .limit(1);
      if (!row) throw notFound('User');
      const [address] = await db
        .select()
        .from(addresses)
        .where(and(eq(addresses.userId, userId), eq(addresses.type, 'billingAddress')))
        .limit(1);
      const { type, user } = row;
      return {
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        company: user.company,
        pass: type ? { id: type.id, name: type.name, kind: type.kind, price: type.priceCents, isFree: type.isFree } : null,
        passStatus: passStatusOf(row.pass?.status ?? 'pending'),
        address: address ? toAddress(address) : null,
      };
    },
  );
};
