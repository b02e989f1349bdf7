import { z } from 'zod/mini';
import type { MessageKey } from '../../i18n/namespaces.ts';
import { api } from '../../lib/api.ts';
import { checkinPassTypeSchema } from '../../shared/contracts/organizer-event.ts';
import {
  type ApprovalDecision,
  type AttendeeQuery,
  type AuditQuery,
  approvalQueueSchema,
  approvalResponseSchema,
  attendeeActionSchema,
  attendeeDetailSchema,
  attendeePageSchema,
  auditPageSchema,
  type PassSource,
  type PassStatusValue,
} from '../../shared/contracts/organizer-people.ts';

/** The calls of the console's people pages (approvals, attendees, one attendee, audit log). */

const fresh = { cache: 'no-cache' } as const;

export const loadApprovals = (page: number, pageSize: number, signal?: AbortSignal) =>
  api('/api/organizer/approvals', approvalQueueSchema, { query: { page, pageSize }, signal, ...fresh });

export const decidePasses = (passIds: string[], decision: ApprovalDecision) =>
  api('/api/organizer/approvals', approvalResponseSchema, { method: 'POST', body: { passIds, decision } });

export const searchAttendees = (query: AttendeeQuery, signal?: AbortSignal) =>
  api('/api/organizer/attendees', attendeePageSchema, { query: { ...query }, signal, ...fresh });

export const loadAttendee = (userId: string, signal?: AbortSignal) =>
  api(`/api/organizer/attendees/${encodeURIComponent(userId)}`, attendeeDetailSchema, { signal, ...fresh });

export type AttendeeActionName = 'resend-confirmation' | 'reissue-barcode' | 'cancel-pass';

export const attendeeAction = (userId: string, action: AttendeeActionName) =>
  api(`/api/organizer/attendees/${encodeURIComponent(userId)}/${action}`, attendeeActionSchema, { method: 'POST' });

export const loadAudit = (query: AuditQuery, signal?: AbortSignal) =>
  api('/api/organizer/audit', auditPageSchema, { query: { ...query }, signal, ...fresh });

const passTypesSchema = z.array(checkinPassTypeSchema);
export const loadPassTypes = (signal?: AbortSignal) =>
  api('/api/organizer/checkin-lists/pass-types', passTypesSchema, { signal });

/** The catalogue keys (organizer namespace) of a pass's status, and of none. */
export const STATUS_LABELS: Record<PassStatusValue | 'none', MessageKey<'organizer'>> = {
  pending: 'statusPending',
  approved: 'statusApproved',
  rejected: 'statusRejected',
  cancelled: 'statusCancelled',
  none: 'statusNone',
};

/** The catalogue keys (organizer namespace) of how a pass came about. */
export const SOURCE_LABELS: Record<PassSource, MessageKey<'organizer'>> = {
  voucher: 'sourceVoucher',
  'free-pool': 'sourceFreePool',
  purchase: 'sourcePurchase',
};

/** The number of pages for a total (at least 1). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
