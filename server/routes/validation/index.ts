import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailProviderSchema, vatIdBodySchema, vatIdResultSchema } from '#shared/contracts/registration.ts';
import { isValidVatId } from '../../services/invoices/vat-id.ts';
import { isGrayListedDomain } from '../../services/passes/eligibility.ts';

/** RFC 1123 host name: dot-separated labels of letters, digits and inner hyphens, at most 253 characters. */
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/;

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .transform((d) => d.replace(/\.$/, ''))
  .pipe(z.string().regex(HOSTNAME, 'Expected a domain name such as example.com'));

/** Checks the registration form asks the server for (docs/behaviour.md §5, §7). */
export const validationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/email-provider',
    { schema: { tags: ['validation'], querystring: z.object({ domain: domainSchema }), response: { 200: emailProviderSchema } } },
    async (request) => ({ grayListed: await isGrayListedDomain(db, request.query.domain) }),
  );

  /** Format and check digits per EU country, offline; anything outside the EU is not valid. */
  app.post(
    '/vat-id',
    { schema: { tags: ['validation'], body: vatIdBodySchema, response: { 200: vatIdResultSchema } } },
    async (request) => ({ valid: isValidVatId(request.body.countryCode, request.body.vatNumber) }),
  );
};
