import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailTokens } from '../../db/schema/index.ts';

/**
 * Ends every open password-reset link of an account: called before a new link
 * is mailed, so only the newest works, and on every password change, so a link mailed before the
 * change cannot set the password again. An organizer's invitation link is a reset link too.
 */
export async function voidResetLinks(db: Db, userId: string): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.purpose, 'reset'), isNull(emailTokens.usedAt)));
}
