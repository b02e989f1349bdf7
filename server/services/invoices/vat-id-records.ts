import { and, eq } from 'drizzle-orm';
import type { AttendeeDetail } from '#shared/contracts/organizer-people.ts';
import { splitVatId } from '#shared/pricing.ts';
import type { Db } from '../../db/client.ts';
import { addresses, type InvoiceBuyer } from '../../db/schema/index.ts';

/**
 * What organizers see of VAT IDs: the billing address's VAT ID and the one
 * printed on each invoice. A VAT ID changes no price (everything sold is taxed in Germany).
 */

/** The billing address's VAT ID as invoices print it (prefix and number, no spaces); null without a billing address. */
export async function billingVatOf(db: Db, userId: string): Promise<AttendeeDetail['billingVat']> {
  const [address] = await db
    .select({ vatId: addresses.vatId })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.type, 'billingAddress')))
    .limit(1);
  if (!address) return null;
  const { countryCode, number } = splitVatId(address.vatId);
  return { vatId: countryCode + number };
}

/** The buyer's VAT ID as printed on one invoice or credit note. */
export const invoiceVatOf = (buyer: InvoiceBuyer) => ({ buyerVatId: buyer.vatId });
