import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountRoutes } from './account.ts';
import { checkoutRoutes } from './checkout.ts';

/** /api/registration: the account step (here) and the checkout step. */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(accountRoutes);
  await app.register(checkoutRoutes);
};
