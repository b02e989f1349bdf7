import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { HttpProblem } from '../../plugins/errors.ts';

export const CONFIRM_FIRST =
  'Please confirm your e-mail address first: follow the link in the e-mail we sent you, then continue.';

/**
 * Checkout and payment need a confirmed address: a registration nobody
 * confirmed must never hold a hotel room or open a payment. Registration tokens are issued only on
 * confirmation now; this guards any older one (defence in depth).
 */
export async function assertConfirmed(db: Db, userId: string): Promise<void> {
  const [user] = await db.select({ confirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user?.confirmedAt) throw new HttpProblem(403, CONFIRM_FIRST);
}
