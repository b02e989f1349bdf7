import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { LEAD_SCANNER_PATH, VENDOR_TAG_ID } from '#shared/messages.ts';
import { users } from '../db/schema/index.ts';
import { authOf } from '../types.ts';
import { HttpProblem } from './errors.ts';

type UserRow = typeof users.$inferSelect;

export const STAFF_SCOPE = 'staff';
export const ORGANIZER_SCOPE = 'organizer';
export const NOT_LEAD_SCANNER = 'Only lead scanners can upload leads.';
export const NOT_STAFF = 'Only staff can check passes.';
export const NOT_ORGANIZER = 'Only organizers can do this.';
export const NOT_VENDOR = 'Only exhibitors (vendor accounts) can join an exhibitor team.';

/** The signed-in user's row, from the session cache when it is warm (permissions change rarely). */
export async function signedInUserRow(app: FastifyInstance, userId: string): Promise<UserRow> {
  const cached = app.sessions.user(userId);
  if (cached) return cached;
  const [row] = await app.db.select().from(users).where(eq(users.id, userId)).limit(1);
  // The token outlived its user (deleted account): as good as signed out.
  if (!row) throw new HttpProblem(401, 'Please sign in.');
  app.sessions.setUser(row);
  return row;
}

/** Lead scanners (docs/architecture.md §10): users with a permission whose path is /contacts. */
export const isLeadScanner = (row: UserRow) => row.permissionPaths.includes(LEAD_SCANNER_PATH);
/**
 * Staff at the doors: the staff scope, and organizers, who run the event and stand in at a door or
 * set up a self-service kiosk (docs/behaviour.md §13) without granting themselves a second role.
 */
export const isStaff = (row: UserRow) => row.scopes.includes(STAFF_SCOPE) || row.scopes.includes(ORGANIZER_SCOPE);

export async function requireStaff(app: FastifyInstance, userId: string): Promise<UserRow> {
  const row = await signedInUserRow(app, userId);
  if (!isStaff(row)) throw new HttpProblem(403, NOT_STAFF);
  return row;
}

/** onRequest hook after authenticate: non-staff get their 403 before the body is read. */
export async function staffOnly(request: FastifyRequest) {
  await requireStaff(request.server, authOf(request).userId);
}

/** onRequest hook after authenticate: only lead scanners may upload, told before the body is read. */
export async function leadScannersOnly(request: FastifyRequest) {
  if (!isLeadScanner(await signedInUserRow(request.server, authOf(request).userId))) throw new HttpProblem(403, NOT_LEAD_SCANNER);
}

/** onRequest hook after authenticate: exhibitor team invitations are answered by vendors (tag 2) only. */
export async function vendorsOnly(request: FastifyRequest) {
  const row = await signedInUserRow(request.server, authOf(request).userId);
  if (!row.tagIds.includes(VENDOR_TAG_ID)) throw new HttpProblem(403, NOT_VENDOR);
}

export const isOrganizer = (row: UserRow) => row.scopes.includes(ORGANIZER_SCOPE);

/** onRequest hook after authenticate: only the organizer scope runs the event. */
export async function organizersOnly(request: FastifyRequest) {
  if (!isOrganizer(await signedInUserRow(request.server, authOf(request).userId))) throw new HttpProblem(403, NOT_ORGANIZER);
}

/**
 * Registered once in the organizer API's scope: every route added there is signed in (401) and
 * organizer-only (403) on onRequest, both before the body is read. The hooks go into the route's
 * own options, so the route table shows them (the access tests walk it).
 */
export function guardOrganizerRoutes(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    route.onRequest = [app.authenticate, organizersOnly, ...[route.onRequest ?? []].flat()];
  });
}
