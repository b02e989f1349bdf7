import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { HttpProblem } from '../../plugins/errors.ts';
import { recordAudit } from '../../services/audit/audit-log.ts';
import { authOf } from '../../types.ts';
import { ORGANIZER_SCOPE, signedInUserRow } from '../lead/access.ts';

export { ORGANIZER_SCOPE };
export const NOT_ORGANIZER = 'Only organizers can do this.';

/** onRequest hook after authenticate: only the organizer scope runs the event (ARCHITECTURE §10). */
export async function organizersOnly(request: FastifyRequest) {
  const row = await signedInUserRow(request.server, authOf(request).userId);
  if (!row.scopes.includes(ORGANIZER_SCOPE)) throw new HttpProblem(403, NOT_ORGANIZER);
}

/**
 * The onRequest hooks of every /api/organizer/ route: signed in (401), then an organizer (403),
 * both before the body is read. The route-table test checks each organizer route carries them.
 */
export const organizerHooks = (app: FastifyInstance) => [app.authenticate, organizersOnly];

/** The signed-in organizer's id, for the audit log. */
export const actorOf = (request: FastifyRequest) => authOf(request).userId;

/**
 * Who downloaded which data, and when: an export of people's data is an organizer action like any
 * other (audit log, issue 14). `what` names the file: attendees, invoices, checkins, vouchers.
 */
export const recordExport = (db: Db, request: FastifyRequest, what: string, subject: string, details: object = {}) =>
  recordAudit(db, { actorUserId: actorOf(request), action: `export.${what}`, subject, details: { ...details } });
