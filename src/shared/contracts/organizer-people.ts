// The organizer console's people pages: the approval queue, the attendee search and one
// attendee's record with its actions, and the audit log. Organizers only (/api/organizer/...).
import { z } from 'zod/mini';
import { says } from '../validation.ts';
import { singleLine } from './common.ts';

export const PASS_STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;
export type PassStatusValue = (typeof PASS_STATUSES)[number];

/** How a pass came about: a voucher code, the free Standard Pass pool, or bought (or given) otherwise. */
export const PASS_SOURCES = ['voucher', 'free-pool', 'purchase'] as const;
export const passSourceSchema = z.enum(PASS_SOURCES);
export type PassSource = z.infer<typeof passSourceSchema>;

/** The largest page any organizer list answers; an approval batch takes at most as many passes. */
export const ORGANIZER_PAGE_MAX = 1000;
export const APPROVAL_BATCH_MAX = 1000;

const pageNumber = z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100_000)));
const pageSize = z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(ORGANIZER_PAGE_MAX)));
/** A search text: trimmed, one line, at most 100 characters; empty means no filter. */
const searchText = z.optional(z.string().check(z.trim(), z.maxLength(100), singleLine()));

const passTypeRef = z.object({ id: z.int(), name: z.string() });

// ---------------------------------------------------------------------------------------------
// Approvals

export const approvalQuerySchema = z.object({ page: pageNumber, pageSize });
export type ApprovalQuery = z.infer<typeof approvalQuerySchema>;

/** One pending pass in the queue (GET /api/organizer/approvals), oldest first. */
export const approvalItemSchema = z.object({
  passId: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  passType: passTypeRef,
  createdAt: z.string(),
  source: passSourceSchema,
  /** The voucher code and its type (host, partner, speaker…) when source is 'voucher'. */
  voucherCode: z.nullable(z.string()),
  codeType: z.nullable(z.string()),
  /** A host code: the host vouches for the guest. */
  hostCode: z.boolean(),
});
export type ApprovalItem = z.infer<typeof approvalItemSchema>;

export const approvalQueueSchema = z.object({
  items: z.array(approvalItemSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
export type ApprovalQueue = z.infer<typeof approvalQueueSchema>;

export const approvalDecisionSchema = z.enum(['approve', 'reject']);
export type ApprovalDecision = z.infer<typeof approvalDecisionSchema>;

export const approvalBodySchema = z.object({
  passIds: z.array(z.uuid()).check(z.minLength(1), z.maxLength(APPROVAL_BATCH_MAX)),
  decision: approvalDecisionSchema,
});
export type ApprovalBody = z.infer<typeof approvalBodySchema>;

/**
 * What happened to one pass: approved or rejected now; 'already' when it had that decision before
 * (nothing changed, nobody mailed); 'not-pending' when it is in another state or unknown.
 */
export const APPROVAL_OUTCOMES = ['approved', 'rejected', 'already', 'not-pending'] as const;
export const approvalResultSchema = z.object({
  passId: z.string(),
  outcome: z.enum(APPROVAL_OUTCOMES),
  /** The pass's status after the request (null: no such pass). */
  status: z.nullable(z.enum(PASS_STATUSES)),
});
export type ApprovalResult = z.infer<typeof approvalResultSchema>;
export const approvalResponseSchema = z.object({ results: z.array(approvalResultSchema) });
export type ApprovalResponse = z.infer<typeof approvalResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Attendees

/** 'none': people without a pass. */
export const ATTENDEE_STATUS_FILTERS = [...PASS_STATUSES, 'none'] as const;

export const attendeeQuerySchema = z.object({
  q: searchText,
  passType: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(2 ** 31 - 1))),
  status: z.optional(z.enum(ATTENDEE_STATUS_FILTERS)),
  page: pageNumber,
  pageSize,
});
export type AttendeeQuery = z.infer<typeof attendeeQuerySchema>;

export const attendeeRowSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  company: z.string(),
  passType: z.nullable(passTypeRef),
  status: z.nullable(z.enum(PASS_STATUSES)),
  source: z.nullable(passSourceSchema),
  createdAt: z.string(),
});
export type AttendeeRow = z.infer<typeof attendeeRowSchema>;

