import type { Problem } from '#shared/contracts/common.ts';

type FieldErrors = NonNullable<Problem['errors']>;

export const VISA_MESSAGES = {
  needsApprovedPass: 'A visa invitation letter needs an approved pass.',
  unknownNationality: 'Please choose your nationality from the list.',
  invalidDate: 'Please enter a real date.',
  birthInFuture: 'Your date of birth must be in the past.',
  tooYoung: 'You must be at least 14 years old to receive a visa invitation letter.',
  passportTooShort: 'Your passport must be valid for at least three months after the event.',
} as const;

export const MIN_AGE_YEARS = 14;
export const PASSPORT_MONTHS_AFTER_EVENT = 3;

/** True for a YYYY-MM-DD that exists in the calendar (2026-02-30 does not). */
export function isCalendarDate(iso: string): boolean {
  const date = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso;
}

/** Adds whole months, keeping the day or clamping it to the month's last day (30 Nov + 3 → 28/29 Feb). */
export function addMonths(iso: string, months: number): string {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(day, lastDay));
  return first.toISOString().slice(0, 10);
}

/**
 * The letter's date rules, every failure reported on its field: born in the past and at least
 * MIN_AGE_YEARS old today, passport valid PASSPORT_MONTHS_AFTER_EVENT months past the event's last day.
 * `today` and `eventEnd` are YYYY-MM-DD (UTC).
 */
export function dateErrors(input: { dateOfBirth: string; passportExpiry: string }, today: string, eventEnd: string): FieldErrors {
  const errors: FieldErrors = [];
  // Before 1900 is a typo, not a participant (and year 0000 is no date PostgreSQL stores).
  if (!isCalendarDate(input.dateOfBirth) || input.dateOfBirth < '1900-01-01')
    errors.push({ path: 'dateOfBirth', message: VISA_MESSAGES.invalidDate });
  else if (input.dateOfBirth >= today) errors.push({ path: 'dateOfBirth', message: VISA_MESSAGES.birthInFuture });
  else if (input.dateOfBirth > addMonths(today, -12 * MIN_AGE_YEARS)) {
    errors.push({ path: 'dateOfBirth', message: VISA_MESSAGES.tooYoung });
  }
  if (!isCalendarDate(input.passportExpiry)) errors.push({ path: 'passportExpiry', message: VISA_MESSAGES.invalidDate });
  else if (input.passportExpiry < addMonths(eventEnd, PASSPORT_MONTHS_AFTER_EVENT)) {
    errors.push({ path: 'passportExpiry', message: VISA_MESSAGES.passportTooShort });
  }
  return errors;
}
