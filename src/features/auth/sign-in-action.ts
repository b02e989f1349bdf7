import { z } from 'zod/mini';
import { translate } from '../../i18n/i18n.ts';
import { problemOf } from '../../i18n/validation-text.ts';
import { api } from '../../lib/api.ts';
import { errorMessage } from '../../lib/form-errors.ts';
import { startSession } from '../../lib/session.ts';
import { loginBodySchema, loginResponseSchema } from '../../shared/contracts/user.ts';
import type { ValidationProblem } from '../../shared/validation.ts';

export type SignInField = 'email' | 'password';

export type SignInOutcome =
  | { kind: 'invalid'; errors: Partial<Record<SignInField, ValidationProblem>> }
  | { kind: 'ready' }
  | { kind: 'awaiting-approval' }
  | { kind: 'failed'; message: string };

/**
 * Validates the form, signs in and starts the session. Kept apart from the page and loaded when
 * the user starts filling in the form, so a cold visit of /sign-in does not pay for the API client,
 * zod and the session code.
 */
export async function submitSignIn(values: { email: unknown; password: unknown }): Promise<SignInOutcome> {
  const parsed = z.safeParse(loginBodySchema, values);
  if (!parsed.success) {
    const errors: Partial<Record<SignInField, ValidationProblem>> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as SignInField] ??= problemOf(issue);
    return { kind: 'invalid', errors };
  }
  try {
    const { token } = await api('/api/user/login', loginResponseSchema, { method: 'POST', body: parsed.data });
    const outcome = await startSession(token);
    if (outcome === 'signed-out') return { kind: 'failed', message: translate('common', 'toastError') };
    return { kind: outcome };
  } catch (error) {
    // 401 wrong credentials, 403 not confirmed, 429 rate limited: the server's sentence says it best.
    return { kind: 'failed', message: errorMessage(error) };
  }
}
