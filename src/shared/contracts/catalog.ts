import { z } from 'zod';
import { isoDate } from './common.ts';

export const eventConfigSchema = z.object({
  name: z.string(),
  startDate: isoDate,
  endDate: isoDate,
  surveyStartDate: isoDate,
  venue: z.string(),
  countdownPhases: z.array(
    z.object({ name: z.string(), startDate: z.string(), endDate: z.string() }),
  ),
});
export type EventConfig = z.infer<typeof eventConfigSchema>;

export const countrySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  isEu: z.boolean(),
});
export type Country = z.infer<typeof countrySchema>;

export const passTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(['paid', 'paid-upgrade', 'voucher']),
  description: z.string(),
  price: z.number().int().describe('cents'),
  isFree: z.boolean(),
  upgradeableBy: z.array(z.number().int()),
  codeType: z.string().nullable(),
});
export type PassType = z.infer<typeof passTypeSchema>;

export const passSchema = z.object({
  id: z.uuid(),
  status: z.enum(['pending', 'approved', 'rejected', 'cancelled']),
  voucherCode: z.string().nullable(),
  createdAt: z.string(),
  passType: passTypeSchema,
});
export type Pass = z.infer<typeof passSchema>;

export const addressTypeSchema = z.enum(['billingAddress']);

export const addressSchema = z.object({
  id: z.number().int().optional(),
  type: addressTypeSchema,
  company: z.string(),
  vatId: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  zip: z.string(),
  city: z.string(),
  state: z.string(),
  countryId: z.number().int().nullable(),
});
export type Address = z.infer<typeof addressSchema>;

/** Defaults are empty strings (SPEC §3); also the fallback when the address load fails (§8). */
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
};

export const addressBodySchema = z.object({
  type: addressTypeSchema,
  company: z.string().trim().max(200).default(''),
  vatId: z.string().trim().max(20).default(''),
  addressLine1: z.string().trim().max(200).default(''),
  addressLine2: z.string().trim().max(200).default(''),
  zip: z.string().trim().max(20).default(''),
  city: z.string().trim().max(100).default(''),
  state: z.string().trim().max(100).default(''),
  countryId: z.number().int().positive().nullable().default(null),
});

export const surveyQuestionSchema = z.object({
  id: z.number().int(),
  position: z.number().int(),
  text: z.string(),
  kind: z.enum(['single', 'multiple', 'text']),
  options: z.array(z.string()),
  maxSelections: z.number().int().nullable(),
  required: z.boolean(),
});
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;

export const surveyEntrySchema = z.object({
  questionId: z.number().int(),
  value: z.union([z.string(), z.array(z.string())]),
  createdAt: isoDate,
  updatedAt: z.string(),
});
export type SurveyEntry = z.infer<typeof surveyEntrySchema>;

export const surveyAnswersBodySchema = z.object({
  answers: z
    .array(
      z.object({
        questionId: z.number().int().positive(),
        value: z.union([z.string().max(5000), z.array(z.string().max(500)).max(50)]),
      }),
    )
    .min(1)
    .max(100),
});

export const bookingSchema = z.object({
  id: z.uuid(),
  accommodationId: z.number().int(),
  accommodationName: z.string().optional(),
  roomId: z.number().int(),
  roomName: z.string().optional(),
  start: isoDate,
  end: isoDate,
  status: z.enum(['confirmed', 'cancelled']),
  guests: z.array(z.object({ firstName: z.string(), lastName: z.string() })),
  price: z.number().int(),
  createdAt: z.string(),
});
export type Booking = z.infer<typeof bookingSchema>;

export const trainTicketTypeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  price: z.number().int(),
});

export const trainTicketSchema = z.object({
  id: z.uuid(),
  code: z.string(),
  createdAt: z.string(),
  type: trainTicketTypeSchema,
});
export type TrainTicket = z.infer<typeof trainTicketSchema>;

export const newsSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  publishedAt: z.string(),
});
export type News = z.infer<typeof newsSchema>;
