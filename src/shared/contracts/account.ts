// Contracts of the signed-in area: upgrades, train tickets, hotel bookings made in the
// app, visa invitation letter, profile (avatar, password). zod/mini like the other contracts.
import { z } from 'zod/mini';
import { says } from '../validation.ts';
import { bookingSchema } from './catalog.ts';
import { isoDate, singleLine } from './common.ts';
import { hotelChoiceSchema, orderSchema } from './registration.ts';
import { newPasswordSchema } from './user.ts';

const id = z.int().check(z.positive(), z.lte(2 ** 31 - 1));

/** POST /api/pass/upgrade: an open upgrade order for a paid-upgrade type whose upgradeableBy holds the current type (201). */
export const passUpgradeBodySchema = z.object({ passTypeId: id });

/** POST /api/train-ticket: an open order for one return ticket of this type (201). */
export const trainTicketOrderBodySchema = z.object({ typeId: id });

/**
 * POST /api/booking: holds the room for the stay (atomically; 409 when sold out) and answers the
 * hotel order to pay through POST /api/payment/session; payment confirms the booking (201).
 */
export const bookingCreateBodySchema = hotelChoiceSchema;
export const bookingOrderSchema = z.object({ booking: bookingSchema, order: orderSchema });
export type BookingOrder = z.infer<typeof bookingOrderSchema>;

export const guestSchema = z.object({
  firstName: z.string().check(z.trim(), z.minLength(1, says('required')), z.maxLength(100), singleLine()),
  lastName: z.string().check(z.trim(), z.minLength(1, says('required')), z.maxLength(100), singleLine()),
});

/** POST /api/booking/guest (docs/behaviour.md §7): adds a guest to one of the user's confirmed bookings; answers the booking. */
export const bookingGuestBodySchema = z.object({
  accommodationId: id,
  roomId: id,
  bookingId: z.uuid(),
  guest: guestSchema,
});

/** DELETE /api/booking/{id}: cancels within the rules (src/shared/booking-rules.ts); refunds a paid booking with a credit note. */
export const bookingCancellationSchema = z.object({
  booking: bookingSchema,
  /** Cents returned through the payment provider; 0 when nothing was paid. */
  refunded: z.int(),
  creditNoteNumber: z.nullable(z.string()),
});
export type BookingCancellation = z.infer<typeof bookingCancellationSchema>;

/** POST /api/visa-letter (create or replace) and GET /api/visa-letter (null when none); PDF at GET /api/visa-letter/{id}/pdf. */
export const visaLetterBodySchema = z.object({
  /** As in the passport. */
  fullName: z.string().check(z.trim(), z.minLength(2, says('required')), z.maxLength(150), singleLine()),
  passportNumber: z.string().check(z.trim(), z.toUpperCase(), z.regex(/^[A-Z0-9]{5,20}$/, says('passportNumberInvalid'))),
  nationalityId: id,
  dateOfBirth: isoDate,
  passportExpiry: isoDate,
  embassyCity: z.string().check(z.trim(), z.minLength(2, says('required')), z.maxLength(100), singleLine()),
});
export type VisaLetterBody = z.infer<typeof visaLetterBodySchema>;
export const visaLetterSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  fullName: z.string(),
  passportNumber: z.string(),
  nationalityId: z.int(),
  dateOfBirth: isoDate,
  passportExpiry: isoDate,
  embassyCity: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type VisaLetter = z.infer<typeof visaLetterSchema>;

/** POST /api/user/password: signed-in password change; revokes the user's other sessions. */
export const passwordUpdateBodySchema = z.object({
  currentPassword: z.string().check(z.minLength(1, says('required')), z.maxLength(128)),
  newPassword: newPasswordSchema,
});

/**
 * DELETE /api/user/: the holder deletes their own account (docs/behaviour.md §7.1), confirmed with the
 * current password. What the law keeps (invoices) stays; the rest is deleted or anonymised.
 */
export const accountDeleteBodySchema = z.object({
  password: z.string().check(z.minLength(1, says('required')), z.maxLength(128)),
});
export type AccountDeleteBody = z.infer<typeof accountDeleteBodySchema>;

/** Avatar upload (POST /api/user/avatar, raw image body) limits, shared by the form and the server. */
export const AVATAR_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Optional query of GET /api/image/{id}: the variant to render (docs/behaviour.md §7: 56×56, crop, dpr 2). */
export const imageVariantQuerySchema = z.object({
  width: z.optional(z.coerce.number().check(z.int(), z.positive(), z.lte(1024))),
  height: z.optional(z.coerce.number().check(z.int(), z.positive(), z.lte(1024))),
  fit: z.optional(z.enum(['crop', 'contain'])),
  dpr: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(3))),
});
