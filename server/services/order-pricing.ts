import { and, eq } from 'drizzle-orm';
import { qualifiesForReverseCharge, splitVatId } from '../../src/shared/pricing.ts';
import type { Db } from '../db/client.ts';
import { addresses, countries } from '../db/schema/index.ts';
import { isValidVatId } from './vat-id.ts';

export type AddressRow = typeof addresses.$inferSelect;
export type CountryRow = typeof countries.$inferSelect;

export interface Billing {
  address: AddressRow | null;
  country: CountryRow | null;
}

/** The user's billing address with its country (both may be missing). */
export async function loadBilling(db: Db, userId: string): Promise<Billing> {
  const [row] = await db
    .select({ address: addresses, country: countries })
    .from(addresses)
    .leftJoin(countries, eq(countries.id, addresses.countryId))
    .where(and(eq(addresses.userId, userId), eq(addresses.type, 'billingAddress')))
    .limit(1);
  return { address: row?.address ?? null, country: row?.country ?? null };
}

/** ISO country of a VAT prefix: Greece's VAT IDs start with EL. */
const isoOfVatPrefix = (prefix: string) => (prefix === 'EL' ? 'GR' : prefix);

/**
 * Reverse charge for an EU business outside Germany: the address's VAT ID must be valid (format and
 * check digits) and belong to the billing country, so a German buyer cannot borrow a foreign ID.
 */
export function reverseChargeApplies({ address, country }: Billing): boolean {
  if (!address || !country) return false;
  const { countryCode, number } = splitVatId(address.vatId);
  const vatIdValid = number.length > 0 && isoOfVatPrefix(countryCode) === country.code && isValidVatId(countryCode, number);
  return qualifiesForReverseCharge({ countryCode: country.code, isEu: country.isEu, vatIdValid });
}
