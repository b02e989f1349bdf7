// zod/mini (tree-shakable) so the contracts cost the cold sign-in visit a few KB, not 25 KB.
import { z } from 'zod/mini';
import { hasControlCharacter } from '../text.ts';
import { says, type ValidationKey } from '../validation.ts';
import { normalizeVatId } from '../vat-id.ts';

/** application/problem+json body of every error answer (docs/architecture.md §4). */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.int(),
  detail: z.optional(z.string()),
  errors: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
});
export type Problem = z.infer<typeof problemSchema>;

export const isoDate = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, says('dateFormat')));
export const okSchema = z.object({ ok: z.literal(true) });

/**
 * Refuses line breaks, tabs and other control characters (src/shared/text.ts) in a single-line text
 * such as a name, a company or an address line: they could add lines to the mails, PDFs and badges
 * that print it. Every single-line text field of a request carries it.
 */
export const singleLine = () => z.refine<string>((value) => !hasControlCharacter(value), says('singleLine'));

/** Shorthands for the common checks, keeping schemas readable in the functional mini style. */
export const trimmed = (max: number) => z.string().check(z.trim(), z.maxLength(max), singleLine());
/** A single-line text that must be given: `key` says so when it is empty (or shorter than `min`). */
export const requiredText = (key: ValidationKey, max: number, min = 1) =>
  z.string().check(z.trim(), z.minLength(min, says(key)), z.maxLength(max), singleLine());
/** A VAT ID as typed in a form: the server checks it (vat-id.ts); here only its length once spaces are gone. */
export const vatIdInput = () =>
  z.string().check(z.refine((value) => normalizeVatId(value).length <= 20, { error: says('tooLong'), params: { maximum: 20 } }));

/**
 * Refuses an array in which two items share a key (e.g. one survey question answered twice), with
 * the message on each repeat's `field`, so a request means one thing and cannot hit a unique index.
 */
export const uniqueBy = <T>(key: (item: T) => unknown, field: string, message: ValidationKey) =>
  z.superRefine<T[]>((items, ctx) => {
    const seen = new Set<unknown>();
    items.forEach((item, index) => {
      const value = key(item);
      if (seen.has(value)) ctx.addIssue({ code: 'custom', message, path: [index, field], input: item });
      seen.add(value);
    });
  });
export const withDefault = <T extends z.core.SomeType>(schema: T, value: z.core.util.NoUndefined<z.core.output<T>>) =>
  z._default(schema, value);
