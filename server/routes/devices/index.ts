import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { okSchema } from '#shared/contracts/common.ts';
import { type DeviceKind, deviceReportSchema } from '#shared/contracts/devices.ts';
import { isLeadScanner, isOrganizer, isStaff, signedInUserRow } from '../../plugins/access.ts';
import { HttpProblem, keyedProblem } from '../../plugins/errors.ts';
import { FixedWindowCounter } from '../../plugins/rate-limits.ts';
import { authOf } from '../../types.ts';
import { upsertDeviceReport } from './report.ts';

export const NOT_EVENT_DEVICE = 'Only staff, lead scanners and organizers report devices.';
export const WRONG_DEVICE_KIND = 'This account cannot use a device of this kind.';
export const DEVICE_TAKEN = 'This device id belongs to another device.';

/** A device reports every half minute at most; this is a guard against a runaway one, per account. */
export const DEVICE_REPORTS_PER_MINUTE = 20;
/** The largest valid report is well under 1 KB. */
const REPORT_BODY_LIMIT = 2_048;

type UserRow = Awaited<ReturnType<typeof signedInUserRow>>;

/** Who may report a device of each kind: check-in devices and kiosks are staff's, scanners are exhibitors'. */
const MAY_REPORT: Record<DeviceKind, (row: UserRow) => boolean> = {
  checkin: isStaff,
  kiosk: isStaff,
  lead: (row) => isLeadScanner(row) || isOrganizer(row),
};

/** onRequest hook after authenticate: attendees get their 403 before the body is read. */
export async function eventDevicesOnly(request: FastifyRequest) {
  const row = await signedInUserRow(request.server, authOf(request).userId);
  if (!Object.values(MAY_REPORT).some((may) => may(row))) throw new HttpProblem(403, NOT_EVENT_DEVICE);
}

/** /api/devices: event-day devices report their sync state for the organizer console (docs/behaviour.md §13). */
export const deviceRoutes: FastifyPluginAsyncZod = async (app) => {
  const reports = new FixedWindowCounter(DEVICE_REPORTS_PER_MINUTE, 60_000);

  app.post(
    '/report',
    {
      onRequest: [app.authenticate, eventDevicesOnly],
      bodyLimit: REPORT_BODY_LIMIT,
      schema: {
        tags: ['devices'],
        description:
          "A staff check-in device, lead scanner or kiosk reports its last sync and its changes waiting for upload (staff, lead scanners, organizers; each for the kinds of device they may use). Upserted by deviceId; an id first reported with another secret is refused (409), while the same device may change hands (a tablet at the next shift). lastSyncAt is moved by the difference between sentAt and the server's clock.",
        body: deviceReportSchema,
        response: { 200: okSchema },
      },
    },
    async (request, reply) => {
      const { userId } = authOf(request);
      const wait = reports.hit(userId);
      if (wait > 0) {
        const seconds = Math.ceil(wait / 1000);
        throw keyedProblem(429, 'limit.account', { seconds }, { 'retry-after': String(seconds) });
      }
      const body = request.body;
      if (!MAY_REPORT[body.kind](await signedInUserRow(app, userId))) throw new HttpProblem(403, WRONG_DEVICE_KIND);
      const stored = await upsertDeviceReport(app.db, userId, body);
      if (!stored) throw new HttpProblem(409, DEVICE_TAKEN);
      reply.header('cache-control', 'no-store');
      return { ok: true as const };
    },
  );
};
