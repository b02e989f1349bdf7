import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { freeClaimSchema } from '#shared/contracts/registration.ts';
import { MESSAGES } from '#shared/messages.ts';
import { perAddress } from '../../plugins/rate-limits.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { claimFreePass } from '../../services/pass-pool.ts';

export const freeClaimRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Holds one free Standard Pass (30 minutes) for the account creation; 409 when none is left. */
  app.post(
    '/free-claim',
    {
      config: perAddress(app.config.ADDRESS_RATE_LIMIT_PER_MINUTE),
      schema: { tags: ['pass'], response: { 201: freeClaimSchema } },
    },
    async (_request, reply) => {
      const claim = await claimFreePass(app.db);
      if (!claim) throw new HttpProblem(409, MESSAGES.freePassesGone);
      return reply.code(201).send({ claimToken: claim.token, expiresAt: claim.expiresAt.toISOString() });
    },
  );
};