export const attendeePageSchema = z.object({
  rows: z.array(attendeeRowSchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
export type AttendeePage = z.infer<typeof attendeePageSchema>;

export const userIdParamsSchema = z.object({ userId: z.uuid() });

export const attendeeBarcodeSchema = z.object({
  id: z.string(),
  issuedAt: z.string(),
  revokedAt: z.nullable(z.string()),
  revokedReason: z.nullable(z.string()),
});

export const attendeeDetailSchema = z.object({
  profile: z.object({
    userId: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    company: z.string(),
    scopes: z.array(z.string()),
    tagIds: z.array(z.int()),
    emailConfirmedAt: z.nullable(z.string()),
    createdAt: z.string(),
  }),
  pass: z.nullable(
    z.object({
      id: z.string(),
      passType: passTypeRef,
      status: z.enum(PASS_STATUSES),
      source: passSourceSchema,
      voucherCode: z.nullable(z.string()),
      codeType: z.nullable(z.string()),
      createdAt: z.string(),
      approvedAt: z.nullable(z.string()),
      barcodes: z.array(attendeeBarcodeSchema),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      status: z.string(),
      description: z.string(),
      gross: z.int(),
      createdAt: z.string(),
      paidAt: z.nullable(z.string()),
      refunded: z.int(),
    }),
  ),
  /** The billing address's VAT ID (null: no billing address); it is printed on invoices and changes no price. */
  billingVat: z.nullable(
    z.object({
      /** As entered, prefix and number without spaces; '' without one. */
      vatId: z.string(),
    }),
  ),
  invoices: z.array(
    z.object({
      id: z.string(),
      number: z.string(),
      kind: z.enum(['invoice', 'credit-note']),
      gross: z.int(),
      issuedAt: z.string(),
      /** The buyer's VAT ID as printed on the document ('' without one). */
      buyerVatId: z.string(),
    }),
  ),
  bookings: z.array(
    z.object({
      id: z.string(),
      accommodation: z.string(),
      room: z.string(),
      start: z.string(),
      end: z.string(),
      status: z.string(),
    }),
  ),
  checkins: z.array(
    z.object({ id: z.string(), list: z.string(), scannedAt: z.string(), duplicate: z.boolean(), deviceId: z.string() }),
  ),
  leads: z.object({ asScanner: z.int(), asScanned: z.int() }),
});
export type AttendeeDetail = z.infer<typeof attendeeDetailSchema>;

/** The answer of the three actions on one attendee: what was done, in words, and the record after it. */
export const attendeeActionSchema = z.object({ message: z.string(), attendee: attendeeDetailSchema });
export type AttendeeAction = z.infer<typeof attendeeActionSchema>;

// ---------------------------------------------------------------------------------------------
// Audit log

const auditInstant = z.optional(z.iso.datetime({ offset: true }));

export const auditQuerySchema = z.object({
  /** A dotted verb (pass.approve) or its first part (pass: every pass.* action). */
  action: z.optional(z.string().check(z.trim(), z.maxLength(60), z.regex(/^[a-z0-9.-]*$/, says('slugCharacters')))),
  /** The actor: a user id, or a part of their name or e-mail. */
  actor: searchText,
  /** The subject: a user id, or a part of their name or e-mail, or of the subject text. */
  subject: searchText,
  from: auditInstant,
  until: auditInstant,
  page: pageNumber,
  pageSize,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

const auditPerson = z.nullable(z.object({ userId: z.string(), name: z.string(), email: z.string() }));

export const auditEntrySchema = z.object({
  id: z.int(),
  at: z.string(),
  action: z.string(),
  actor: auditPerson,
  subjectUser: auditPerson,
  subject: z.string(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEntryDto = z.infer<typeof auditEntrySchema>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.int(),
  page: z.int(),
  pageSize: z.int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
