import type { BadgeVerifier } from './services/badges.ts';
import type { PassSigner } from './services/pass-signing.ts';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { Mailer } from './services/mail.ts';
import type { SessionCache } from './services/session-cache.ts';

export interface AuthContext {
  userId: string;
  tokenHash: string;
  scope: 'full' | 'registration';
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    mailer: Mailer;
    sessions: SessionCache;
    /** Signs pass barcodes (server/services/pass-signing.ts). */
    passSigner: PassSigner;
    /** Verifies scanned badges: signature, rotation keys, revocation (server/services/badges.ts). */
    badgeVerifier: BadgeVerifier;
    /** preHandler: 401 unless a valid, unrevoked token came with the request. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** preHandler: like authenticate, but also accepts the registration flow's token. */
    authenticateRegistration: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Narrows request.auth after the authenticate preHandler ran. */
export function authOf(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw new Error('authenticate preHandler missing on this route');
  return request.auth;
}
