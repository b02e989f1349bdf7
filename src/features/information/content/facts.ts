/**
 * Facts repeated across the legal texts and the FAQ, kept in one place so a change (a phone number,
 * a date) is made once. Everything here is what the organiser publishes; nothing is loaded at runtime.
 * The messages use them as {placeholders} (../fact-values.ts), dates and prices written in the
 * reader's language. The organiser as the seller (name, address, managing directors, register,
 * VAT ID) is not here: it is the server's configuration, the same as on every invoice (../seller.tsx).
 */

/** Shown under the page heading; update it with every change to the texts. */
export const LAST_UPDATED = '2026-11-01';

/** The organiser's published contact channels. */
export const ORGANISER = {
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

export const EVENT = {
  doorsOpen: '08:00',
  programmeStart: '09:00',
  programmeEnd: '18:30',
} as const;

/** Pass prices in cents: net; German VAT (19 %, src/shared/tax-rules.ts) is added for every buyer. */
export const PASS_PRICES = {
  business: { net: 29_900, gross: 35_581 },
  premium: { net: 89_900, gross: 106_981 },
} as const;

/** Cancellation deadlines for passes and hotel rooms (see the terms and conditions), as calendar days. */
export const DEADLINES = {
  freeCancellation: '2026-02-23',
  /** The day after free cancellation: from here on half the price is refunded. */
  partialRefundFrom: '2026-02-24',
  partialRefund: '2026-03-10',
  nameChange: '2026-03-17',
  visaRequest: '2026-02-20',
} as const;
