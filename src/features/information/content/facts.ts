/**
 * Facts repeated across the legal texts and the FAQ, kept in one place so a change (a phone number,
 * a date) is made once. Everything here is what the organiser publishes; nothing is loaded at runtime.
 */

/** Shown under the page heading; update it with every change to the texts. */
export const LAST_UPDATED = { text: '1 November 2026', iso: '2026-11-01' } as const;

export const ORGANISER = {
  name: 'CloudFest GmbH',
  street: 'Europa-Park-Straße 2',
  postcode: '77977',
  city: 'Rust',
  country: 'Germany',
  managingDirectors: 'Dr. Katharina Vogt, Markus Brenner',
  register: 'Amtsgericht Freiburg i. Br., HRB 712345',
  vatId: 'DE136695976',
  email: 'info@cloudfest.example',
  phone: '+49 7822 000000',
  privacyEmail: 'privacy@cloudfest.example',
  /** The awareness team's line is staffed during the event only. */
  conductEmail: 'awareness@cloudfest.example',
  conductPhone: '+49 7822 000099',
} as const;

/** Links in the `[label](href)` form of ./types.ts. */
export const EMAIL_LINK = `[${ORGANISER.email}](mailto:${ORGANISER.email})`;
export const PHONE_LINK = `[${ORGANISER.phone}](tel:${ORGANISER.phone.replaceAll(' ', '')})`;
export const PRIVACY_EMAIL_LINK = `[${ORGANISER.privacyEmail}](mailto:${ORGANISER.privacyEmail})`;
export const CONDUCT_EMAIL_LINK = `[${ORGANISER.conductEmail}](mailto:${ORGANISER.conductEmail})`;
export const CONDUCT_PHONE_LINK = `[${ORGANISER.conductPhone}](tel:${ORGANISER.conductPhone.replaceAll(' ', '')})`;

export const ORGANISER_ADDRESS_LINES = [
  ORGANISER.name,
  ORGANISER.street,
  `${ORGANISER.postcode} ${ORGANISER.city}`,
  ORGANISER.country,
] as const;

export const EVENT = {
  name: 'CloudFest 2026',
  dates: 'Tuesday 24 to Thursday 26 March 2026',
  venue: 'Europa-Park Conference Centre',
  venueAddressLines: ['Europa-Park Conference Centre', 'Europa-Park-Straße 2', '77977 Rust', 'Germany'],
  doorsOpen: '08:00',
  programme: '09:00 to 18:30',
} as const;

/** Pass prices are net; German VAT (19 %) is added unless the reverse-charge rule applies. */
export const PASS_PRICES = {
  business: { net: '€299.00', gross: '€355.81' },
  premium: { net: '€899.00', gross: '€1,069.81' },
} as const;

/** Cancellation deadlines for passes and hotel rooms (see the terms and conditions). */
export const DEADLINES = {
  freeCancellation: '23 February 2026',
  partialRefund: '10 March 2026',
  nameChange: '17 March 2026',
  visaRequest: '20 February 2026',
} as const;
