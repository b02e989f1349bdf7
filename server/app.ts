import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyServerOptions, type RouteOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { DIST_DIR } from './paths.ts';
import authPlugin from './plugins/auth.ts';
import { registerCompression } from './plugins/compression.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { registerRateLimits } from './plugins/rate-limits.ts';
import { registerReadiness } from './plugins/readiness.ts';
import { RequestLog } from './plugins/request-log.ts';
import { responseSerializerCompiler } from './plugins/response-serializer.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerStaticApp } from './plugins/static-app.ts';
import { registerTextGuard } from './plugins/text-guard.ts';
import { accommodationRoutes } from './routes/accommodation/index.ts';
import { addressRoutes } from './routes/address/index.ts';
import { backupRoutes } from './routes/admin/backup.ts';
import { agendaRoutes } from './routes/agenda/index.ts';
import { bookingRoutes } from './routes/booking/index.ts';
import { catalogRoutes } from './routes/catalog/index.ts';
import { checkinRoutes } from './routes/checkin/index.ts';
import { outboxRoutes } from './routes/dev/outbox.ts';
import { deviceRoutes } from './routes/devices/index.ts';
import { exhibitorRoutes } from './routes/exhibitors/index.ts';
import { imageRoutes } from './routes/image/index.ts';
import { invoiceRoutes } from './routes/invoice/index.ts';
import { leadRoutes } from './routes/lead/index.ts';
import { organizerRoutes } from './routes/organizer/index.ts';
import { passRoutes } from './routes/pass/index.ts';
import { paymentRoutes } from './routes/payment/index.ts';
import { sandboxCheckoutRoutes } from './routes/payment/sandbox.ts';
import { stripeReturnRoutes, stripeWebhookRoutes } from './routes/payment/stripe.ts';
import { registrationRoutes } from './routes/registration/index.ts';
import { surveyRoutes } from './routes/survey/index.ts';
import { trainTicketRoutes } from './routes/train-ticket/index.ts';
import { authRoutes } from './routes/user/auth.ts';
import { meRoutes } from './routes/user/me.ts';
import { validationRoutes } from './routes/validation/index.ts';
import { visaLetterRoutes } from './routes/visa-letter/index.ts';
import { SessionCache } from './services/accounts/session-cache.ts';
import { shareSessionChanges } from './services/accounts/session-events.ts';
import { createBadgeVerifier } from './services/badges/badge-verifier.ts';
import { keepImagesFor } from './services/images/image-serving.ts';
import type { Readiness } from './services/instance/readiness.ts';
import { createMailer, type Mailer } from './services/mail/mail.ts';
import { createStrangerMail } from './services/mail/mail-budget.ts';
import { createPassSigner } from './services/passes/pass-signing.ts';
import { createPaymentProviders } from './services/payments/providers.ts';
import './types.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Folder of the built app; omitted in API-only tests. */
  distDir?: string;
  /** main.ts passes one that starts 'starting' (it listens before migrating); omitted: ready at once. */
  readiness?: Readiness;
}

export const DEFAULT_DIST_DIR = DIST_DIR;

/**
 * How long this instance trusts a session or user row it read without reading it again. Changes
 * made on any instance reach every cache at once (session-events.ts; the cache is off while that
 * channel is down), so this only bounds what a change made outside the app (SQL by hand) takes to
 * count. Longer than a phone's pause between calls: with thousands of signed-in devices a 10 s
 * cache missed on most requests, and every miss cost a database round trip on the hottest path.
 */
const SESSION_CACHE_TTL_MS = 5 * 60_000;

const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

