import { and, eq } from 'drizzle-orm';
import type { AttendeeDetail, VatConfirmation } from '#shared/contracts/organizer-people.ts';
import { splitVatId } from '#shared/pricing.ts';
import type { Db } from '../db/client.ts';
import { addresses, type InvoiceBuyer } from '../db/schema/index.ts';

/**
 * What organizers see of VIES (issue 13, finding 8; issue 14): the billing address's VAT ID with the
 * date and consultation number VIES gave when it confirmed it, and on each invoice the confirmation
 * its reverse charge relied on.
 */

/** A VAT ID as VIES and invoices write it: prefix and number, no spaces, upper case. */
function compactVatId(vatId: string): string {
  const { countryCode, number } = splitVatId(vatId);
  return countryCode + number;
}

/** The confirmation stored with a VAT ID, or null when VIES confirmed another (older) VAT ID or none. */
export function confirmationOf(address: {
  vatId: string;
  vatConfirmedId: string | null;
  vatConfirmedAt: Date | null;
  vatConfirmationReference: string | null;
}): VatConfirmation | null {
  const vatId = compactVatId(address.vatId);
  if (!address.vatConfirmedAt || !vatId || address.vatConfirmedId !== vatId) return null;
  return { confirmedAt: address.vatConfirmedAt.toISOString(), reference: address.vatConfirmationReference };
}

/** The billing address's VAT ID and its VIES confirmation; null without a billing address. */
export async function billingVatOf(db: Db, userId: string): Promise<AttendeeDetail['billingVat']> {
  const [address] = await db
    .select({
      vatId: addresses.vatId,
      vatConfirmedId: addresses.vatConfirmedId,
      vatConfirmedAt: addresses.vatConfirmedAt,
      vatConfirmationReference: addresses.vatConfirmationReference,
    })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.type, 'billingAddress')))
    .limit(1);
  if (!address) return null;
  return { vatId: compactVatId(address.vatId), confirmation: confirmationOf(address) };
}

/** The VAT facts of one invoice or credit note as printed on it. */
export const invoiceVatOf = (buyer: InvoiceBuyer) => ({
  buyerVatId: buyer.vatId,
  vatConfirmation: buyer.vatConfirmation ?? null,
});
