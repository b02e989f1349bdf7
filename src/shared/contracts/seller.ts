import { z } from 'zod/mini';

/**
 * GET /api/seller: the organizer as the seller of everything the app sells, from the server's
 * configuration (SELLER_* variables): the same details as on every invoice, shown by the imprint.
 */
export const sellerSchema = z.object({
  name: z.string(),
  street: z.string(),
  postcode: z.string(),
  city: z.string(),
  /** ISO 3166-1 alpha-2. */
  countryCode: z.string(),
  /** '' when the seller has only a tax number. */
  vatId: z.string(),
  /** The tax number (Steuernummer); '' when not configured. */
  taxNumber: z.string(),
  /** Commercial register and number; '' when not configured. */
  register: z.string(),
  managingDirectors: z.array(z.string()),
  email: z.string(),
  phone: z.string(),
});
export type Seller = z.infer<typeof sellerSchema>;
