import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { authTokens, orders, passes } from '../../db/schema/index.ts';
import { randomToken, sha256 } from './tokens.ts';

/** The registration token only opens the flow's own calls (survey, checkout, payment); a week is plenty. */
export const REGISTRATION_TOKEN_DAYS = 7;

export interface RegistrationSession {
  uuid: string;
  registrationToken: string;
  passStatus: 'pending' | 'approved';
}

/**
 * The registration session of an account whose address was just confirmed (tokens come only
 * after the confirmation): a token scoped to the registration calls, when the account came from a
 * registration (it has a live pass) whose checkout is not done yet; null otherwise.
 */
export async function issueRegistrationSession(tx: Db, userId: string): Promise<RegistrationSession | null> {
  const [pass] = await tx.select({ status: passes.status }).from(passes).where(eq(passes.userId, userId)).limit(1);
  if (pass?.status !== 'pending' && pass?.status !== 'approved') return null;
  const done = await tx.$count(
    orders,
    and(eq(orders.userId, userId), eq(orders.kind, 'registration'), ne(orders.status, 'open')),
  );
  if (done > 0) return null;
  const token = randomToken();
  await tx.insert(authTokens).values({
    tokenHash: sha256(token),
    userId,
    scope: 'registration',
    expiresAt: new Date(Date.now() + REGISTRATION_TOKEN_DAYS * 86_400_000),
  });
  return { uuid: userId, registrationToken: token, passStatus: pass.status };
}
