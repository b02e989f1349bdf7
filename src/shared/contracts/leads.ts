// Lead scanning (issue 6): ops uploaded from the device's outbox in batches
// (src/shared/contracts/sync.ts: per-op results), applied once by op id.
import { z } from 'zod/mini';
import { badgeToken } from './pass-token.ts';
import { opBase, SYNC_BATCH_MAX } from './sync.ts';

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
