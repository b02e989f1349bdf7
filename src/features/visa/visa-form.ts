import { z } from 'zod/mini';
import type { MessageKey } from '../../i18n/namespaces.ts';
import type { Values } from '../../i18n/use-t.ts';
import type { VisaLetter, VisaLetterBody } from '../../shared/contracts/account.ts';
import { hasControlCharacter } from '../../shared/text.ts';

/** The visa letter form's rules and conversions; pure, so they are unit-tested. */

/** The visa namespace's translator (useT('visa')): the schema's messages are in its language. */
export type VisaT = (key: MessageKey<'visa'>, values?: Values) => string;

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (value: string) => isoDay.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** Today as YYYY-MM-DD in the user's own calendar (dates of birth and expiry are calendar days). */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Builds the schema for a given day, so "in the past" and "expired" are testable, with the messages
 * of the given translator. Single-line texts follow the server's rule (src/shared/text.ts).
 */
export function visaFormSchema(today: string, t: VisaT) {
  const singleLine = () => z.refine<string>((value) => !hasControlCharacter(value), t('singleLine'));
  return z.object({
    fullName: z
      .string()
      .check(z.trim(), z.minLength(2, t('fullNameRequired')), z.maxLength(150, t('tooLong', { max: 150 })), singleLine()),
    passportNumber: z.string().check(
      z.trim(),
      z.toUpperCase(),
      z.refine((value) => /^[A-Z0-9]{5,20}$/.test(value.replace(/[\s-]/g, '')), t('passportNumberInvalid')),
    ),
    nationalityId: z.string().check(z.regex(/^[1-9]\d*$/, t('nationalityRequired'))),
    dateOfBirth: z.string().check(
      z.refine(isRealDay, t('dateOfBirthRequired')),
      z.refine((value) => !isRealDay(value) || value < today, t('dateOfBirthInFuture')),
    ),
    passportExpiry: z.string().check(
      z.refine(isRealDay, t('passportExpiryRequired')),
      z.refine((value) => !isRealDay(value) || value > today, t('passportExpired')),
    ),
    embassyCity: z
      .string()
      .check(z.trim(), z.minLength(2, t('embassyCityRequired')), z.maxLength(100, t('tooLong', { max: 100 })), singleLine()),
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
