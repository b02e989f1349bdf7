// Uploads of offline changes (ARCHITECTURE §5): a device's outbox sends ops in batches; the server
// applies each once by its client-generated id and answers per op. Shared by every kind of op
// (agenda favourites here; leads and check-ins use the same result shape).
import { z } from 'zod/mini';

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

/** Fields every op carries: the client's id (idempotency key) and when the device made the change. */
export const opBase = {
  id: z.uuid(),
  createdAt: z.iso.datetime({ offset: true }),
};
