// Staff pass checks: check-ins made offline on staff devices, uploaded from the outbox in
// batches (src/shared/contracts/sync.ts: per-op results) and applied once by the device's nonce.
import { z } from 'zod/mini';
import { changePageFields } from './changes.ts';
import { badgeToken } from './pass-token.ts';
import { opBase, SYNC_BATCH_MAX } from './sync.ts';

/** GET /api/checkin/lists (staff): where passes are checked, which pass types each admits and when, live counts. */
export const checkinListSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  /** Names as in the badge token's `t`; empty = every pass type. */
  passTypes: z.array(z.string()),
  /** When the list admits (ISO instants; null: no limit on that side): devices refuse passes outside it. */
  validFrom: z.nullable(z.string()),
  validUntil: z.nullable(z.string()),
  checkedIn: z.int(),
  duplicates: z.int(),
});
export type CheckinList = z.infer<typeof checkinListSchema>;

/** One check-in made on a staff device; `id` is the device's nonce. */
export const checkinOpSchema = z.object({
  ...opBase,
  listId: z.int().check(z.positive(), z.lte(2 ** 31 - 1)),
  token: badgeToken,
  deviceId: z.string().check(z.minLength(1), z.maxLength(100)),
});
export type CheckinOp = z.infer<typeof checkinOpSchema>;

/** POST /api/checkin: a batch of check-ins → syncResponseSchema; a pass already checked in on the list is kept and answered `created` with reason 'duplicate: …'. */
export const checkinOpsBodySchema = z.object({
  ops: z.array(checkinOpSchema).check(z.minLength(1), z.maxLength(SYNC_BATCH_MAX)),
});

/**
 * One stored check-in as GET /api/checkin/lists/{id}/events answers it (staff): devices merge these
 * after syncing so a pass checked in on another device shows as a duplicate. `duplicateOf` is the
 * first check-in of the same pass on the list (null for that first one).
 */
export const checkinEventSchema = z.object({
  id: z.uuid(),
  listId: z.int(),
  barcodeId: z.string(),
  passId: z.string(),
  holderName: z.string(),
  company: z.string(),
  passType: z.string(),
  deviceId: z.string(),
  scannedAt: z.string(),
  receivedAt: z.string(),
  duplicateOf: z.nullable(z.string()),
});
export type CheckinEvent = z.infer<typeof checkinEventSchema>;

/**
 * GET /api/checkin/lists/{id}/events?cursor=&limit=: the list's check-ins in the order the server
 * stored them, a page at a time (src/shared/contracts/changes.ts). A device keeps `cursor` and asks
 * again with it until `complete`; the next time it starts from there and gets only what is new.
 */
export const checkinEventsSchema = z.object({ events: z.array(checkinEventSchema), ...changePageFields });
export type CheckinEvents = z.infer<typeof checkinEventsSchema>;
