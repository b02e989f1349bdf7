import { z } from 'zod/mini';
import { meetsPasswordRule } from '../password.ts';
import { says } from '../validation.ts';
import { singleLine, trimmed } from './common.ts';

export const emailSchema = z.pipe(
  z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254)),
  z.email({ error: says('emailInvalid') }),
);

/** Rule check only; the strength score (zxcvbn) is checked separately because it loads lazily. */
export const newPasswordSchema = z
  .string()
  .check(z.maxLength(128, says('passwordTooLong')), z.refine(meetsPasswordRule, says('passwordRule')));

/**
 * The languages of the product. The account remembers one: its mails and PDFs are
 * written in it. English is the source language and the default.
 */
export const LANGUAGES = ['en', 'de'] as const;
export const languageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof languageSchema>;

export const nameSchema = z.string().check(z.trim(), z.minLength(1, says('required')), z.maxLength(100), singleLine());

export const userSchema = z.object({
  uuid: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  image: z.nullable(z.string()),
  scope: z.array(z.string()),
  tags: z.array(z.object({ id: z.int() })),
  permissions: z.array(z.object({ path: z.string() })),
  isLeadScanner: z.boolean(),
  /**
   * The account's language. The server always sends it; optional so that a user stored before it
   * existed (the app's offline snapshot) still parses: read it as `user.language ?? 'en'`.
   */
  language: z.optional(languageSchema),
});
export type User = z.infer<typeof userSchema>;

/** A password typed to prove it is known (sign-in, confirmation): no rule, that was checked when it was chosen. */
const knownPasswordSchema = z.string().check(z.minLength(1, says('required')), z.maxLength(128));

export const loginBodySchema = z.object({ email: emailSchema, password: knownPasswordSchema });
export const loginResponseSchema = z.object({ token: z.string(), expiresAt: z.string() });

export const signUpBodySchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstName: nameSchema,
  lastName: nameSchema,
  /** The account's language; without it the request's Accept-Language decides (else English). */
  language: z.optional(languageSchema),
});
/**
 * POST /api/user/sign-up answers 202 with this whether or not the address already has an account:
 * the next step is in the mail either way.
 */
export const signUpResponseSchema = z.object({ ok: z.literal(true) });

const emailToken = z.string().check(z.minLength(16), z.maxLength(128));

/**
 * POST /api/user/confirm. The link proves the inbox; the password, chosen at sign-up or registration,
 * proves that the holder of the inbox is the one who chose it (a later sign-up by someone
 * else must not plant its password on the link the holder follows). A wrong one is a 400 on
 * `password` and leaves the link usable.
 */
export const confirmBodySchema = z.object({ uuid: z.uuid(), token: emailToken, password: knownPasswordSchema });
/**
 * The answer of POST /api/user/confirm: the address is confirmed (and the password typed is the account's now). An account that came from a registration also gets its registration session
 * ("confirm first": tokens come only after the confirmation), so the flow goes on from the link.
 */
export const confirmResponseSchema = z.object({
  ok: z.literal(true),
  registration: z.optional(
    z.object({ uuid: z.uuid(), registrationToken: z.string(), passStatus: z.enum(['pending', 'approved']) }),
  ),
});
export type ConfirmResponse = z.infer<typeof confirmResponseSchema>;

export const forgotPasswordBodySchema = z.object({ email: emailSchema });

export const changePasswordBodySchema = z.object({ token: emailToken, password: newPasswordSchema });

export const patchUserBodySchema = z.object({
  firstName: z.optional(nameSchema),
  lastName: z.optional(nameSchema),
  company: z.optional(trimmed(200)),
});

export const profileSchema = z.object({
  uuid: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  image: z.nullable(z.string()),
});

/** PUT /api/user/language: the account's language for its mails and PDFs (204). */
export const userLanguageBodySchema = z.object({ language: languageSchema });
