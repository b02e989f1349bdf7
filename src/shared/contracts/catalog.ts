import { z } from 'zod/mini';
import { isoDate, trimmed, uniqueBy, withDefault } from './common.ts';

export const eventConfigSchema = z.object({
  name: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  surveyStartDate: isoDate,
  venue: z.string(),
  countdownPhases: z.array(
    z.object({
      name: z.string(),
      /** Europe/Berlin wall-clock times, as configured. */
      startDate: z.string(),
      endDate: z.string(),
      /** The same as ISO instants, added by GET /api/config (absent when the configured time is malformed). */
      startsAt: z.optional(z.string()),
      endsAt: z.optional(z.string()),
    }),
  ),
});
export type EventConfig = z.infer<typeof eventConfigSchema>;

export const countrySchema = z.object({ id: z.int(), code: z.string(), name: z.string(), isEu: z.boolean() });
export type Country = z.infer<typeof countrySchema>;

export const passTypeSchema = z.object({
  id: z.int(),
  name: z.string(),
  kind: z.enum(['paid', 'paid-upgrade', 'voucher']),
  description: z.string(),
  /** Price in cents. */
  price: z.int(),
  isFree: z.boolean(),
  upgradeableBy: z.array(z.int()),
  codeType: z.nullable(z.string()),
});
export type PassType = z.infer<typeof passTypeSchema>;

export const passSchema = z.object({
  id: z.uuid(),
  status: z.enum(['pending', 'approved', 'rejected', 'cancelled']),
  voucherCode: z.nullable(z.string()),
  createdAt: z.string(),
  passType: passTypeSchema,
});
export type Pass = z.infer<typeof passSchema>;

/** The longest buyer reference or purchase order number the billing address keeps. */
export const BUYER_REFERENCE_MAX = 100;

export const addressTypeSchema = z.enum(['billingAddress']);

export const addressSchema = z.object({
  id: z.optional(z.int()),
  type: addressTypeSchema,
  company: z.string(),
  vatId: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  zip: z.string(),
  city: z.string(),
  state: z.string(),
  countryId: z.nullable(z.int()),
  /**
   * BT-10: the buyer's reference for their invoices, e.g. a German public buyer's Leitweg-ID ('' without
   * one). Defaulted so an address the device stored before this field existed still reads.
   */
  buyerReference: withDefault(z.string(), ''),
  /** BT-13: the buyer's purchase order number ('' without one). */
  purchaseOrder: withDefault(z.string(), ''),
});
export type Address = z.infer<typeof addressSchema>;

/** Defaults are empty strings (docs/behaviour.md §3); also the fallback when the address load fails (§8). */
export const EMPTY_ADDRESS: Address = {
  type: 'billingAddress',
  company: '',
  vatId: '',
  addressLine1: '',
  addressLine2: '',
  zip: '',
  city: '',
  state: '',
  countryId: null,
  buyerReference: '',
  purchaseOrder: '',
};

export const addressBodySchema = z.object({
  type: addressTypeSchema,
  company: withDefault(trimmed(200), ''),
  vatId: withDefault(trimmed(20), ''),
  addressLine1: withDefault(trimmed(200), ''),
  addressLine2: withDefault(trimmed(200), ''),
  zip: withDefault(trimmed(20), ''),
  city: withDefault(trimmed(100), ''),
  state: withDefault(trimmed(100), ''),
  countryId: withDefault(z.nullable(z.int().check(z.positive(), z.lte(2 ** 31 - 1))), null),
  /** Printed on the invoices and carried in the e-invoice (BT-10, BT-13). */
  buyerReference: withDefault(trimmed(BUYER_REFERENCE_MAX), ''),
  purchaseOrder: withDefault(trimmed(BUYER_REFERENCE_MAX), ''),
});

export const surveyQuestionSchema = z.object({
  id: z.int(),
  position: z.int(),
  text: z.string(),
  kind: z.enum(['single', 'multiple', 'text']),
  options: z.array(z.string()),
  maxSelections: z.nullable(z.int()),
  required: z.boolean(),
});
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;

export const surveyValueSchema = z.union([z.string(), z.array(z.string())]);

export const surveyEntrySchema = z.object({
  questionId: z.int(),
  value: surveyValueSchema,
  createdAt: isoDate,
  updatedAt: z.string(),
});
export type SurveyEntry = z.infer<typeof surveyEntrySchema>;

export const surveyAnswersBodySchema = z.object({
  answers: z
    .array(
      z.object({
        questionId: z.int().check(z.positive(), z.lte(2 ** 31 - 1)),
        value: z.union([z.string().check(z.maxLength(5000)), z.array(z.string().check(z.maxLength(500))).check(z.maxLength(50))]),
      }),
    )
    .check(
      z.minLength(1),
      z.maxLength(100),
      uniqueBy((answer: { questionId: number }) => answer.questionId, 'questionId', 'questionAnsweredTwice'),
    ),
});

const guestSchema = z.object({ firstName: z.string(), lastName: z.string() });

export const bookingSchema = z.object({
  id: z.uuid(),
  accommodationId: z.int(),
  accommodationName: z.optional(z.string()),
  roomId: z.int(),
  roomName: z.optional(z.string()),
  start: isoDate,
  end: isoDate,
  /** held: reserved during a registration checkout, awaiting payment. */
  status: z.enum(['held', 'confirmed', 'cancelled']),
  guests: z.array(guestSchema),
  /** Price in cents. */
  price: z.int(),
  createdAt: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const trainTicketTypeSchema = z.object({ id: z.int(), name: z.string(), description: z.string(), price: z.int() });

export const trainTicketSchema = z.object({ id: z.uuid(), code: z.string(), createdAt: z.string(), type: trainTicketTypeSchema });
export type TrainTicket = z.infer<typeof trainTicketSchema>;

export const newsSchema = z.object({ id: z.int(), title: z.string(), body: z.string(), publishedAt: z.string() });
export type News = z.infer<typeof newsSchema>;
