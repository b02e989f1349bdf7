import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eligibilitySchema } from '#shared/contracts/registration.ts';
import { emailSchema } from '#shared/contracts/user.ts';
import { checkEligibility } from '../../services/eligibility.ts';

/** Per IP: the lists must not be read out by trying addresses in bulk. */
export const ELIGIBILITY_CHECKS_PER_MINUTE = 30;

export const eligibilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/check-eligibility',
    {
      config: { rateLimit: { max: ELIGIBILITY_CHECKS_PER_MINUTE, timeWindow: '1 minute' } },
      schema: { tags: ['pass'], querystring: z.object({ email: emailSchema }), response: { 200: eligibilitySchema } },
    },
    async (request) => checkEligibility(db, request.query.email),
  );
};
