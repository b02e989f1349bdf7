import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailLists, grayListedProviders } from '../../db/schema/index.ts';

export const ELIGIBILITY_MESSAGES = {
  blacklisted: 'Registration is not possible with this e-mail address. Please contact us if you think this is a mistake.',
  grayListed:
    'The free Standard Pass is only available with a business e-mail address. Please register with your company e-mail address or choose another pass.',
  hostNotInvited: 'This host code is only valid for invited e-mail addresses.',
} as const;

export interface Eligibility {
  isBlacklisted: boolean;
  isWhitelisted: boolean;
}

/** The part after the (last) at sign, lower-cased: list entries and providers are stored lower-cased. */
export function domainOf(email: string): string {
  return email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
}

/** An address is on a list when the list holds the exact address or its domain (docs/behaviour.md §4). */
export async function checkEligibility(db: Db, email: string): Promise<Eligibility> {
  const address = email.trim().toLowerCase();
  const rows = await db
    .select({ list: emailLists.list })
    .from(emailLists)
    .where(inArray(emailLists.pattern, [address, domainOf(address)]));
  return {
    isBlacklisted: rows.some((r) => r.list === 'black'),
    isWhitelisted: rows.some((r) => r.list === 'white'),
  };
}

/** Free-mail providers, whose users do not get the free Standard Pass. */
export async function isGrayListedDomain(db: Db, domain: string): Promise<boolean> {
  const [row] = await db
    .select({ domain: grayListedProviders.domain })
    .from(grayListedProviders)
    .where(eq(grayListedProviders.domain, domain.trim().toLowerCase()))
    .limit(1);
  return row !== undefined;
}
