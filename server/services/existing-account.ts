import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { Mailer } from './mail.ts';
import { confirmationMail, existingAccountMail } from './mail-templates.ts';
import { issueConfirmLink } from './registration-mail.ts';

/**
 * Sign-up or registration with an address that has an account (finding 11): the form's answer is
 * the same as for a new address, and the holder hears of it by mail instead. An address that was
 * never confirmed gets a new confirmation link (what its owner most likely needs); a confirmed one
 * a note with the ways to sign in.
 */
export async function mailExistingHolder(db: Db, mailer: Mailer, baseUrl: string, email: string): Promise<void> {
  const [holder] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      emailConfirmedAt: users.emailConfirmedAt,
      language: users.language,
    })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  if (!holder) return;
  if (!holder.emailConfirmedAt) {
    const url = await issueConfirmLink(db, baseUrl, holder.id);
    await mailer.send(confirmationMail(holder.email, holder.firstName, url, holder.language));
    return;
  }
  // The holder's language, not the request's: the mail is for the account's owner, whoever asked.
  await mailer.send(existingAccountMail(holder.email, holder.firstName, baseUrl, holder.language));
}
