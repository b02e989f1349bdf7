import { z } from 'zod/mini';
import { validationText } from './validation-text.ts';

/** For unit tests: each field's first message for a value, worded as the form shows it (English in tests). */
export function messagesOf(schema: z.ZodMiniType, value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of z.safeParse(schema, value).error?.issues ?? []) out[issue.path.join('.')] ??= validationText(issue);
  return out;
}
