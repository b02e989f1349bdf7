import fastifyRateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { RateLimiterDrizzle, type RateLimiterAbstract, RateLimiterMemory } from 'rate-limiter-flexible';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { HttpProblem } from './errors.ts';

const MINUTE = 60_000;

/** What @fastify/rate-limit hands a store: the merged limit settings, ours included. */
interface LimitParams {
  /** Counted in this instance only (signed-in calls: no database round trip on the hot path). */
  perInstance?: boolean;
  routeInfo?: { method?: string | string[]; url?: string };
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store on rate-limiter-flexible: the Drizzle limiter keeps counts in the
 * rate_limits table, so every instance on one database counts together (a password guesser gains
 * nothing by spreading requests over instances); the memory limiter serves per-instance limits.
 * One limiter per window length, keys prefixed with the route so routes count apart.
 */
function storeFor(db: Db) {
  return class RateLimitStore {
    private readonly limiters = new Map<number, RateLimiterAbstract>();
    private readonly prefix: string;

    constructor(private readonly params: LimitParams) {
      const route = params.routeInfo;
      this.prefix = route?.url ? `${[route.method].flat().join(',')} ${route.url}|` : '';
    }

    incr(key: string, callback: IncrCallback, timeWindow: number, max: number) {
      // penalty() counts without refusing: @fastify/rate-limit compares the count with max itself.
      this.limiter(timeWindow, max)
        .penalty(this.prefix + key, 1)
        .then((res) => callback(null, { current: res.consumedPoints, ttl: res.msBeforeNext }), callback);
    }

    child(params: object) {
      return new RateLimitStore({ ...this.params, ...(params as LimitParams) });
    }

    private limiter(timeWindow: number, max: number): RateLimiterAbstract {
      let limiter = this.limiters.get(timeWindow);
      if (!limiter) {
        const options = { points: max, duration: Math.max(1, Math.round(timeWindow / 1000)) };
        limiter = this.params.perInstance
          ? new RateLimiterMemory(options)
          : new RateLimiterDrizzle({ ...options, storeClient: db, schema: rateLimits });
        this.limiters.set(timeWindow, limiter);
      }
      return limiter;
    }
  };
}

/** The signed-in user (or the token's owner) as the key: one account, one count, whatever its address. */
const byAccount = (request: FastifyRequest) => `account:${request.auth?.userId ?? request.ip}`;

/**
 * Rate limits shaped for a venue where thousands of phones share a few public addresses
 * (ARCHITECTURE §security): nothing static is ever limited; signed-in API calls are limited per
 * account; only anonymous sensitive routes (sign-in, sign-up, reset, eligibility, voucher, free
 * claim) are limited per address, generously, with per-e-mail limits and the account lock behind
 * them. Must be registered before the routes.
 */
export async function registerRateLimits(app: FastifyInstance) {
  const { config, db } = app;
  const signedIn = new Set<unknown>([app.authenticate, app.authenticateRegistration]);

  // Before the rate-limit plugin's own onRoute hook, which reads config.rateLimit.
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config && 'rateLimit' in route.config) return;
    const hooks = [route.onRequest ?? []].flat();
    if (!hooks.some((hook) => signedIn.has(hook))) return;
    route.config = {
      ...route.config,
      // Runs after the route's authenticate hook (appended to onRequest), so request.auth is known.
      rateLimit: {
        max: config.ACCOUNT_RATE_LIMIT_PER_MINUTE,
        timeWindow: MINUTE,
        keyGenerator: byAccount,
        perInstance: true,
      } as RateLimitOptions,
    };
  });

  await app.register(fastifyRateLimit, {
    global: false,
    store: storeFor(db),
    // Limit headers only on the 429 itself: three fewer headers on every ordinary answer.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
  });
}

/** Route config for an anonymous sensitive route: per address, shared by all instances. */
export function perAddress(max: number) {
  return { rateLimit: { max, timeWindow: MINUTE } };
}

/**
 * preHandler limiting one e-mail address across addresses and instances (after validation, so the
 * body's e-mail is known): many people behind one address pass, one account's guesser does not.
 */
export function perEmail(app: FastifyInstance, name: string) {
  // createRateLimit, not rateLimit: the route's per-address limit has already run on this request,
  // and the plugin runs one of its own handlers per request only.
  const check = app.createRateLimit({
    max: app.config.EMAIL_RATE_LIMIT_PER_MINUTE,
    timeWindow: MINUTE,
    keyGenerator: (request) => {
      const body = request.body as { email?: unknown } | undefined;
      return `${name}:${typeof body?.email === 'string' ? body.email.toLowerCase() : request.ip}`;
    },
  });
  return async (request: FastifyRequest) => {
    const limit = await check(request);
    if (!limit.isAllowed && limit.isExceeded) {
      throw new HttpProblem(
        429,
        `Too many attempts for this e-mail address. Please try again in ${limit.ttlInSeconds} seconds.`,
        undefined,
        {
          'retry-after': String(limit.ttlInSeconds),
        },
      );
    }
  };
}
