// zod/mini (tree-shakable) so the contracts cost the cold sign-in visit a few KB, not 25 KB.
import { z } from 'zod/mini';

/** application/problem+json body of every error answer (ARCHITECTURE §4). */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.int(),
  detail: z.optional(z.string()),
  errors: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});
export type Problem = z.infer<typeof problemSchema>;

export const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD'));
export const okSchema = z.object({ ok: z.literal(true) });

/** Shorthands for the common checks, keeping schemas readable in the functional mini style. */
export const trimmed = (max: number) => z.string().check(z.trim(), z.maxLength(max));
export const withDefault = <T extends z.core.SomeType>(schema: T, value: z.core.util.NoUndefined<z.core.output<T>>) =>
  z._default(schema, value);
