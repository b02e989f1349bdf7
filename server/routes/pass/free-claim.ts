import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { freeClaimSchema } from '#shared/contracts/registration.ts';
import { MESSAGES } from '#shared/messages.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { perAddress } from '../../plugins/rate-limits.ts';
import { claimantOf, claimFreePass, TOO_MANY_HOLDS } from '../../services/passes/pass-pool.ts';

export const freeClaimRoutes: FastifyPluginAsyncZod = async (app) => {
  /**
   * Holds one free Standard Pass (10 minutes) for the account creation; 409 when none is left, 429
   * when the client's address (an IPv6 /64) already has its maximum of open holds.
   */
  app.post(
    '/free-claim',
    {
      config: perAddress(app.config.ADDRESS_RATE_LIMIT_PER_MINUTE),
      schema: { tags: ['pass'], response: { 201: freeClaimSchema } },
    },
    async (request, reply) => {
      const claim = await claimFreePass(app.db, undefined, undefined, claimantOf(request.ip));
      if (claim === 'sold-out') throw new HttpProblem(409, MESSAGES.freePassesGone);
      if (claim === 'claimant-limit') throw new HttpProblem(429, TOO_MANY_HOLDS, undefined, { 'retry-after': '60' });
      return reply.code(201).send({ claimToken: claim.token, expiresAt: claim.expiresAt.toISOString() });
    },
  );
};
