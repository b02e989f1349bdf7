import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { authTokens } from '../db/schema/index.ts';
import { sha256 } from '../services/tokens.ts';
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
 * also accept the registration token issued when the account is created (ARCHITECTURE §10).
 * They run on onRequest, before the body is read or validated: an anonymous caller gets a 401 and
 * never learns what the route expects.
 */
export default fp(async function authPlugin(app: FastifyInstance) {
  app.decorateRequest('auth', null);

  async function verify(request: FastifyRequest, reply: FastifyReply, allowRegistration: boolean) {
    const token = tokenFrom(request);
    if (!token || token.length > 128) throw new HttpProblem(401, 'Please sign in.');
    const tokenHash = sha256(token);
    let info = app.sessions.token(tokenHash);
    if (!info) {
      const [row] = await app.db
        .select({ userId: authTokens.userId, scope: authTokens.scope, expiresAt: authTokens.expiresAt })
        .from(authTokens)
        .where(and(eq(authTokens.tokenHash, tokenHash), isNull(authTokens.revokedAt), gt(authTokens.expiresAt, new Date())))
        .limit(1);
      if (!row) throw new HttpProblem(401, 'Your session has expired. Please sign in again.');
      info = { userId: row.userId, scope: row.scope };
      app.sessions.rememberToken(tokenHash, info, row.expiresAt);
    }
    if (info.scope !== 'full' && !allowRegistration) throw new HttpProblem(401, 'Please sign in.');
    request.auth = { userId: info.userId, tokenHash, scope: info.scope };
    // Per-user answers must never land in a shared cache (proxies, the service worker's public cache).
    reply.header('cache-control', 'private, no-cache');
  }

  app.decorate('authenticate', (request: FastifyRequest, reply: FastifyReply) => verify(request, reply, false));
  app.decorate('authenticateRegistration', (request: FastifyRequest, reply: FastifyReply) => verify(request, reply, true));
});
