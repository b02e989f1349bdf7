import { z } from 'zod/mini';
import { confirmBodySchema, newPasswordSchema, signUpBodySchema } from '../../shared/contracts/user.ts';
import { says } from '../../shared/validation.ts';

interface PasswordPair {
  password?: unknown;
  repeatPassword?: unknown;
}

// Zod skips object refinements once a field has failed; comparing whenever both are strings shows
// the mismatch together with the other field errors instead of only after they are fixed.
const bothPasswordsGiven = (payload: { value: unknown }) => {
  const value = payload.value as PasswordPair | undefined;
  return typeof value?.password === 'string' && typeof value.repeatPassword === 'string';
};

const passwordsMatch = (value: { password: string; repeatPassword: string }) =>
  value.repeatPassword === '' || value.password === value.repeatPassword;

const repeatPassword = z.string().check(z.minLength(1, says('repeatPasswordRequired')));

/** The sign-up form: the API body (signUpBodySchema's fields) plus repeat password and terms. */
export const signUpFormSchema = z
  .object({
    ...signUpBodySchema.shape,
    repeatPassword,
    acceptTerms: z.boolean().check(z.refine((accepted) => accepted, says('termsRequired'))),
  })
  .check(z.refine(passwordsMatch, { path: ['repeatPassword'], message: says('passwordsDiffer'), when: bothPasswordsGiven }));
export type SignUpFormInput = z.input<typeof signUpFormSchema>;
export type SignUpFormValues = z.output<typeof signUpFormSchema>;

/** The change-password form: new password (rule checked here, strength on submit) and repeat. */
export const changePasswordFormSchema = z
  .object({ password: newPasswordSchema, repeatPassword })
  .check(z.refine(passwordsMatch, { path: ['repeatPassword'], message: says('passwordsDiffer'), when: bothPasswordsGiven }));
export type ChangePasswordFormValues = z.output<typeof changePasswordFormSchema>;

/** The confirmation page: the password chosen at sign-up, typed again (the link brings uuid and token). */
export const confirmFormSchema = z.object({ password: confirmBodySchema.shape.password });
