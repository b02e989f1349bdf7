import type { onRequestHookHandler, RouteOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import type { SessionCache } from './services/accounts/session-cache.ts';
import type { BadgeVerifier } from './services/badges/badge-verifier.ts';
import type { Mailer } from './services/mail/mail.ts';
import type { StrangerMail } from './services/mail/mail-budget.ts';
import type { PassSigner } from './services/passes/pass-signing.ts';

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
    /** Mails a stranger can trigger, within each recipient's hourly budget (server/services/mail/mail-budget.ts). */
    strangerMail: StrangerMail;
    sessions: SessionCache;
    /** Every registered route with its options (onRoute), for audits and tests. */
    routeTable: readonly RouteOptions[];
    /** Signs pass barcodes (server/services/passes/pass-signing.ts). */
    passSigner: PassSigner;
    /** Verifies scanned badges: signature, rotation keys, revocation (server/services/badges/badge-verifier.ts). */
    badgeVerifier: BadgeVerifier;
    /** onRequest hook: 401 unless a valid, unrevoked token came with the request. */
    authenticate: onRequestHookHandler;
    /** onRequest hook: like authenticate, but also accepts the registration flow's token. */
    authenticateRegistration: onRequestHookHandler;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Narrows request.auth after the authenticate hook ran. */
export function authOf(request: { auth: AuthContext | null }): AuthContext {
  if (!request.auth) throw new Error('authenticate hook missing on this route');
  return request.auth;
}
