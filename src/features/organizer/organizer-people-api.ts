import { z } from 'zod/mini';
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

/** '12 Mar 2026, 14:05' on the venue clock. */
export { venueDateTime } from '../../lib/venue-time.ts';

export const STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  cancelled: 'Cancelled',
  none: 'No pass',
};

export const SOURCE_LABELS: Record<string, string> = {
  voucher: 'Voucher',
  'free-pool': 'Free pass pool',
  purchase: 'Purchase',
};

/** The number of pages for a total (at least 1). */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));
