// Lead scanning (issue 6): ops uploaded from the device's outbox in batches
// (src/shared/contracts/sync.ts: per-op results), applied once by op id.
import { z } from 'zod/mini';
import { badgeToken } from './pass-token.ts';
import { opBase, SYNC_BATCH_MAX } from './sync.ts';

export const LEAD_RATING_MAX = 5;
export const LEAD_NOTES_MAX_LENGTH = 5000;
export const LEAD_TAGS_MAX = 20;
export const LEAD_TAG_MAX_LENGTH = 40;
/** Why a scan of the scanner's own badge is refused, by the server and offline by the device (exact). */
export const OWN_BADGE = 'You cannot scan your own badge.';
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
  notes: z.optional(z.string().check(z.maxLength(LEAD_NOTES_MAX_LENGTH))),
  rating: z.optional(z.int().check(z.gte(0), z.lte(LEAD_RATING_MAX))),
  tags: z.optional(
    z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(LEAD_TAG_MAX_LENGTH))).check(z.maxLength(LEAD_TAGS_MAX)),
  ),
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
 * only in the active list, as are `badgeId` and `token`: the barcode scanned last (what a device
 * keys its copy of the lead by, the token's `pid`) and a badge token the server signed for it with
 * the person's current name, company and pass type, so any device of the scanner can send edits of
 * the lead (the server accepts edits of an existing lead even after that barcode was revoked).
 * `token` is missing only when the barcode's pass no longer exists.
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
  badgeId: z.optional(z.string()),
  token: z.optional(badgeToken),
});
export type Lead = z.infer<typeof leadSchema>;
