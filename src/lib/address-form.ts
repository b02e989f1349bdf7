import { z } from 'zod/mini';
import { BUYER_REFERENCE_MAX } from '../shared/contracts/catalog.ts';
import { requiredText, trimmed, vatIdInput } from '../shared/contracts/common.ts';
import { says } from '../shared/validation.ts';

/**
 * The billing address as a form asks for it (the profile page and the registration's Your Account
 * step). Street, postcode, city and country are required with the presence rule of docs/behaviour.md §5
 * (addressLine1 longer than 1 character), so a saved address always counts. The country is the
 * select's value, an id as text. The buyer reference (e.g. a Leitweg-ID) and the purchase order
 * number are optional; invoices print them and the e-invoice carries them (BT-10, BT-13).
 */
export const addressFormSchema = z.object({
  company: trimmed(200),
  vatId: vatIdInput(),
  addressLine1: requiredText('addressLine1Required', 200, 2),
  addressLine2: trimmed(200),
  zip: requiredText('zipRequired', 20),
  city: requiredText('cityRequired', 100),
  state: trimmed(100),
  countryId: z.string().check(z.regex(/^[1-9]\d*$/, says('countryRequired'))),
  buyerReference: trimmed(BUYER_REFERENCE_MAX),
  purchaseOrder: trimmed(BUYER_REFERENCE_MAX),
});
