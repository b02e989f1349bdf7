import { useCallback } from 'react';
import { describeIssue, type IssueLike, type ValidationProblem } from '../shared/validation.ts';
import { i18n, translate } from './i18n.ts';
import { useT } from './use-t.ts';

/*
 * The one place the app words validation messages: the shared contracts and rules name
 * their messages by keys of the `validation` catalogue (src/shared/validation.ts), and this shows
 * them in the active language. Messages the server wrote (problem details) are already in the
 * request's language and are shown as they are. Light on purpose (no zod, no form library): the
 * sign-in page uses it.
 */

/** Whether a text is a key of the validation catalogue (a contract's message) rather than zod's own default. */
export const isValidationKey = (text: string) => i18n.messages[`validation:${text}`] !== undefined;

/** The message of a zod issue: its key and values (for code that keeps it to word later). */
export const problemOf = (issue: IssueLike): ValidationProblem => describeIssue(issue, isValidationKey);

/**
 * A field's message as a form keeps it: the server's words (a string, already in the request's
 * language) or a validation problem of the shared rules, worded when shown so it follows the language.
 */
export type FieldMessage = string | ValidationProblem;

/** A validation problem or a zod issue in the active language, outside React (the catalogue must be loaded). */
export function validationText(problem: ValidationProblem | IssueLike): string {
  const { key, values } = 'key' in problem ? problem : problemOf(problem);
  return translate('validation', key, values);
}

/** A field message, validation problem or zod issue in the active language. The component waits for the catalogue. */
export function useValidationText(): (message: FieldMessage | IssueLike) => string {
  const t = useT('validation');
  return useCallback(
    (message: FieldMessage | IssueLike) => {
      if (typeof message === 'string') return message;
      const { key, values } = 'key' in message ? message : problemOf(message);
      return t(key, values);
    },
    [t],
  );
}
