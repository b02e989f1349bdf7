import { z } from 'zod/mini';
import type { VisaLetter, VisaLetterBody } from '../../shared/contracts/account.ts';
import { singleLine } from '../../shared/contracts/common.ts';

/** The visa letter form's rules and conversions; pure, so they are unit-tested. */

export const VISA_MESSAGES = {
  fullName: 'Please enter your full name exactly as it is printed in your passport.',
  passportNumber: 'Please enter the passport number as printed: 5 to 20 letters and digits.',
  nationalityId: 'Please choose your nationality.',
  dateOfBirth: 'Please enter your date of birth.',
  dateOfBirthFuture: 'The date of birth must be in the past.',
  passportExpiry: 'Please enter the date your passport expires.',
  passportExpired: 'This passport has expired. Please use a valid passport.',
  embassyCity: 'Please enter the city of the embassy or consulate where you apply.',
  tooLong: (max: number) => `Please use at most ${max} characters.`,
} as const;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (value: string) => isoDay.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** Today as YYYY-MM-DD in the user's own calendar (dates of birth and expiry are calendar days). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Builds the schema for a given day, so "in the past" and "expired" are testable. */
export function visaFormSchema(today: string) {
  return z.object({
    fullName: z
      .string()
      .check(z.trim(), z.minLength(2, VISA_MESSAGES.fullName), z.maxLength(150, VISA_MESSAGES.tooLong(150)), singleLine()),
    passportNumber: z.string().check(
      z.trim(),
      z.toUpperCase(),
      z.refine((value) => /^[A-Z0-9]{5,20}$/.test(value.replace(/[\s-]/g, '')), VISA_MESSAGES.passportNumber),
    ),
    nationalityId: z.string().check(z.regex(/^[1-9]\d*$/, VISA_MESSAGES.nationalityId)),
    dateOfBirth: z.string().check(
      z.refine(isRealDay, VISA_MESSAGES.dateOfBirth),
      z.refine((value) => !isRealDay(value) || value < today, VISA_MESSAGES.dateOfBirthFuture),
    ),
    passportExpiry: z.string().check(
      z.refine(isRealDay, VISA_MESSAGES.passportExpiry),
      z.refine((value) => !isRealDay(value) || value > today, VISA_MESSAGES.passportExpired),
    ),
    embassyCity: z
      .string()
      .check(z.trim(), z.minLength(2, VISA_MESSAGES.embassyCity), z.maxLength(100, VISA_MESSAGES.tooLong(100)), singleLine()),
  });
}
export type VisaFormInput = z.input<ReturnType<typeof visaFormSchema>>;
export type VisaFormValues = z.output<ReturnType<typeof visaFormSchema>>;
export const VISA_FORM_FIELDS = [
  'fullName',
  'passportNumber',
  'nationalityId',
  'dateOfBirth',
  'passportExpiry',
  'embassyCity',
] as const satisfies readonly (keyof VisaFormInput)[];
export type VisaFormField = (typeof VISA_FORM_FIELDS)[number];

/** Starting values: the stored letter's details, or the name from the profile for a first letter. */
export function visaFormValues(letter: VisaLetter | null, profileName: string): VisaFormInput {
  if (!letter) {
    return { fullName: profileName, passportNumber: '', nationalityId: '', dateOfBirth: '', passportExpiry: '', embassyCity: '' };
  }
  return {
    fullName: letter.fullName,
    passportNumber: letter.passportNumber,
    nationalityId: String(letter.nationalityId),
    dateOfBirth: letter.dateOfBirth,
    passportExpiry: letter.passportExpiry,
    embassyCity: letter.embassyCity,
  };
}

/** The POST /api/visa-letter body; spaces and dashes some passports print are left out of the number. */
export function visaBodyOf(values: VisaFormValues): VisaLetterBody {
  return {
    fullName: values.fullName,
    passportNumber: values.passportNumber.replace(/[\s-]/g, ''),
    nationalityId: Number(values.nationalityId),
    dateOfBirth: values.dateOfBirth,
    passportExpiry: values.passportExpiry,
    embassyCity: values.embassyCity,
  };
}

/** A server problem path ('passportExpiry', '/passportExpiry', 'body.passportExpiry') as a form field, or null. */
export function visaFieldOfPath(path: string): VisaFormField | null {
  const name = path.replace(/^\//, '').replace(/^body[./]/, '');
  return (VISA_FORM_FIELDS as readonly string[]).includes(name) ? (name as VisaFormField) : null;
}
