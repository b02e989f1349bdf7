// Lead scanning and staff pass checks (issue 6). Both upload ops from the device's outbox in
// batches (src/shared/contracts/sync.ts: per-op results) and are applied once by op id.
import { z } from 'zod/mini';
import { PASS_TOKEN_MAX_LENGTH } from '../pass-token.ts';
import { opBase, SYNC_BATCH_MAX } from './sync.ts';

const badgeToken = z.string().check(z.minLength(1), z.maxLength(PASS_TOKEN_MAX_LENGTH));

export const LEAD_RATING_MAX = 5;
export const leadAnswerSchema = z.object({
  question: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  answer: z.string().check(z.trim(), z.maxLength(500)),
});

/**
 * One change of a lead made on the scanner's device: a scan (only the badge token) or an edit
 * (the same token plus the fields changed). The token names the person (its `pid` is their badge);
 * the server verifies its signature and revocation before applying anything. Scanning the same
 * person again updates their lead instead of adding one.
 */
export const leadOpSchema = z.object({
  ...opBase,
  token: badgeToken,
  notes: z.optional(z.string().check(z.maxLength(5000))),
  rating: z.optional(z.int().check(z.gte(0), z.lte(LEAD_RATING_MAX))),
  tags: z.optional(z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))).check(z.maxLength(20))),
  answers: z.optional(z.array(leadAnswerSchema).check(z.maxLength(20))),
});
export type LeadOp = z.infer<typeof leadOpSchema>;

/** POST /api/lead: a batch of lead ops → syncResponseSchema (created, updated, duplicate, rejected + reason). */
export const leadOpsBodySchema = z.object({ ops: z.array(leadOpSchema).check(z.minLength(1), z.maxLength(SYNC_BATCH_MAX)) });

/** The other person of a lead, as the lists show them (SPEC §3: lastName and company at least). */
export const leadPersonSchema = z.object({
  uuid: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  company: z.string(),
  image: z.nullable(z.string()),
});

/**
 * GET /api/lead?active=true (people I scanned: `passiveUser` is set) and ?active=false (people who
 * scanned me: `activeUser` is set). Notes, rating, tags and answers belong to the scanner and are
 * only in the active list.
 */
export const leadSchema = z.object({
  id: z.uuid(),
  createdAt: z.string(),
  changedAt: z.string(),
  scanCount: z.int(),
  passiveUser: z.optional(leadPersonSchema),
  activeUser: z.optional(leadPersonSchema),
  notes: z.optional(z.string()),
  rating: z.optional(z.int()),
  tags: z.optional(z.array(z.string())),
  answers: z.optional(z.array(leadAnswerSchema)),
});
export type Lead = z.infer<typeof leadSchema>;

/** GET /api/checkin/lists (staff): where passes are checked, which pass types each admits, live counts. */
export const checkinListSchema = z.object({
  id: z.int(),
  name: z.string(),
  description: z.string(),
  /** Names as in the badge token's `t`; empty = every pass type. */
  passTypes: z.array(z.string()),
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

/** Events received since `since` (inclusive, with a few seconds of overlap); send `until` back as the next `since`. */
export const checkinEventsSchema = z.object({ events: z.array(checkinEventSchema), until: z.string() });
export type CheckinEvents = z.infer<typeof checkinEventsSchema>;