/** The whole product as one Fastify instance, shared by `npm start`, `npm run dev` and the tests. */
export async function buildApp(options: BuildOptions) {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? false,
    logController: new RequestLog(),
    // A hop count trusts that many proxies nearest to us; addresses trust exactly those.
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    bodyLimit: 256 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  // Every route as registered: the tests walk it (auth before validation on every protected route).
  const routeTable: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    routeTable.push(route);
  });
  app.decorate('routeTable', routeTable);

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandling(app);
  registerReadiness(app, { database, readiness: options.readiness });
  // Text the database cannot store (U+0000, lone surrogates): a 400 after validation, never a 500 (found by fuzzing).
  registerTextGuard(app);
  // Avatars and their variants are served from disk, not read through the database per request.
  keepImagesFor(config, database, app.log);

  const mailer =
    options.mailer ??
    createMailer({ mode: config.MAIL_MODE, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, db: database.db, log: app.log });
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('mailer', mailer);
  app.decorate('strangerMail', createStrangerMail(database.db, mailer, config.RECIPIENT_MAIL_LIMIT_PER_HOUR, app.log));
  const sessions = new SessionCache(SESSION_CACHE_TTL_MS);
  app.decorate('sessions', sessions);
  if (config.DATABASE_URL && database.kind === 'postgres') {
    // Several instances may share this database: logouts and password changes reach them all at once.
    const sharing = shareSessionChanges({ url: config.DATABASE_URL, db: database.db, sessions, log: app.log });
    app.addHook('onClose', () => sharing.close());
    await sharing.ready;
  }
  // One signer (its key file read once) and one verifier (keys imported once) for all routes.
  const passSigner = createPassSigner(config);
  app.decorate('passSigner', passSigner);
  app.decorate('badgeVerifier', createBadgeVerifier(passSigner));
  app.addHook('onClose', async () => mailer.close());

  await app.register(fastifyCookie);
  registerSecurityHeaders(app);
  await registerCompression(app);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'CloudFest 2026 API', version: '1.0.0', description: 'Registration and on-site companion API.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(authPlugin);
  await registerRateLimits(app);

  // One set of payment providers (PAYMENT_PROVIDER) for every route that takes or refunds money.
  const payments = await createPaymentProviders(config, database.db);

  await app.register(
    async (api) => {
      await api.register(backupRoutes, { prefix: '/admin', database });
      await api.register(catalogRoutes);
      await api.register(authRoutes, { prefix: '/user' });
      await api.register(meRoutes, { prefix: '/user' });
      await api.register(passRoutes, { prefix: '/pass' });
      await api.register(registrationRoutes, { prefix: '/registration' });
      await api.register(validationRoutes, { prefix: '/validation' });
      await api.register(addressRoutes, { prefix: '/address' });
      await api.register(surveyRoutes, { prefix: '/survey' });
      await api.register(bookingRoutes, { prefix: '/booking', providers: payments.all });
      await api.register(accommodationRoutes, { prefix: '/accommodation' });
      await api.register(paymentRoutes, { prefix: '/payment', provider: payments.active });
      if (payments.stripe) await api.register(stripeWebhookRoutes, { prefix: '/payment/stripe', provider: payments.stripe });
      await api.register(invoiceRoutes, { prefix: '/invoice' });
      await api.register(trainTicketRoutes, { prefix: '/train-ticket' });
      await api.register(imageRoutes, { prefix: '/image' });
      await api.register(visaLetterRoutes, { prefix: '/visa-letter' });
      await api.register(agendaRoutes, { prefix: '/agenda' });
      await api.register(exhibitorRoutes, { prefix: '/exhibitors' });
      await api.register(leadRoutes, { prefix: '/lead' });
      await api.register(checkinRoutes, { prefix: '/checkin' });
      await api.register(deviceRoutes, { prefix: '/devices' });
      await api.register(organizerRoutes, { prefix: '/organizer', providers: payments.all });
      // Never in production: anyone could read every password-reset link there.
      if (mailer.mode === 'outbox' && config.NODE_ENV !== 'production') await api.register(outboxRoutes, { prefix: '/dev' });
    },
    { prefix: '/api' },
  );

  // The sandbox payment provider's hosted checkout page (a page, not API): only while the sandbox
  // is the provider, so under Stripe nobody can press its "Pay" button.
  if (config.PAYMENT_PROVIDER === 'sandbox') await app.register(sandboxCheckoutRoutes, { prefix: '/payment/sandbox' });
  // Where Stripe's "back" link returns to.
  if (payments.stripe) await app.register(stripeReturnRoutes, { prefix: '/payment/stripe', provider: payments.stripe });

  await registerStaticApp(app, options.distDir ?? DEFAULT_DIST_DIR);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
