import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import { type RateLimiterAbstract, RateLimiterDrizzle } from 'rate-limiter-flexible';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { keyedProblem } from './errors.ts';

const MINUTE = 60_000;

/** What @fastify/rate-limit hands a store: the merged limit settings. */
interface LimitParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

type IncrCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store on rate-limiter-flexible: the Drizzle limiter keeps counts in the
 * rate_limits table, so every instance on one database counts together (a password guesser gains
 * nothing by spreading requests over instances). One limiter per window length, keys prefixed with
 * the route so routes count apart.
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
        limiter = new RateLimiterDrizzle({ ...options, storeClient: db, schema: rateLimits });
        this.limiters.set(timeWindow, limiter);
      }
      return limiter;
    }
  };
}

/**
 * Calls per key in fixed windows, all keys sharing one window so the whole map is dropped when it
 * ends (memory stays bounded by the callers of one window).
 */
export class FixedWindowCounter {
  private readonly counts = new Map<string, number>();
  private windowEnds = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one call of `key`: 0 while within the limit, otherwise the milliseconds until the window ends. */
  hit(key: string, now = Date.now()): number {
    if (now >= this.windowEnds) {
      this.counts.clear();
      this.windowEnds = now + this.windowMs;
    }
    const count = (this.counts.get(key) ?? 0) + 1;
    this.counts.set(key, count);
    return count > this.max ? this.windowEnds - now : 0;
  }
}

/**
 * Rate limits shaped for a venue where thousands of phones share a few public addresses
 * (docs/architecture.md §7): nothing static is ever limited; signed-in API calls are limited per
 * account; only anonymous sensitive routes (sign-in, sign-up, reset, eligibility, voucher, free
 * claim) are limited per address, generously, with per-e-mail limits and the account lock behind
 * them. Must be registered before the routes.
 *
 * The per-account limit guards against a runaway device, so it is counted by each instance in
 * memory with a synchronous hook: @fastify/rate-limit's asynchronous hook and store cost a third of
 * the throughput of the hottest signed-in call (GET /api/user/). The limits that stop guessing
 * (per address, per e-mail, the account lock) are the ones shared through the database.
 */
export async function registerRateLimits(app: FastifyInstance) {
  const { config, db } = app;
  const signedIn = new Set<unknown>([app.authenticate, app.authenticateRegistration]);
  const accountCalls = new FixedWindowCounter(config.ACCOUNT_RATE_LIMIT_PER_MINUTE, MINUTE);

  /** After the route's authenticate hook, so the count is the account's, never the address's. */
  function limitAccount(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const wait = accountCalls.hit(request.auth?.userId ?? request.ip);
    if (wait === 0) return done();
    const seconds = Math.ceil(wait / 1000);
    reply.header('retry-after', String(seconds));
    done(keyedProblem(429, 'limit.account', { seconds }));
  }

  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config && 'rateLimit' in route.config) return;
    const hooks = [route.onRequest ?? []].flat();
    if (hooks.some((hook) => signedIn.has(hook))) route.onRequest = [...hooks, limitAccount];
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
      throw keyedProblem(429, 'limit.email', { seconds: limit.ttlInSeconds }, { 'retry-after': String(limit.ttlInSeconds) });
    }
  };
}
