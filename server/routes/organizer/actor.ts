import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { recordAudit } from '../../services/audit/audit-log.ts';
import { authOf } from '../../types.ts';

/** The signed-in organizer's id, for the audit log. */
export const actorOf = (request: FastifyRequest) => authOf(request).userId;

/**
 * Who downloaded which data, and when: an export of people's data is an organizer action like any
 * other (audit log, docs/behaviour.md §11). `what` names the file: attendees, invoices, checkins, vouchers.
 */
export const recordExport = (db: Db, request: FastifyRequest, what: string, subject: string, details: object = {}) =>
  recordAudit(db, { actorUserId: actorOf(request), action: `export.${what}`, subject, details: { ...details } });
