import { z } from 'zod/mini';
import { LINE_KINDS, VAT_CATEGORIES } from '../tax-rules.ts';
import { says } from '../validation.ts';
import { addressBodySchema, addressSchema, passTypeSchema } from './catalog.ts';
import { isoDate, singleLine, trimmed } from './common.ts';
import { emailSchema, languageSchema, nameSchema, newPasswordSchema } from './user.ts';

/** GET /api/pass/taken-passes: the taken share (0..1) of the free Standard Pass pool, null when unknown. */
export const takenPassesSchema = z.object({ value: z.nullable(z.number()) });

/**
 * POST /api/pass/free-claim: one free Standard Pass held for the account creation until `expiresAt`;
 * POST /api/registration/account consumes it with `freeClaimToken`.
 */
export const freeClaimSchema = z.object({ claimToken: z.string(), expiresAt: z.string() });
export type FreeClaimResponse = z.infer<typeof freeClaimSchema>;

/** GET /api/pass/voucher/{code}: a code the server knows, valid or not (unknown codes answer valid: false). */
export const voucherCheckSchema = z.object({
  code: z.string(),
  valid: z.boolean(),
  codeType: z.nullable(z.string()),
  passType: z.nullable(passTypeSchema),
});
export type VoucherCheck = z.infer<typeof voucherCheckSchema>;

/** GET /api/pass/check-eligibility?email= */
export const eligibilitySchema = z.object({ isBlacklisted: z.boolean(), isWhitelisted: z.boolean() });

/** GET /api/validation/email-provider?domain= */
export const emailProviderSchema = z.object({ grayListed: z.boolean() });

/** POST /api/validation/vat-id */
export const vatIdBodySchema = z.object({
  countryCode: z.string().check(z.regex(/^[A-Za-z]{2}$/, says('countryCode'))),
  vatNumber: z.string().check(z.minLength(2), z.maxLength(20)),
});
export const vatIdResultSchema = z.object({ valid: z.boolean() });

/** Accommodation search params (docs/behaviour.md §3 defaults: 2026-03-23 → 2026-03-27, occupancy 1, priceLowHigh). */
export const ACCOMMODATION_DEFAULTS = {
  start: '2026-03-23',
  end: '2026-03-27',
  roomOccupancy: 1,
  currentStays: 4,
  roomIsBookable: true,
  order: 'priceLowHigh',
} as const;

export const roomAvailabilitySchema = z.object({
  id: z.int(),
  roomId: z.int(),
  night: isoDate,
  total: z.int(),
  booked: z.int(),
  available: z.int(),
});
export type RoomAvailability = z.infer<typeof roomAvailabilitySchema>;

export const roomSchema = z.object({
  id: z.int(),
  accommodationId: z.int(),
  name: z.string(),
  description: z.string(),
  occupancy: z.int(),
  /** Per night, in cents. */
  price: z.int(),
  active: z.boolean(),
  internal: z.boolean(),
  /** Ids of the nightly availability rows for the searched stay (one call per id, docs/behaviour.md §7). */
  availabilityIds: z.array(z.int()),
  /** Rooms left for every night of the searched stay (the minimum over the nights). */
  available: z.int(),
});
export type Room = z.infer<typeof roomSchema>;

export const accommodationSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  address: z.string(),
  stars: z.int(),
  distanceM: z.int(),
  image: z.nullable(z.string()),
  badgeIds: z.array(z.int()),
  /** Badge ids 28, 30 or 31 (docs/behaviour.md §9). */
  shuttle: z.boolean(),
  /** Cheapest bookable room per night, in cents; null when nothing is bookable for the stay. */
  priceFrom: z.nullable(z.int()),
  rooms: z.array(roomSchema),
});
export type Accommodation = z.infer<typeof accommodationSchema>;

/** The hotel part of a registration: one room for the stay. */
export const hotelChoiceSchema = z.object({
  accommodationId: z.int().check(z.positive()),
  roomId: z.int().check(z.positive()),
  start: isoDate,
  end: isoDate,
});
export type HotelChoice = z.infer<typeof hotelChoiceSchema>;

/**
 * POST /api/registration/account: creates the account, the billing address and the pass (pending,
 * or approved for whitelisted addresses when the pass is free: a paid pass is approved by its
 * payment, whitelisted or not), or, for an address whose account was never confirmed, replaces its
 * details (the newest registration wins). Nothing usable comes back ("confirm first"): the
 * answer is the same for every address, and the registration token comes with the confirmation link
 * (POST /api/user/confirm), for the survey, checkout and payment calls until the full sign-in.
 */
