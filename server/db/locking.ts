import { eq } from 'drizzle-orm';
import type { Db } from './client.ts';
import { passes, users } from './schema/index.ts';

/**
 * The per-user lock: every transaction that changes a user's orders (checkout, upgrade, train ticket
 * and booking orders, payment session, completion) locks the user's row and then their pass row
 * first, so one user's transactions run one after another; the user row covers users without a
 * pass. FOR NO KEY UPDATE still lets other transactions insert rows that reference the user.
 * Across users only rooms and bookings are shared, locked by the rule of services/hotels/booking.ts
 * (rooms in id order first, then booking rows) after this lock, so they cannot deadlock either.
 */
export async function lockUser(tx: Db, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  await tx.select({ id: passes.id }).from(passes).where(eq(passes.userId, userId)).for('update');
}
