import { z } from 'zod/mini';
import type { VisaLetter, VisaLetterBody } from '../../shared/contracts/account.ts';
import { requiredText } from '../../shared/contracts/common.ts';
import { isIsoDate } from '../../shared/stay.ts';
import { says, type ValidationKey } from '../../shared/validation.ts';

/** The visa letter form's rules and conversions; pure, so they are unit-tested. */

/** Today as YYYY-MM-DD in the user's own calendar (dates of birth and expiry are calendar days). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A calendar date: `missing` when left empty, a real day (not 31 February, not half typed), then `rule`. */
const calendarDay = (missing: ValidationKey, rule: (day: string) => boolean, broken: ValidationKey) =>
  z.string().check(
    z.minLength(1, says(missing)),
    z.refine((value) => value === '' || isIsoDate(value), says('dateNotReal')),
    z.refine((value) => !isIsoDate(value) || rule(value), says(broken)),
  );

/**
 * The schema for a given day, so "in the past" and "expired" are testable. Single-line texts
 * follow the server's rule (src/shared/text.ts).
 */
export function visaFormSchema(today: string) {
  return z.object({
    fullName: requiredText('fullNameRequired', 150, 2),
    passportNumber: z.string().check(
      z.trim(),
      z.toUpperCase(),
      z.refine((value) => /^[A-Z0-9]{5,20}$/.test(value.replace(/[\s-]/g, '')), says('passportNumberInvalid')),
    ),
    nationalityId: z.string().check(z.regex(/^[1-9]\d*$/, says('nationalityRequired'))),
    dateOfBirth: calendarDay('dateOfBirthRequired', (day) => day < today, 'dateOfBirthInFuture'),
    passportExpiry: calendarDay('passportExpiryRequired', (day) => day > today, 'passportExpired'),
    embassyCity: requiredText('embassyCityRequired', 100, 2),
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