export const registrationAccountBodySchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstName: nameSchema,
  lastName: nameSchema,
  company: z._default(trimmed(200), ''),
  address: addressBodySchema,
  passTypeId: z.int().check(z.positive()),
  voucherCode: z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(64), singleLine()))),
  /** Required for the free Standard Pass: the token of POST /api/pass/free-claim. */
  freeClaimToken: z.optional(z.nullable(z.string().check(z.maxLength(128)))),
  /** The account's language (mails, PDFs); without it the request's Accept-Language decides (else English). */
  language: z.optional(languageSchema),
});
/** POST /api/registration/account's one answer, 202 for every address: the next step is in the mail. */
export const registrationCheckInboxSchema = z.object({ checkInbox: z.literal(true) });

/** The pass of the registration state (src/features/registration/registration-state.ts). */
export const chosenPassSchema = z.object({
  id: z.int(),
  name: z.string(),
  kind: z.string(),
  price: z.int(),
  isFree: z.boolean(),
});

/**
 * GET /api/registration/state (registration token): what the server knows of the registration, so a
 * confirmation link opened on another device can go on with it.
 */
export const registrationRestoreSchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  pass: z.nullable(chosenPassSchema),
  passStatus: z.enum(['pending', 'approved']),
  address: z.nullable(addressSchema),
});
export type RegistrationRestore = z.infer<typeof registrationRestoreSchema>;

export const orderLineSchema = z.object({
  kind: z.enum(LINE_KINDS),
  description: z.string(),
  quantity: z.int(),
  /** Net unit price in cents. */
  unitPrice: z.int(),
  net: z.int(),
  /** The line's VAT from the tax rules (src/shared/tax-rules.ts) when it was sold. */
  vatCategory: z.enum(VAT_CATEGORIES),
  vatBasisPoints: z.int(),
});

/** VAT per rate: EN 16931 rounds the VAT of each rate on the sum of that rate's lines. */
export const vatBreakdownSchema = z.array(
  z.object({ category: z.enum(VAT_CATEGORIES), basisPoints: z.int(), net: z.int(), vat: z.int() }),
);

/** What the checkout shows and the invoice carries: euros in integer cents. */
export const orderKindSchema = z.enum(['registration', 'upgrade', 'hotel', 'train-ticket']);
export type OrderKind = z.infer<typeof orderKindSchema>;

export const orderSchema = z.object({
  id: z.uuid(),
  /** registration (pass + optional hotel) or something bought later in the app. */
  kind: orderKindSchema,
  status: z.enum(['open', 'paid', 'free']),
  lines: z.array(orderLineSchema),
  net: z.int(),
  vatBreakdown: vatBreakdownSchema,
  vat: z.int(),
  gross: z.int(),
  passStatus: z.enum(['pending', 'approved']),
  invoiceNumber: z.nullable(z.string()),
});
export type Order = z.infer<typeof orderSchema>;

/**
 * POST /api/registration/checkout: books the hotel (atomically, 409 when sold out) and prices the
 * order. An order with nothing to pay stays open until the visitor places it (`place: true`, the
 * 'Complete registration' button); a paid one is placed by its payment.
 */
export const checkoutBodySchema = z.object({ hotel: z.nullable(hotelChoiceSchema), place: z.optional(z.boolean()) });

/** POST /api/payment/session (docs/behaviour.md §7). */
export const paymentSessionBodySchema = z.object({
  /** The order id. */
  item: z.uuid(),
  /** Cents; must equal the order's gross. */
  amount: z.int().check(z.positive()),
  redirectSuccess: z.string().check(z.maxLength(500)),
  redirectCancel: z.string().check(z.maxLength(500)),
});
export const paymentSessionSchema = z.object({
  paymentSessionId: z.string(),
  /** The provider's hosted checkout page. */
  url: z.string(),
});

/** GET /api/payment/session/{id}: the outcome the finish page checks after the provider's redirect. */
export const paymentSessionStatusSchema = z.object({
  paymentSessionId: z.string(),
  status: z.enum(['open', 'succeeded', 'failed']),
  order: orderSchema,
});
export type PaymentSessionStatus = z.infer<typeof paymentSessionStatusSchema>;

/** GET /api/invoice: one row of the list; the PDF is GET /api/invoice/{id}/pdf. */
export const invoiceSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  /** A credit note cancels (part of) an earlier invoice: its amounts are negative. */
  kind: z.enum(['invoice', 'credit-note']),
  issuedAt: z.string(),
  /** What was bought, e.g. 'Business Pass' or 'Hotel Europa, Double room, 23.03.–27.03.2026'. */
  description: z.string(),
  /** Cents. */
  net: z.int(),
  vat: z.int(),
  gross: z.int(),
  status: z.enum(['paid', 'open']),
});
export type Invoice = z.infer<typeof invoiceSchema>;
