import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eligibilitySchema } from '#shared/contracts/registration.ts';
import { emailSchema } from '#shared/contracts/user.ts';
import { perAddress } from '../../plugins/rate-limits.ts';
import { checkEligibility } from '../../services/passes/eligibility.ts';

export const eligibilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/check-eligibility',
    {
      config: perAddress(app.config.ADDRESS_RATE_LIMIT_PER_MINUTE),
      schema: { tags: ['pass'], querystring: z.object({ email: emailSchema }), response: { 200: eligibilitySchema } },
    },
    async (request) => checkEligibility(db, request.query.email),
  );
};
