import { randomUUID } from 'node:crypto';
import { createRng } from '../../server/db/seed/prng.ts';
import type { LoadRequest } from './load-driver.ts';
import type { Device, DeviceRole, LoadWorld } from './load-setup.ts';

/**
 * The event-morning mix, one request per op: what a device asks for when the app opens (docs/behaviour.md §4's
 * start-up calls, the badge trust data, the personal agenda, and the scanner's or staff member's
 * lists), lead-scan uploads from exhibitors' scanners, check-in uploads from staff devices and
 * agenda-favourite changes from attendees. Uploads carry one to three ops, as a device's outbox
 * sends them when the hall's Wi-Fi comes and goes; by ops: scans : check-ins : favourites ≈ 4 : 2 : 1.
 */
export const MIX = { startupRead: 0.6, leadUpload: 0.2, checkinUpload: 0.1, favouriteChange: 0.1 } as const;

/** Start-up reads of every signed-in device (src/lib/session-load.ts, use-badge-trust.ts, use-favourites.ts). */
const COMMON_READS = [
  '/api/user/',
  '/api/pass',
  '/api/pass/barcode',
  '/api/pass/keys',
  '/api/address/?type=billingAddress',
  '/api/booking?extended=true',
  '/api/train-ticket',
  '/api/survey/questions/',
  '/api/survey',
  '/api/agenda/favourites',
];

/**
 * Downloads a device makes from where its last one ended: it sends back what the last answer said
 * (`cursor`, or in the older form `until`/`updatedAt` as `since`); the first one has everything.
 */
function nextQuery(body: string): string | null {
  const answer = JSON.parse(body) as { cursor?: unknown; until?: unknown; updatedAt?: unknown };
  if (typeof answer.cursor === 'string') return `cursor=${encodeURIComponent(answer.cursor)}`;
  const since = answer.until ?? answer.updatedAt;
  return typeof since === 'string' ? `since=${encodeURIComponent(since)}` : null;
}

/** A path as the per-route summary groups it (list ids left out). */
const routeOf = (path: string) => path.replace(/\/lists\/\d+\//, '/lists/:id/');

const okStatuses = new Set(['created', 'updated', 'duplicate']);

/** An upload's answer must account for every op: a rejected scan or check-in is a lost one. */
function checkUpload(opCount: number) {
  return (_status: number, body: string): string | null => {
    const { results } = JSON.parse(body) as { results?: { status: string; reason?: string }[] };
    if (!Array.isArray(results) || results.length !== opCount) return `expected ${opCount} results: ${body.slice(0, 200)}`;
    const refused = results.find((r) => !okStatuses.has(r.status));
    return refused ? `op ${refused.status}: ${refused.reason ?? ''}` : null;
  };
}

/** A request generator over the world's devices; deterministic for a seed (both servers get the same sequence). */
export function eventMorningMix(world: LoadWorld, seed = 2026) {
  const rng = createRng(seed);
  const byRole = (role: DeviceRole) => world.devices.filter((d) => d.role === role);
  const scanners = byRole('scanner');
  const staff = byRole('staff');
  const attendees = byRole('attendee');
  const badges = world.devices.map((d) => d.badge);
  /** Per device and download: the query its last answer said to send next. */
  const cursors = new Map<string, string>();
  const favourites = new Map<number, Set<number>>();

  // As a phone's browser sends them: its session, and the encodings it takes (answers over 1 KB are compressed).
  const auth = (device: Device) => ({ authorization: `Bearer ${device.token}`, 'accept-encoding': 'br, gzip' });

  /** What the device reads on start-up: plain paths, and downloads that continue from a cursor. */
  function readsOf(device: Device): { path: string; incremental?: boolean }[] {
    const reads = [...COMMON_READS.map((path) => ({ path })), { path: '/api/pass/revocations', incremental: true }];
    if (device.role === 'scanner')
      reads.push(
        { path: world.leadListPath, incremental: world.leadListPath.endsWith('/changes') },
        { path: '/api/lead?active=false' },
        { path: '/api/lead/team' },
      );
    if (device.role === 'staff')
      reads.push(
        { path: '/api/checkin/lists' },
        { path: `/api/checkin/lists/${world.entranceListId}/events`, incremental: true },
      );
    return reads;
  }

  function startupRead(): LoadRequest {
    const device = rng.pick(world.devices);
    const read = rng.pick(readsOf(device));
    const key = `${device.index} ${read.path}`;
    const query = read.incremental ? cursors.get(key) : undefined;
    const path = query ? `${read.path}${read.path.includes('?') ? '&' : '?'}${query}` : read.path;
    const request: LoadRequest = { method: 'GET', path, route: `GET ${routeOf(read.path)}`, headers: auth(device) };
    // A scanner in no exhibitor team: the app reads the 404 as "no team" (src/features/contacts/team-api.ts).
    if (read.path === '/api/lead/team') request.accept = [404];
    if (read.incremental) {
      request.check = (_status, body) => {
        const next = nextQuery(body);
        if (next) cursors.set(key, next);
        return null;
      };
    }
    return request;
  }

  /** Someone else's badge (a scanner never scans its own). */
  function otherBadge(device: Device): string {
    for (;;) {
      const badge = rng.pick(badges);
      if (badge !== device.badge) return badge;
    }
  }

  /** A device's batch of offline ops to one upload route, checked for one result per op. */
  function upload(device: Device, path: string, ops: readonly object[]): LoadRequest {
    return {
      method: 'POST',
      path,
      route: `POST ${path}`,
      headers: auth(device),
      body: JSON.stringify({ ops }),
      check: checkUpload(ops.length),
    };
  }

  function leadUpload(): LoadRequest {
    const device = rng.pick(scanners);
    const ops = Array.from({ length: rng.int(1, 3) }, () => ({
      id: randomUUID(),
      createdAt: new Date().toISOString(),
      token: otherBadge(device),
      ...(rng.chance(0.2) ? { notes: 'Wants a demo of the managed Kubernetes offering', rating: rng.int(1, 5) } : {}),
    }));
    return upload(device, '/api/lead', ops);
  }

  function checkinUpload(): LoadRequest {
    const device = rng.pick(staff);
    const ops = Array.from({ length: rng.int(1, 3) }, () => ({
      id: randomUUID(),
      createdAt: new Date().toISOString(),
      listId: world.entranceListId,
      token: rng.pick(badges),
      deviceId: `load-staff-${device.index}`,
    }));
    return upload(device, '/api/checkin', ops);
  }

  function favouriteChange(): LoadRequest {
    const device = rng.pick(attendees);
    const starred = favourites.get(device.index) ?? new Set<number>();
    favourites.set(device.index, starred);
    const sessionId = rng.pick(world.sessionIds);
    const favourite = !starred.has(sessionId);
    if (favourite) starred.add(sessionId);
    else starred.delete(sessionId);
    const ops = [{ id: randomUUID(), createdAt: new Date().toISOString(), sessionId, favourite }];
    return upload(device, '/api/agenda/favourites', ops);
  }

  return function next(): LoadRequest {
    const roll = rng.next();
    if (roll < MIX.startupRead) return startupRead();
    if (roll < MIX.startupRead + MIX.leadUpload) return leadUpload();
    if (roll < MIX.startupRead + MIX.leadUpload + MIX.checkinUpload) return checkinUpload();
    return favouriteChange();
  };
}
