import { z } from 'zod/mini';
import { translate } from '../i18n/i18n.ts';
import type { OutboxKind } from '../lib/db.ts';
import { type FavouriteOp, favouriteOpSchema } from '../shared/contracts/agenda.ts';
import { type CheckinOp, checkinOpSchema } from '../shared/contracts/checkin.ts';
import { type LeadOp, leadOpSchema } from '../shared/contracts/leads.ts';

/*
 * Every kind of offline change the outbox carries, with where it is uploaded. One place: a new
 * kind (as lead and check-in did) adds its name to OutboxKind (src/lib/db.ts), its op type to
 * OutboxOps and its entry to SYNC_KINDS; the compiler then points at whatever is missing.
 */

/** The op each kind uploads: the client id and creation time plus the kind's own fields. */
export interface OutboxOps {
  favourite: FavouriteOp;
  lead: LeadOp;
  checkin: CheckinOp;
}

/** What a caller enqueues: the op without id and createdAt (the outbox adds those). */
export type OutboxPayload<K extends OutboxKind> = Omit<OutboxOps[K], 'id' | 'createdAt'>;

export interface SyncKind<Op> {
  /** POST endpoint that takes a batch and answers with syncResponseSchema. */
  endpoint: string;
  /** The contract's schema of one op; rows are checked against it before they are sent. */
  opSchema: z.core.$ZodType<Op>;
  /** The request body for a batch of valid ops (at most SYNC_BATCH_MAX). */
  toBody(ops: Op[]): unknown;
  /** Names the change for people ("Agenda favourite"), e.g. beside a rejection reason. */
  label: string;
}

export type SyncKinds = { [K in OutboxKind]: SyncKind<OutboxOps[K]> };

export const SYNC_KINDS: SyncKinds = {
  favourite: {
    endpoint: '/api/agenda/favourites',
    opSchema: favouriteOpSchema,
    toBody: (ops) => ({ ops }),
    get label() {
      return translate('common', 'kindFavourite');
    },
  },
  lead: {
    endpoint: '/api/lead',
    opSchema: leadOpSchema,
    toBody: (ops) => ({ ops }),
    get label() {
      return translate('common', 'kindLead');
    },
  },
  checkin: {
    endpoint: '/api/checkin',
    opSchema: checkinOpSchema,
    toBody: (ops) => ({ ops }),
    get label() {
      return translate('common', 'kindCheckin');
    },
  },
};

/** The op a row stands for; id and createdAt come from the row, never from the payload. */
export function opOf(row: { id: string; createdAt: string; payload: unknown }): Record<string, unknown> {
  const payload = typeof row.payload === 'object' && row.payload !== null ? row.payload : {};
  return { ...payload, id: row.id, createdAt: row.createdAt };
}

/**
 * Checks a row read back from IndexedDB (possibly written by an older version of the app) against
 * its kind's schema. Returns the op to send, or a reason to show when it cannot be sent.
 */
export function readOp<Op>(
  kind: SyncKind<Op>,
  row: { id: string; createdAt: string; payload: unknown },
): { op: Op } | { reason: string } {
  const parsed = z.safeParse(kind.opSchema, opOf(row));
  if (parsed.success) return { op: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? ` (${issue.path.join('.')})` : '';
  return {
    reason: translate('common', 'syncUnsendable', { where, reason: issue?.message ?? translate('common', 'syncInvalidData') }),
  };
}
