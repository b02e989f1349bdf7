import type { Config } from '../../config.ts';

/**
 * The organizer as the seller of everything the app sells: one set of details, from configuration
 * (SELLER_* variables), on invoices, credit notes, e-invoices, mails and the imprint alike.
 */
export interface Seller {
  name: string;
  street: string;
  postcode: string;
  city: string;
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** The VAT ID (USt-IdNr.); empty when only a tax number is given. */
  vatId: string;
  /** The tax number (Steuernummer), used when there is no VAT ID. */
  taxNumber: string;
  /** Commercial register and number, e.g. 'Amtsgericht Freiburg i. Br., HRB 712345'. */
  register: string;
  managingDirectors: string[];
  email: string;
  phone: string;
}

export function sellerOf(c: Config): Seller {
  return {
    name: c.SELLER_NAME,
    street: c.SELLER_STREET,
    postcode: c.SELLER_POSTCODE,
    city: c.SELLER_CITY,
    countryCode: c.SELLER_COUNTRY,
    vatId: c.SELLER_VAT_ID,
    taxNumber: c.SELLER_TAX_NUMBER,
    register: c.SELLER_REGISTER,
    managingDirectors: c.SELLER_MANAGING_DIRECTORS.split(',')
      .map((name) => name.trim())
      .filter(Boolean),
    email: c.SELLER_EMAIL,
    phone: c.SELLER_PHONE,
  };
}
