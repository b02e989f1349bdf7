import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { Language } from '../../i18n/language.ts';
import type { StrangerMail } from '../mail/mail-budget.ts';
import { existingAccountMail } from './account-mails.ts';

/** What the sign-up and registration routes need to know of an address's account, if it has one. */
export interface Holder {
  id: string;
  email: string;
  firstName: string;
  language: Language;
  emailConfirmedAt: Date | null;
}

export async function findHolder(db: Db, email: string): Promise<Holder | undefined> {
  const [holder] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      language: users.language,
      emailConfirmedAt: users.emailConfirmedAt,
    })
    .from(users)
    .where(eq(users.email, email))
    .limit(1);
  return holder;
}

/**
 * Sign-up or registration with the address of a confirmed account: the form's
 * answer is the same as for a new address, and the holder hears of it by mail instead, with the ways
 * to sign in. A stranger named the address, so the mail counts against its hourly budget.
 * (An unconfirmed account is the newest sign-up's: the routes mail it a new confirmation link.)
 */
export async function mailExistingHolder(strangerMail: StrangerMail, baseUrl: string, holder: Holder): Promise<void> {
  // The holder's language, not the request's: the mail is for the account's owner, whoever asked.
  await strangerMail.send(existingAccountMail(holder.email, holder.firstName, baseUrl, holder.language), 'existing-account');
}
