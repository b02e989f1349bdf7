import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client.ts';
import { type Phase, Readiness } from '../services/instance/readiness.ts';
import { sendProblem } from './errors.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Starting, ready or stopping (server/services/instance/readiness.ts); main.ts moves it along. */
    readiness: Readiness;
  }
}

export const STARTING_UP = 'Starting up, try again in a moment.';
export const SHUTTING_DOWN = 'Shutting down, try again in a moment.';
/** Seconds a client or load balancer should wait before asking again. */
const RETRY_AFTER = '5';
/** Longer than a backup snapshot holds PGlite (a second or two), far shorter than a load balancer's patience. */
const DATABASE_CHECK_MS = 5_000;

const NOT_READY: Record<Exclude<Phase, 'ready'>, string> = {
  starting: 'Starting up: the database is being migrated.',
  stopping: 'Shutting down.',
};

const healthy = z.object({ status: z.literal('ok'), ready: z.literal(true), database: z.string() });
const unhealthy = z.object({
  status: z.enum(['starting', 'stopping', 'unavailable']),
  ready: z.literal(false),
  database: z.string(),
  detail: z.string(),
});

/**
 * GET /api/health is the readiness answer: 200 only when this instance can serve (ready, and the
 * database answered `select 1`), else 503 with what is wrong. While not ready, every other API route
 * answers 503 with Retry-After; static files are served all along (the app shell needs no database).
 * The gate is registered before the rate limits, so nothing touches the database before migrations.
 */
export function registerReadiness(app: FastifyInstance, options: { database: Database; readiness?: Readiness | undefined }) {
  const { database } = options;
  const readiness = options.readiness ?? new Readiness();
  app.decorate('readiness', readiness);

  // Synchronous and first: once ready it costs one property read per request.
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    if (readiness.isReady || !request.url.startsWith('/api/') || request.url.startsWith('/api/health')) return done();
    reply.header('retry-after', RETRY_AFTER);
    sendProblem(reply, 503, readiness.phase === 'starting' ? STARTING_UP : SHUTTING_DOWN);
  });
  // Fastify's close lets requests in flight finish but leaves their keep-alive connections open
  // until the client hangs up (tens of seconds): answers given while stopping close them instead.
  app.addHook(
    'onSend',
    (_request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
      if (readiness.phase === 'stopping') reply.header('connection', 'close');
      done(null, payload);
    },
  );

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      schema: {
        tags: ['system'],
        description:
          'Readiness: 200 when this instance serves requests (database checked with select 1); 503 while starting (migrations), shutting down, or when the database does not answer.',
        response: { 200: healthy, 503: unhealthy },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const phase = readiness.phase;
      // Not the database while starting: a query would wait behind the migration instead of answering.
      if (phase !== 'ready') {
        return reply
          .code(503)
          .header('retry-after', RETRY_AFTER)
          .send({ status: phase, ready: false, database: database.kind, detail: NOT_READY[phase] });
      }
      try {
        await withTimeout(database.db.execute(sql`select 1`), DATABASE_CHECK_MS);
      } catch (err) {
        request.log.error({ err }, 'health check: the database does not answer');
        // The cause stays in the log: this route is public. The pool reconnects on the next query,
        // so the first check after the database is back answers 200 (a restart, a failover).
        return reply
          .code(503)
          .header('retry-after', RETRY_AFTER)
          .send({ status: 'unavailable', ready: false, database: database.kind, detail: 'The database does not answer.' });
      }
      return { status: 'ok' as const, ready: true as const, database: database.kind };
    },
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
