import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { meetsPasswordRule } from '../password.ts';

export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .pipe(z.email({ message: 'Please enter a valid e-mail address.' }));

/** Rule check only; the strength score (zxcvbn) is checked separately because it loads lazily. */
export const newPasswordSchema = z
  .string()
  .max(128, 'Passwords are limited to 128 characters.')
  .refine(meetsPasswordRule, MESSAGES.passwordRule);

export const nameSchema = z.string().trim().min(1, 'Required').max(100);

export const userSchema = z.object({
  uuid: z.uuid(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  image: z.string().nullable(),
  scope: z.array(z.string()),
  tags: z.array(z.object({ id: z.number().int() })),
  permissions: z.array(z.object({ path: z.string() })),
  isLeadScanner: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Required').max(128),
});
export const loginResponseSchema = z.object({ token: z.string(), expiresAt: z.string() });

export const signUpBodySchema = z.object({
  email: emailSchema,
  password: newPasswordSchema,
  firstName: nameSchema,
  lastName: nameSchema,
});
export const signUpResponseSchema = z.object({ uuid: z.uuid() });

export const confirmBodySchema = z.object({
  uuid: z.uuid(),
  token: z.string().min(16).max(128),
});

export const forgotPasswordBodySchema = z.object({ email: emailSchema });

export const changePasswordBodySchema = z.object({
  token: z.string().min(16).max(128),
  password: newPasswordSchema,
});

export const patchUserBodySchema = z
  .object({
    firstName: nameSchema,
    lastName: nameSchema,
    company: z.string().trim().max(200),
  })
  .partial();

export const profileSchema = z.object({
  uuid: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  image: z.string().nullable(),
});
