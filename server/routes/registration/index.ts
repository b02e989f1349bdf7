import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from './account.ts';
import { checkoutRoutes } from './checkout.ts';
import { restoreRoutes } from './restore.ts';

/** /api/registration: the account step, the checkout step and the state a confirmation link goes on from. */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(accountRoutes);
  await app.register(checkoutRoutes);
  await app.register(restoreRoutes);
};
