import { z } from 'zod';

/** application/problem+json body of every error answer (ARCHITECTURE §4). */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string().optional(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type Problem = z.infer<typeof problemSchema>;

export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Expected a date as YYYY-MM-DD');
export const isoDateTime = z.iso.datetime({ offset: true });
export const uuidParam = z.uuid();
export const okSchema = z.object({ ok: z.literal(true) });
