import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { authTokens } from '../db/schema/index.ts';
import type { TokenInfo } from '../services/accounts/session-cache.ts';
import { sha256 } from '../services/accounts/tokens.ts';
import { HttpProblem } from './errors.ts';

export const SESSION_COOKIE = 'session';
const SAFE_METHODS = new Set(['GET', 'HEAD']);

/** Bearer header first; the HttpOnly cookie only on safe methods so it can never carry a CSRF write. */
function tokenFrom(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice(7).trim() || null;
  if (SAFE_METHODS.has(request.method)) return request.cookies[SESSION_COOKIE] ?? null;
  return null;
}

/**
 * Two onRequest hooks: `authenticate` for the signed-in app (full tokens only) and
 * `authenticateRegistration` for the registration flow's calls (survey, checkout, payment), which
 * also accept the registration token issued when the account is created (docs/architecture.md §10).
 * They run on onRequest, before the body is read or validated: an anonymous caller gets a 401 and
 * never learns what the route expects.
 */
export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('auth', null);

  /**
   * Prepared once: every session the cache does not hold (a device's first request, or its first
   * after the cache let it go) runs it, so the query is neither rebuilt here nor planned again by
   * PostgreSQL on each connection.
   */
  const sessionByHash = app.db
    .select({ userId: authTokens.userId, scope: authTokens.scope, expiresAt: authTokens.expiresAt })
    .from(authTokens)
    .where(
      and(
        eq(authTokens.tokenHash, sql.placeholder('tokenHash')),
        isNull(authTokens.revokedAt),
        gt(authTokens.expiresAt, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('auth_session_by_hash');

  /** The session of a token hash from the database, remembered for the next requests; null when there is none. */
  async function lookUp(tokenHash: string): Promise<TokenInfo | null> {
    const [row] = await sessionByHash.execute({ tokenHash, now: new Date() });
    if (!row) return null;
    const info = { userId: row.userId, scope: row.scope };
    app.sessions.rememberToken(tokenHash, info, row.expiresAt);
    return info;
  }

  /** Lets the request in as the session's user, or says why not. */
  function admit(
    request: FastifyRequest,
    reply: FastifyReply,
    tokenHash: string,
    info: TokenInfo | null | undefined,
    allowRegistration: boolean,
  ) {
    if (!info) return new HttpProblem(401, 'Your session has expired. Please sign in again.');
    if (info.scope !== 'full' && !allowRegistration) return new HttpProblem(401, 'Please sign in.');
    request.auth = { userId: info.userId, tokenHash, scope: info.scope };
    // Per-user answers must never land in a shared cache (proxies, the service worker's public cache).
    reply.header('cache-control', 'private, no-cache');
    return undefined;
  }

  /**
   * A callback hook, not an async one: a session this instance knows (the usual case) is admitted
   * synchronously, without a promise per request on the hottest path of the API.
   */
  const hook = (allowRegistration: boolean) => (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const token = tokenFrom(request);
    if (!token || token.length > 128) return done(new HttpProblem(401, 'Please sign in.'));
    const tokenHash = sha256(token);
    const known = app.sessions.token(tokenHash);
    if (known) return done(admit(request, reply, tokenHash, known, allowRegistration));
    lookUp(tokenHash).then((info) => done(admit(request, reply, tokenHash, info, allowRegistration)), done);
  };

  app.decorate('authenticate', hook(false));
  app.decorate('authenticateRegistration', hook(true));
});
