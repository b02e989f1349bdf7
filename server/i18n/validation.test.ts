import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { voucherBatchRequestSchema } from '#shared/contracts/organizer-admin.ts';
import { checkinListCreateSchema } from '#shared/contracts/organizer-event.ts';
import { signUpBodySchema } from '#shared/contracts/user.ts';
import { MESSAGES } from '#shared/messages.ts';
import { stayProblem } from '#shared/stay.ts';
import { describeIssue, type ValidationProblem } from '#shared/validation.ts';
import { CATALOGUES } from './catalogues.ts';
import type { Language } from './language.ts';
import { translator } from './translate.ts';

/*
 * The validation messages: the shared contracts name keys of one catalogue
 * (src/locales/<language>/validation.json), and describeIssue words every zod issue, named or
 * not, in the reader's language. The server's problem details and the app's forms use the same words.
 */

const isKey = (text: string) => Object.hasOwn(CATALOGUES.en.validation, text);
const word = (language: Language, problem: ValidationProblem) => translator(language, 'validation')(problem.key, problem.values);

/** Each field's first message for a body, in a language. */
function messages(schema: z.ZodMiniType, body: unknown, language: Language = 'en'): Record<string, string> {
  const result = z.safeParse(schema, body);
  const out: Record<string, string> = {};
  for (const issue of result.success ? [] : result.error.issues) {
    out[issue.path.join('.')] ??= word(language, describeIssue(issue, isKey));
  }
  return out;
}

describe('the validation catalogue', () => {
  it("holds the spec's texts word for word", () => {
    const en = CATALOGUES.en.validation;
    expect(en.passwordRule).toBe(MESSAGES.passwordRule);
    expect(en.passwordTooWeak).toBe(MESSAGES.passwordTooWeak);
    expect(en.invalidVatId).toBe(MESSAGES.invalidVatId);
    expect(en.questionRequired).toBe(MESSAGES.questionRequired);
    expect(word('en', { key: 'maxSelections', values: { maximum: 3 } })).toBe(MESSAGES.maxSelections(3));
  });
});

describe('describeIssue', () => {
  it("words a contract's named messages in both languages", () => {
    const body = { email: 'not-an-address', password: 'short', firstName: ' ', lastName: 'Lovelace' };
    expect(messages(signUpBodySchema, body)).toEqual({
      email: 'Please enter a valid e-mail address.',
      password: MESSAGES.passwordRule,
      firstName: 'Required',
    });
    expect(messages(signUpBodySchema, body, 'de')).toEqual({
      email: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
      password: expect.stringMatching(/^Ihr Passwort muss mindestens 8 Zeichen lang sein/),
      firstName: 'Pflichtfeld',
    });
  });

  it('gives a named message the limit its check holds', () => {
    const batch = { passTypeId: 1, count: 100_000, usesPerCode: 1, validUntil: null, prefix: '' };
    expect(messages(voucherBatchRequestSchema, batch).count).toBe('At most 5000 codes at once');
    expect(messages(voucherBatchRequestSchema, batch, 'de').count).toBe('Höchstens 5000 Codes auf einmal');
  });

  it('words the checks that name no message from what they checked', () => {
    const batch = { passTypeId: 1, count: 1, usesPerCode: 0, validUntil: null, prefix: 'A'.repeat(40) };
    expect(messages(voucherBatchRequestSchema, batch)).toMatchObject({ usesPerCode: 'Must be at least 1.' });
    expect(messages(voucherBatchRequestSchema, batch, 'de')).toMatchObject({ usesPerCode: 'Muss mindestens 1 sein.' });
    const list = { name: 'Hall', description: 'x'.repeat(501) };
    expect(messages(checkinListCreateSchema, list)).toEqual({ description: 'Please use at most 500 characters.' });
    expect(messages(checkinListCreateSchema, list, 'de')).toEqual({ description: 'Bitte verwenden Sie höchstens 500 Zeichen.' });
    expect(messages(checkinListCreateSchema, { name: 42 })).toEqual({ name: 'Invalid input: expected string' });
    expect(messages(checkinListCreateSchema, { name: 'Hall', passTypeIds: [1.5] })).toEqual({
      'passTypeIds.0': 'Please enter a whole number.',
    });
  });

  it("words the shared rules' problems with their values", () => {
    const tooLong = stayProblem('2026-03-01', '2026-03-20');
    if (!tooLong) throw new Error('expected a problem');
    expect(word('en', tooLong)).toBe('A stay can be at most 14 nights.');
    expect(word('de', tooLong)).toBe('Ein Aufenthalt kann höchstens 14 Nächte dauern.');
  });

  it('takes a text that is no key (a zod default) for what it is: worded from the check', () => {
    expect(describeIssue({ code: 'too_big', origin: 'string', maximum: 5, message: 'Too big: expected string' }, isKey)).toEqual({
      key: 'tooLong',
      values: { maximum: 5 },
    });
    expect(describeIssue({ code: 'custom', message: 'stayTooLong', params: { maximum: 14 } }, isKey)).toEqual({
      key: 'stayTooLong',
      values: { maximum: 14 },
    });
  });
});
