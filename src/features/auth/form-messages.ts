import { useCallback } from 'react';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { useT } from '../../i18n/use-t.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { SINGLE_LINE_MESSAGE } from '../../shared/text.ts';

/*
 * The validation messages of the account forms (sign-up, change password, the registration's Your
 * Account step). The schemas keep writing them in English, which the tests read; the forms show
 * them in the active language by looking up their catalogue key here. A message that is not listed
 * (the server's own, already in the request's language) is shown as it is. Kept apart from
 * form-schemas.ts so the light sign-in page can use it without zod.
 */

export const PASSWORDS_DIFFER = 'The passwords do not match.';
export const REPEAT_REQUIRED = 'Please repeat your password.';
export const TERMS_REQUIRED = 'Please accept the terms and conditions.';

/** The user contract's own messages (src/shared/contracts/user.ts); form-messages.test.ts keeps them in step. */
export const EMAIL_INVALID = 'Please enter a valid e-mail address.';
export const REQUIRED = 'Required';
export const PASSWORD_TOO_LONG = 'Passwords are limited to 128 characters.';

const AUTH_KEYS: ReadonlyMap<string, MessageKey<'auth'>> = new Map<string, MessageKey<'auth'>>([
  [PASSWORDS_DIFFER, 'passwordsDiffer'],
  [REPEAT_REQUIRED, 'repeatPasswordRequired'],
  [TERMS_REQUIRED, 'termsRequired'],
  [EMAIL_INVALID, 'emailInvalid'],
  [REQUIRED, 'required'],
  [PASSWORD_TOO_LONG, 'passwordTooLong'],
  [SINGLE_LINE_MESSAGE, 'singleLine'],
]);

const COMMON_KEYS: ReadonlyMap<string, MessageKey<'common'>> = new Map<string, MessageKey<'common'>>([
  [MESSAGES.passwordRule, 'passwordRule'],
  [MESSAGES.passwordTooWeak, 'passwordTooWeak'],
  [MESSAGES.invalidVatId, 'invalidVatId'],
  [MESSAGES.toastError, 'toastError'],
]);

/** The catalogue key of a known form message, for tests and for forms with messages of their own. */
export function authMessageKey(message: string): MessageKey<'auth'> | undefined {
  return AUTH_KEYS.get(message);
}

/**
 * Shows a form message in the active language: `formMessage(errors.email?.message)`. `more` looks
 * up a form's own messages first (the registration's account form).
 */
export function useFormMessage(
  more?: (message: string) => string | undefined,
): (message: string | undefined) => string | undefined {
  const t = useT('auth');
  const tCommon = useT('common');
  return useCallback(
    (message: string | undefined) => {
      if (message === undefined) return undefined;
      const own = more?.(message);
      if (own !== undefined) return own;
      const authKey = AUTH_KEYS.get(message);
      if (authKey) return t(authKey);
      const commonKey = COMMON_KEYS.get(message);
      return commonKey ? tCommon(commonKey) : message;
    },
    [t, tCommon, more],
  );
}
