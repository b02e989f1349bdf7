import { db, type OutboxKind } from '../lib/db.ts';
import { tokenAtom, userAtom } from '../lib/session.ts';
import { store } from '../lib/store.ts';
import type { DeviceKind, DeviceReport } from '../shared/contracts/devices.ts';
import { hasControlCharacter } from '../shared/text.ts';
import type { SyncSession, SyncStatus } from './engine.ts';
import { readToEnd } from './read-to-end.ts';

/*
 * Event-day devices tell the organizer console how they are doing: a staff check-in
 * device, a lead scanner or a kiosk reports when it last synced and how many of its changes wait
 * for upload, so a door whose tablet stopped syncing is noticed. Best effort: a report that fails
 * is dropped (the next drain sends a fresh one), and a device without a role never reports.
 *
 * The role belongs to the device (localStorage), not to who is signed in: a tablet at the door
 * stays a check-in device across shifts. Reports follow the sync engine's drains (./app-sync.ts
 * passes reportAfterDrain as the engine's onDrained), which also run when the page becomes visible.
 */

export type DeviceRole = { kind: 'checkin' | 'kiosk'; listId: number | null; label?: string } | { kind: 'lead'; label?: string };

export const DEVICE_ROLE_KEY = 'device-role';
export const DEVICE_SECRET_KEY = 'device-secret';
/** With nothing new to say, a device reports at most this often (its drains come every minute). */
export const REPORT_INTERVAL_MS = 30_000;
/** A changed pending count is reported at once, but never more often than this (a scan burst). */
export const REPORT_MIN_GAP_MS = 5_000;
const REPORT_URL = '/api/devices/report';
const SECRET = /^[A-Za-z0-9_-]{32,128}$/;

/** The outbox kind whose waiting rows a device of each role counts. */
const OUTBOX_KIND: Record<DeviceKind, OutboxKind> = { checkin: 'checkin', kiosk: 'checkin', lead: 'lead' };

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export interface DeviceReporterOptions {
  storage: KeyValueStore | null;
  session: () => SyncSession | null;
  deviceId: () => string | Promise<string>;
  /** The user's outbox rows of a kind still waiting for upload. */
  pendingCount: (userId: string, kind: OutboxKind) => Promise<number>;
  fetch?: typeof fetch;
  now?: () => number;
}

export interface DeviceReporter {
  role(): DeviceRole | null;
  /** Remembers what this device is used for (null: none, it stops reporting) and reports soon. */
  setRole(role: DeviceRole | null): Promise<void>;
  /** The engine finished a drain: report if something changed or the last report is old enough. */
  afterDrain(status: SyncStatus): Promise<void>;
}

