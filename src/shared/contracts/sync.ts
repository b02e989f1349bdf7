// Uploads of offline changes (docs/architecture.md §5): a device's outbox sends ops in batches; the server
// applies each once by its client-generated id and answers per op. Shared by every kind of op
// (agenda favourites here; leads and check-ins use the same result shape).
import { z } from 'zod/mini';
import { says } from '../validation.ts';

/** At most this many ops per upload; the sync engine batches accordingly. */
export const SYNC_BATCH_MAX = 500;

export const syncResultStatusSchema = z.enum(['created', 'updated', 'duplicate', 'rejected']);
export type SyncResultStatus = z.infer<typeof syncResultStatusSchema>;

/** One answer per uploaded op, in the upload's order. `reason` says why an op was rejected. */
export const syncResultSchema = z.object({
  id: z.uuid(),
  status: syncResultStatusSchema,
  reason: z.optional(z.string()),
});
export type SyncResult = z.infer<typeof syncResultSchema>;

export const syncResponseSchema = z.object({ results: z.array(syncResultSchema) });
export type SyncResponse = z.infer<typeof syncResponseSchema>;

/** ISO 8601 instant with a zone (Z or ±hh:mm), as `new Date().toISOString()` writes it. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * Fields every op carries: the client's id (idempotency key) and when the device made the change.
 * (A regex rather than z.iso.datetime(): one-level `z.` calls are tree-shaken from pages that do
 * not use them; z.iso.datetime would ride along in every chunk importing the contracts.)
 */
export const opBase = {
  id: z.uuid(),
  createdAt: z.string().check(z.regex(ISO_INSTANT, says('dateTimeIso'))),
};
