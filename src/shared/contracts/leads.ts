// Lead scanning: ops uploaded from the device's outbox in batches
// (src/shared/contracts/sync.ts: per-op results), applied once by op id.
import { z } from 'zod/mini';
import { says } from '../validation.ts';
import { changePageFields } from './changes.ts';
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
 * person again updates their lead instead of adding one. An edit of a lead this device only knows
 * from the server's list (scanned on another device or by a team mate) names the person by the
 * lead's `badgeId` instead: the server accepts it when that person is on the scanner's list.
 */
export const leadOpSchema = z
  .object({
    ...opBase,
    token: z.optional(badgeToken),
    badgeId: z.optional(z.uuid()),
    notes: z.optional(z.string().check(z.maxLength(LEAD_NOTES_MAX_LENGTH))),
    rating: z.optional(z.int().check(z.gte(0), z.lte(LEAD_RATING_MAX))),
    tags: z.optional(
      z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(LEAD_TAG_MAX_LENGTH))).check(z.maxLength(LEAD_TAGS_MAX)),
    ),
    answers: z.optional(z.array(leadAnswerSchema).check(z.maxLength(20))),
  })
  .check(
    z.refine((op) => (op.token === undefined ? op.badgeId !== undefined && isLeadEdit(op) : op.badgeId === undefined), {
      error: says('leadOpPerson'),
      path: ['token'],
    }),
  );
export type LeadOp = z.infer<typeof leadOpSchema>;

/** An op with any edit field is an edit; one with only the token is a scan. */
export function isLeadEdit(op: Pick<LeadOp, 'notes' | 'rating' | 'tags' | 'answers'>): boolean {
  return op.notes !== undefined || op.rating !== undefined || op.tags !== undefined || op.answers !== undefined;
}

/** POST /api/lead: a batch of lead ops → syncResponseSchema (created, updated, duplicate, rejected + reason). */
export const leadOpsBodySchema = z.object({ ops: z.array(leadOpSchema).check(z.minLength(1), z.maxLength(SYNC_BATCH_MAX)) });

/** The other person of a lead, as the lists show them (docs/behaviour.md §3: lastName and company at least). */
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
 * only in the active list, as are `badgeId` (the barcode scanned last: what a device keys its copy of
 * the lead by, the token's `pid`, and what an edit of the lead names) and `passType` (of that
 * barcode's pass; missing only when the pass no longer exists).
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
  passType: z.optional(z.string()),
});
export type Lead = z.infer<typeof leadSchema>;

/**
 * GET /api/lead/changes?cursor=&limit= (lead scanners): the active list as changes, a page at a
 * time (src/shared/contracts/changes.ts): leads scanned or edited, and leads whose person or badge
 * changed, since the cursor. A device's first download (no cursor) has every lead. `reset`: the
 * list is downloaded from the start (no cursor sent, or leads left the list: a team mate left the
 * team, a lead was deleted): the device drops its copy and keeps the leads of this download instead.
 */
export const leadChangesSchema = z.object({
  leads: z.array(leadSchema),
  ...changePageFields,
  reset: z.boolean(),
});
export type LeadChanges = z.infer<typeof leadChangesSchema>;