/** A stored role, checked by hand (no schema library in the sync chunk); anything else reads as none. */
export function readRole(raw: string | null): DeviceRole | null {
  let value: unknown;
  try {
    value = raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { kind, listId, label } = value as Record<string, unknown>;
  // The server takes a single-line label of up to 60 characters; anything else is left out.
  const trimmed = typeof label === 'string' ? label.trim() : '';
  const named = trimmed && trimmed.length <= 60 && !hasControlCharacter(trimmed) ? { label: trimmed } : {};
  if (kind === 'lead') return { kind, ...named };
  if (kind !== 'checkin' && kind !== 'kiosk') return null;
  const list = typeof listId === 'number' && Number.isInteger(listId) && listId > 0 && listId < 2 ** 31 ? listId : null;
  return { kind, listId: list, ...named };
}

const roleKey = (role: DeviceRole) => JSON.stringify(role);

export function createDeviceReporter(options: DeviceReporterOptions): DeviceReporter {
  const { storage, session } = options;
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? (() => Date.now());
  /** The latest status the engine left; the last moment the device was known to be in sync. */
  let status: SyncStatus | null = null;
  let syncedAt: number | null = null;
  /** What the server last accepted, to decide whether the next report is worth sending. */
  let sent: { user: string; role: string; pending: number; at: number } | null = null;
  let lastAttempt = Number.NEGATIVE_INFINITY;
  /** The server refused this user and role (e.g. an attendee signed in on a former scanner): asked again only when one changes. */
  let refused: string | null = null;
  /** The device was offline since the last report: being back is news (the console may show it stale). */
  let wasOffline = false;
  let running: Promise<void> | null = null;
  let again = false;

  function read(key: string): string | null {
    try {
      return storage?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  function write(key: string, value: string | null): void {
    try {
      if (value === null) storage?.removeItem(key);
      else storage?.setItem(key, value);
    } catch {
      // Storage blocked: the role lives as long as the page.
    }
  }

  let pageRole: DeviceRole | null | undefined;
  const role = () => (pageRole !== undefined ? pageRole : readRole(read(DEVICE_ROLE_KEY)));

  /** Made once per device beside its id; the server lets only its holder report for the id. */
  function secret(): string {
    const stored = read(DEVICE_SECRET_KEY);
    if (stored && SECRET.test(stored)) return stored;
    const fresh = crypto.randomUUID().replaceAll('-', '') + crypto.randomUUID().replaceAll('-', '');
    write(DEVICE_SECRET_KEY, fresh);
    return fresh;
  }

  /**
   * Last sync: now when nothing of this kind waits and the engine's last drain (if any yet) found the
   * server reachable (the report itself only arrives when it is); else the last accepted upload.
   */
  function lastSyncAt(pending: number): string | null {
    if (pending === 0 && (status === null || (status.online && !status.paused))) syncedAt = now();
    const uploaded = status?.lastSyncAt ? Date.parse(status.lastSyncAt) : Number.NaN;
    const latest = Math.max(
      syncedAt ?? Number.NEGATIVE_INFINITY,
      Number.isFinite(uploaded) ? uploaded : Number.NEGATIVE_INFINITY,
    );
    return Number.isFinite(latest) ? new Date(latest).toISOString() : null;
  }

  function due(user: string, key: string, pending: number, force: boolean): boolean {
    const at = now();
    if (force || !sent || sent.user !== user || sent.role !== key) return true;
    if (at - lastAttempt < REPORT_MIN_GAP_MS) return false;
    return wasOffline || pending !== sent.pending || at - sent.at >= REPORT_INTERVAL_MS;
  }

  async function reportOnce(force: boolean): Promise<void> {
    const current = session();
    const device = role();
    if (!current || !device) return;
    if (status && !status.online) {
      wasOffline = true;
      return;
    }
    const pending = await options.pendingCount(current.userId, OUTBOX_KIND[device.kind]);
    const key = roleKey(device);
    if (refused === `${current.userId} ${key}` || !due(current.userId, key, pending, force)) return;
    const body: DeviceReport = {
      deviceId: await options.deviceId(),
      secret: secret(),
      kind: device.kind,
      listId: device.kind === 'lead' ? null : device.listId,
      lastSyncAt: lastSyncAt(pending),
      sentAt: new Date(now()).toISOString(),
      pending,
      label: device.label ?? null,
    };
    lastAttempt = now();
    const response = await fetchImpl(REPORT_URL, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${current.token}` },
      body: JSON.stringify(body),
      credentials: 'same-origin',
    });
    await readToEnd(response);
    if (response.ok) {
      sent = { user: current.userId, role: key, pending, at: now() };
      wasOffline = false;
    } else if (response.status >= 400 && response.status < 500 && response.status !== 429) refused = `${current.userId} ${key}`;
  }

  /** One report at a time; a request meanwhile runs once more afterwards. Failures are dropped. */
  function report(force: boolean): Promise<void> {
    if (running) {
      // A role change shows in due() on the next round, so that round need not be forced.
      again = true;
      return running;
    }
    running = (async () => {
      let forced = force;
      do {
        again = false;
        await reportOnce(forced).catch(() => {});
        forced = false;
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    role,
    async setRole(wanted) {
      const previous = role();
      // Stored and read back through readRole, so the page's role is exactly what a reload finds.
      const next = wanted === null ? null : readRole(JSON.stringify(wanted));
      pageRole = next;
      write(DEVICE_ROLE_KEY, next === null ? null : JSON.stringify(next));
      if (next !== null && (previous === null || roleKey(previous) !== roleKey(next))) await report(true);
    },
    async afterDrain(next) {
      status = next;
      await report(false);
    },
  };
}

// --- The app's reporter: the signed-in session, this browser's storage and device database ---

function browserStorage(): KeyValueStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

let appReporter: DeviceReporter | null = null;

function reporter(): DeviceReporter {
  appReporter ??= createDeviceReporter({
    storage: browserStorage(),
    session() {
      const user = store.get(userAtom);
      const token = store.get(tokenAtom);
      return user && token ? { userId: user.uuid, token } : null;
    },
    // The id check-ins carry; its module is loaded only on devices that have a role.
    deviceId: async () => (await import('../features/checkin/lists.ts')).deviceIdOf(),
    pendingCount: (userId, kind) =>
      db.outbox
        .where('[userId+kind]')
        .equals([userId, kind])
        .filter((row) => row.status === 'pending')
        .count(),
  });
  return appReporter;
}

/**
 * What this device is used for, e.g. `setDeviceRole({ kind: 'kiosk', listId: 3 })` when a kiosk is set
 * up for a list, `{ kind: 'lead' }` on a lead scanner, null to stop reporting. Kept in localStorage;
 * a new role is reported at once (best effort, never throws).
 */
export const setDeviceRole = (role: DeviceRole | null): Promise<void> => reporter().setRole(role);

/** This device's role, or null. */
export const deviceRole = (): DeviceRole | null => reporter().role();

/** The sync engine's onDrained (./app-sync.ts): reports when due; never throws. */
export function reportAfterDrain(status: SyncStatus): void {
  void reporter().afterDrain(status);
}
