// The organizer console's vouchers, badges and team, and the exhibitor teams' shared
// lead lists (organizers create them; a team's owner manages its members under /api/lead/team).
import { z } from 'zod/mini';
import { says } from '../validation.ts';
import { singleLine } from './common.ts';

// --- Vouchers ---

export const VOUCHER_CODE_TYPES = ['discount', 'partner', 'speaker', 'press', 'host'] as const;
export type VoucherCodeType = (typeof VOUCHER_CODE_TYPES)[number];
export const VOUCHER_BATCH_MAX = 5000;
export const VOUCHER_PREFIX_MAX = 20;
export const VOUCHER_USES_MAX = 100_000;

/** An instant on the wire: ISO 8601 with seconds and its offset or Z; a day that does not exist (02-31) is refused. */
const isoInstant = z.iso.datetime({ offset: true, error: says('dateTimeExample') });

export const voucherBatchRequestSchema = z.object({
  passTypeId: z.int().check(z.positive(), z.lte(2_147_483_647)),
  /** How many codes to make, 1..5000. */
  count: z.int().check(z.gte(1, says('vouchersCountTooSmall')), z.lte(VOUCHER_BATCH_MAX, says('vouchersCountTooLarge'))),
  /** Uses of each code; null: unlimited. */
  usesPerCode: z.nullable(z.int().check(z.gte(1), z.lte(VOUCHER_USES_MAX))),
  validUntil: z.nullable(isoInstant),
  /** Letters, digits and hyphens before the random part (upper-cased); may be empty. */
  prefix: z
    .string()
    .check(z.trim(), z.toUpperCase(), z.maxLength(VOUCHER_PREFIX_MAX), z.regex(/^[A-Z0-9-]*$/, says('vouchersPrefixCharacters'))),
  codeType: z.enum(VOUCHER_CODE_TYPES),
});
export type VoucherBatchRequest = z.infer<typeof voucherBatchRequestSchema>;

export const voucherSchema = z.object({
  code: z.string(),
  passTypeId: z.int(),
  passTypeName: z.string(),
  codeType: z.string(),
  maxUses: z.nullable(z.int()),
  usedCount: z.int(),
  validUntil: z.nullable(z.string()),
  batch: z.nullable(z.string()),
  disabledAt: z.nullable(z.string()),
  createdAt: z.string(),
});
export type Voucher = z.infer<typeof voucherSchema>;

export const voucherBatchCreatedSchema = z.object({
  batch: z.string(),
  count: z.int(),
  /** The new codes (also downloadable as CSV by batch). */
  codes: z.array(z.string()),
});
export type VoucherBatchCreated = z.infer<typeof voucherBatchCreatedSchema>;

export const voucherPageSchema = z.object({
  vouchers: z.array(voucherSchema),
  /** The following page's `after` (a code), or null on the last page. */
  next: z.nullable(z.string()),
  total: z.int(),
});
export type VoucherPage = z.infer<typeof voucherPageSchema>;

export const voucherBatchSummarySchema = z.object({
  batch: z.string(),
  codeType: z.string(),
  passTypeName: z.string(),
  codes: z.int(),
  used: z.int(),
  disabled: z.int(),
  createdAt: z.string(),
});
export const voucherBatchesSchema = z.object({ batches: z.array(voucherBatchSummarySchema) });
export type VoucherBatchSummary = z.infer<typeof voucherBatchSummarySchema>;

/** A pass type codes can be made for (every kind but upgrades). */
export const voucherPassTypeSchema = z.object({ id: z.int(), name: z.string(), kind: z.string(), active: z.boolean() });
export type VoucherPassType = z.infer<typeof voucherPassTypeSchema>;
export const voucherPassTypesSchema = z.array(voucherPassTypeSchema);

export const disabledCountSchema = z.object({ disabled: z.int() });
export type DisabledCount = z.infer<typeof disabledCountSchema>;

// --- Staff and organizers ---

export const TEAM_ROLES = ['staff', 'organizer'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

const email = z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254), z.email(says('emailInvalid')));

export const teamInviteRequestSchema = z.object({ email, role: z.enum(TEAM_ROLES) });
export type TeamInviteRequest = z.infer<typeof teamInviteRequestSchema>;

export const teamMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  roles: z.array(z.enum(TEAM_ROLES)),
  /** False for an invited account whose holder has not chosen a password yet. */
  active: z.boolean(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamListSchema = z.object({ members: z.array(teamMemberSchema) });
export type TeamList = z.infer<typeof teamListSchema>;

export const teamInviteResultSchema = z.object({ member: teamMemberSchema, created: z.boolean() });
export type TeamInviteResult = z.infer<typeof teamInviteResultSchema>;

export const removeRoleRequestSchema = z.object({ role: z.enum(TEAM_ROLES) });

// --- Exhibitor teams (shared lead lists) ---

const teamName = z.string().check(z.trim(), z.minLength(1, says('teamNameRequired')), z.maxLength(120), singleLine());

export const leadTeamMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string(),
  company: z.string(),
  isOwner: z.boolean(),
});
export type LeadTeamMember = z.infer<typeof leadTeamMemberSchema>;

export const leadTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  ownerUserId: z.nullable(z.string()),
  members: z.array(leadTeamMemberSchema),
  createdAt: z.string(),
});
export type LeadTeam = z.infer<typeof leadTeamSchema>;
export const leadTeamListSchema = z.object({ teams: z.array(leadTeamSchema) });
export type LeadTeamList = z.infer<typeof leadTeamListSchema>;

export const leadTeamCreateSchema = z.object({
  name: teamName,
  /** The vendor (tag 2) who owns it; becomes a lead scanner and the first member. */
  ownerEmail: email,
});
export type LeadTeamCreate = z.infer<typeof leadTeamCreateSchema>;

/** An invitation to a team: the answer is the same whether or not the address has an account. */
export const leadTeamMemberRequestSchema = z.object({ email });
export type LeadTeamMemberRequest = z.infer<typeof leadTeamMemberRequestSchema>;

/** A pending invitation as the team's owner sees it (withdrawn with its id). */
export const leadTeamInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** An organizer invited (across company lines, too). */
  byOrganizer: z.boolean(),
  createdAt: z.string(),
});
export type LeadTeamInvitation = z.infer<typeof leadTeamInvitationSchema>;
export const leadTeamInvitationListSchema = z.object({ invitations: z.array(leadTeamInvitationSchema) });

/** A pending invitation addressed to the signed-in vendor: accepted or declined by its id. */
export const receivedLeadTeamInvitationSchema = z.object({
  id: z.string(),
  teamId: z.string(),
  teamName: z.string(),
  /** Who invited: the owner's name (or e-mail), or empty when an organizer did. */
  invitedBy: z.string(),
  byOrganizer: z.boolean(),
  createdAt: z.string(),
});
export type ReceivedLeadTeamInvitation = z.infer<typeof receivedLeadTeamInvitationSchema>;
export const receivedLeadTeamInvitationListSchema = z.object({ invitations: z.array(receivedLeadTeamInvitationSchema) });

/** The signed-in member's own terms: since when the team sees their scans, and whether it sees the earlier ones. */
export const leadTeamMembershipSchema = z.object({
  joinedAt: z.nullable(z.string()),
  sharesEarlier: z.boolean(),
});
export type LeadTeamMembership = z.infer<typeof leadTeamMembershipSchema>;
export const leadTeamShareRequestSchema = z.object({ sharesEarlier: z.boolean() });

export const leadTeamOwnerRequestSchema = z.object({ userId: z.uuid() });
