import { translate } from '../i18n/i18n.ts';
import type { AppDatabase, OutboxRow } from '../lib/db.ts';
import { problemSchema } from '../shared/contracts/common.ts';
import { SYNC_BATCH_MAX, type SyncResult, syncResponseSchema } from '../shared/contracts/sync.ts';
import { onServiceWorkerSync, registerBackgroundSync } from './background-sync.ts';
import { readOp, SYNC_KINDS, type SyncKind, type SyncKinds } from './kinds.ts';
import { onOutboxChange } from './outbox.ts';
import { readToEnd } from './read-to-end.ts';

/*
 * The sync engine (docs/architecture.md §5): uploads the signed-in user's outbox rows, oldest first, per
 * kind, in batches of at most SYNC_BATCH_MAX, one request at a time, and applies the server's
 * answer per row. No React and no session import: everything outside (session, fetch, window
 * events, locks, timers' clock) comes in through createSyncEngine's options, so it runs in node
 * tests; ./app-sync.ts wires the app's instance.
 *
 * Rules that keep it from losing or duplicating anything:
 * - rows carry their userId; only the current user's rows are read, and they are sent with that
 *   same session's token. A 401 pauses until the token changes (a new sign-in).
 * - a row leaves the outbox only when the server answered for it (created, updated, duplicate);
 *   a rejection keeps it with the reason; network errors and 5xx keep it pending (backoff).
 * - the server applies each op once by id, so a resend after a lost answer is harmless.
 * - fetch is never awaited inside a Dexie transaction (that would end the transaction).
 */

export interface SyncSession {
  userId: string;
  token: string;
}

export interface SessionSource {
  /** The signed-in user and their token, or null when nobody is signed in. */
  get(): SyncSession | null;
  subscribe(listener: () => void): () => void;
}

/** What the engine needs from the browser; tests pass their own. */
export interface SyncEnvironment {
  isOnline(): boolean;
  onConnectivity(listener: (online: boolean) => void): () => void;
  /** The page became visible again. */
  onVisible(listener: () => void): () => void;
  /** The service worker relayed a Background Sync. */
  onBackgroundSync(listener: () => void): () => void;
  registerBackgroundSync(): void;
  /** Serialises drains across tabs (Web Locks where available). */
  withLock<T>(task: () => Promise<T>): Promise<T>;
}

export interface SyncEngineOptions {
  database: AppDatabase;
  session: SessionSource;
  fetch?: typeof fetch;
  environment?: Partial<SyncEnvironment>;
  kinds?: SyncKinds;
  /** New rows were committed (default: the outbox module's notifications). */
  onOutboxChange?: (listener: () => void) => () => void;
  now?: () => number;
  random?: () => number;
  batchSize?: number;
  /** While rows are pending, look again this often (ms). */
  pollIntervalMs?: number;
  /** After every drain, also one that found nothing to send or had to wait (device reports, ./device-report.ts). */
  onDrained?: (status: SyncStatus) => void;
}

export interface SyncStatus {
  /** The browser is online and the last request reached the server. */
  online: boolean;
  /** An upload is under way. */
  syncing: boolean;
  /** The server refused the session (401): nothing is sent until the user signs in again. */
  paused: boolean;
  /** When the server last took a batch of this user's changes (ISO). */
  lastSyncAt: string | null;
  /** Why the last attempt failed, for people; null after a success. */
  lastError: string | null;
  /** When the next attempt after a failure is due (ms since epoch), or null. */
  retryAt: number | null;
}

export interface SyncEngine {
  start(): void;
  stop(): void;
  /**
   * Drains now (or joins the drain under way, which then looks again for rows added meanwhile).
   * `force` skips the backoff wait (the device just came online, a new sign-in, a user's "sync now").
   */
  requestSync(options?: { force?: boolean }): Promise<void>;
  getStatus(): SyncStatus;
  subscribe(listener: () => void): () => void;
}

export const SYNC_LOCK_NAME = 'outbox-sync';
export const BACKOFF_BASE_MS = 2_000;
export const BACKOFF_MAX_MS = 5 * 60_000;
const POLL_INTERVAL_MS = 60_000;
/** A hung request must not hold the cross-tab lock for ever. */
const REQUEST_TIMEOUT_MS = 60_000;
const LAST_SYNC_KEY = 'lastSyncAt';

/** What the sync bar says about a failed sync, in the active language when it happens (kept with the change). */
export const SYNC_MESSAGES = {
  get network() {
    return translate('common', 'syncNetwork');
  },
  get unreadableAnswer() {
    return translate('common', 'syncUnreadable');
  },
  serverBusy: (status: number) => translate('common', 'syncServerBusy', { status }),
  get noAnswer() {
    return translate('common', 'syncNoAnswer');
  },
  get sessionEnded() {
    return translate('common', 'syncPaused');
  },
  get refused() {
    return translate('common', 'syncRefused');
  },
  get forbidden() {
    return translate('common', 'syncForbidden');
  },
};

/** Statuses where one op may spoil the whole batch: halve the batch until the culprit is alone. */
const SPLIT_STATUSES = new Set([400, 413, 422]);

/** Exponential backoff with jitter: 2 s, 4 s, 8 s … capped at 5 min, each times 0.5–1. */
export function backoffDelay(failures: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.5 + random() * 0.5));
}

const noop = () => {};

/** The browser's events; inert where they do not exist (node). */
export function browserEnvironment(): SyncEnvironment {
  const hasWindow = typeof window !== 'undefined';
  return {
    isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
    onConnectivity(listener) {
      if (!hasWindow) return noop;
      const online = () => listener(true);
      const offline = () => listener(false);
      window.addEventListener('online', online);
      window.addEventListener('offline', offline);
      return () => {
        window.removeEventListener('online', online);
        window.removeEventListener('offline', offline);
      };
    },
    onVisible(listener) {
      if (typeof document === 'undefined') return noop;
      const onChange = () => {
        if (document.visibilityState === 'visible') listener();
      };
      document.addEventListener('visibilitychange', onChange);
      return () => document.removeEventListener('visibilitychange', onChange);
    },
    onBackgroundSync: (listener) => onServiceWorkerSync(listener),
    registerBackgroundSync: () => registerBackgroundSync(),
    withLock(task) {
      const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
      return locks ? locks.request(SYNC_LOCK_NAME, task) : task();
    },
  };
}

type Outcome = 'continue' | 'stop';
interface Item {
  row: OutboxRow;
  op: unknown;
}

export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { database, session } = options;
  const env: SyncEnvironment = { ...browserEnvironment(), ...options.environment };
  const kinds = (options.kinds ?? SYNC_KINDS) as Record<string, SyncKind<unknown> | undefined>;
  const fetchImpl = options.fetch ?? ((input, init) => fetch(input, init));
  const now = options.now ?? (() => Date.now());
  const random = options.random ?? Math.random;
  const batchSize = Math.min(options.batchSize ?? SYNC_BATCH_MAX, SYNC_BATCH_MAX);
  const pollIntervalMs = options.pollIntervalMs ?? POLL_INTERVAL_MS;
  const subscribeOutbox = options.onOutboxChange ?? onOutboxChange;

  let status: SyncStatus = {
    online: env.isOnline(),
    syncing: false,
    paused: false,
    lastSyncAt: null,
    lastError: null,
    retryAt: null,
  };
  const listeners = new Set<() => void>();
  let started = false;
  let unsubscribers: (() => void)[] = [];
  let running: Promise<void> | null = null;
  let rerun = false;
  let failures = 0;
  let retryAt = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  /** The session the server refused; cleared by any other token (a new sign-in). */
  let pausedSession: SyncSession | null = null;
  /** The last session seen, to tell a real change from a repeated notification. */
  let knownSession: SyncSession | null = null;
  let reachable = true;

  function update(changes: Partial<SyncStatus>): void {
    const next = { ...status, ...changes };
    if ((Object.keys(next) as (keyof SyncStatus)[]).every((key) => next[key] === status[key])) return;
    status = next;
    for (const listener of listeners) listener();
  }

  /** Offline when the browser says so or when the last request got no answer at all. */
  function setReachable(value: boolean): void {
    reachable = value;
    update({ online: reachable && env.isOnline() });
  }

  const sameSession = (a: SyncSession | null, b: SyncSession | null) =>
    a === b || (a !== null && b !== null && a.userId === b.userId && a.token === b.token);
  const isPaused = (current: SyncSession | null) => current !== null && sameSession(pausedSession, current);

  function onSessionChange(): void {
    const current = session.get();
    if (sameSession(current, knownSession)) return;
    knownSession = current;
    if (pausedSession && !isPaused(current)) pausedSession = null;
    failures = 0;
    retryAt = 0;
    update({ paused: isPaused(current), lastError: null, retryAt: null, lastSyncAt: null });
    if (!current) return;
    void database.meta
      .get([current.userId, LAST_SYNC_KEY])
      .then((meta) => {
        if (sameSession(session.get(), current) && typeof meta?.value === 'string') update({ lastSyncAt: meta.value });
      })
      .catch(noop);
    void requestSync({ force: true });
  }

  async function pendingRows(userId: string): Promise<OutboxRow[]> {
    return database.outbox.where('[userId+status]').equals([userId, 'pending']).sortBy('createdAt');
  }

  /** Rows of the same kind keep their order; kinds come in the order of their oldest row. */
  function groupByKind(rows: OutboxRow[]): Map<string, OutboxRow[]> {
    const groups = new Map<string, OutboxRow[]>();
    for (const row of rows) {
      const group = groups.get(row.kind);
      if (group) group.push(row);
      else groups.set(row.kind, [row]);
    }
    return groups;
  }

  /** Rows that do not match their contract are rejected here, with the reason, and never sent. */
  async function readable(kind: SyncKind<unknown>, rows: OutboxRow[]): Promise<Item[]> {
    const items: Item[] = [];
    const unreadable: { key: string; changes: Partial<OutboxRow> }[] = [];
    for (const row of rows) {
      const checked = readOp(kind, row);
      if ('op' in checked) items.push({ row, op: checked.op });
      else unreadable.push({ key: row.id, changes: { status: 'rejected', lastError: checked.reason } });
    }
    if (unreadable.length > 0) await database.outbox.bulkUpdate(unreadable);
    return items;
  }

  async function reject(items: Item[], reason: string): Promise<void> {
    await database.outbox.bulkUpdate(
      items.map(({ row }) => ({
        key: row.id,
        changes: { status: 'rejected' as const, attempts: row.attempts + 1, lastError: reason },
      })),
    );
  }

  /** A failure that may pass (network, 5xx): keep the rows, count the attempt, wait longer each time. */
  async function retryLater(items: Item[], message: string): Promise<Outcome> {
    failures += 1;
    retryAt = now() + backoffDelay(failures, random);
    update({ lastError: message, retryAt });
    env.registerBackgroundSync();
    await database.outbox.bulkUpdate(
      items.map(({ row }) => ({ key: row.id, changes: { attempts: row.attempts + 1, lastError: message } })),
    );
    return 'stop';
  }

  async function applyResults(current: SyncSession, items: Item[], results: SyncResult[]): Promise<Outcome> {
    const byId = new Map(results.map((result) => [result.id, result]));
    const accepted: string[] = [];
    const changes: { key: string; changes: Partial<OutboxRow> }[] = [];
    for (const { row } of items) {
      const result = byId.get(row.id);
      const attempts = row.attempts + 1;
      if (!result) changes.push({ key: row.id, changes: { attempts, lastError: SYNC_MESSAGES.noAnswer } });
      else if (result.status === 'rejected')
        changes.push({
          key: row.id,
          changes: { status: 'rejected', attempts, lastError: result.reason || SYNC_MESSAGES.refused },
        });
      else accepted.push(row.id);
    }
    const syncedAt = new Date(now()).toISOString();
    // bulkUpdate and bulkDelete leave rows a sign-out deleted meanwhile deleted (no put: never resurrect).
    await database.transaction('rw', database.outbox, database.meta, async () => {
      await database.outbox.bulkDelete(accepted);
      await database.outbox.bulkUpdate(changes);
      if (sameSession(session.get(), current)) {
        await database.meta.put({ userId: current.userId, key: LAST_SYNC_KEY, value: syncedAt });
      }
    });
    if (changes.some((change) => change.changes.status === undefined)) {
      // Rows the server did not answer for: a server fault; try them again after a backoff.
      failures += 1;
      retryAt = now() + backoffDelay(failures, random);
      update({ lastSyncAt: syncedAt, lastError: SYNC_MESSAGES.noAnswer, retryAt });
      return 'stop';
    }
    failures = 0;
    retryAt = 0;
    update({ lastSyncAt: syncedAt, lastError: null, retryAt: null });
    return 'continue';
  }

  async function problemDetail(response: Response): Promise<string | null> {
    try {
      const parsed = problemSchema.safeParse(await response.json());
      return parsed.success ? (parsed.data.detail ?? parsed.data.title ?? null) : null;
    } catch {
      return null;
    }
  }

  async function send(kind: SyncKind<unknown>, items: Item[], current: SyncSession): Promise<Outcome> {
    let response: Response;
    try {
      response = await fetchImpl(kind.endpoint, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', Authorization: `Bearer ${current.token}` },
        body: JSON.stringify(kind.toBody(items.map((item) => item.op))),
        credentials: 'same-origin',
        signal: typeof AbortSignal.timeout === 'function' ? AbortSignal.timeout(REQUEST_TIMEOUT_MS) : undefined,
      });
    } catch {
      setReachable(false);
      return retryLater(items, SYNC_MESSAGES.network);
    }
    setReachable(true);

    if (response.status === 401) {
      await readToEnd(response);
      pausedSession = current;
      update({ paused: true, lastError: SYNC_MESSAGES.sessionEnded });
      return 'stop';
    }
    if (response.ok) {
      let body: unknown;
      try {
        body = await response.json();
      } catch {
        body = undefined;
      }
      const parsed = syncResponseSchema.safeParse(body);
      if (!parsed.success) return retryLater(items, SYNC_MESSAGES.unreadableAnswer);
      return applyResults(current, items, parsed.data.results);
    }
    if (SPLIT_STATUSES.has(response.status)) {
      if (items.length > 1) {
        const middle = Math.ceil(items.length / 2);
        if ((await send(kind, items.slice(0, middle), current)) === 'stop') return 'stop';
        return send(kind, items.slice(middle), current);
      }
      await reject(items, (await problemDetail(response)) ?? SYNC_MESSAGES.refused);
      return 'continue';
    }
    if (response.status === 403) {
      await reject(items, (await problemDetail(response)) ?? SYNC_MESSAGES.forbidden);
      return 'continue';
    }
    await readToEnd(response);
    return retryLater(items, SYNC_MESSAGES.serverBusy(response.status));
  }

  async function drainOnce(): Promise<void> {
    const current = session.get();
    if (!current || isPaused(current)) return;
    if (!env.isOnline()) {
      setReachable(reachable);
      return;
    }
    if (retryAt > now()) return;
    const rows = await pendingRows(current.userId);
    if (rows.length === 0) {
      // Nothing left to send (another tab sent it): a past failure no longer says anything.
      if (!reachable) setReachable(true);
      return;
    }
    update({ syncing: true });
    try {
      for (const [kindName, group] of groupByKind(rows)) {
        const kind = kinds[kindName];
        // A kind this version does not know (written by a newer tab): left for that version.
        if (!kind) continue;
        const items = await readable(kind, group);
        for (let start = 0; start < items.length; start += batchSize) {
          if (!started || !sameSession(session.get(), current)) return;
          if ((await send(kind, items.slice(start, start + batchSize), current)) === 'stop') return;
        }
      }
    } finally {
      update({ syncing: false });
    }
  }

  function requestSync({ force = false }: { force?: boolean } = {}): Promise<void> {
    if (!started) return Promise.resolve();
    if (force) {
      failures = 0;
      retryAt = 0;
      update({ retryAt: null });
    }
    if (running) {
      rerun = true;
      return running;
    }
    const run = (async () => {
      do {
        rerun = false;
        await env.withLock(drainOnce);
      } while (rerun && started);
    })()
      .catch((error: unknown) => {
        // A database failure (e.g. storage full): rows stay where they are; try again later.
        update({ lastError: error instanceof Error ? error.message : String(error) });
      })
      .finally(() => {
        running = null;
        scheduleNext();
        options.onDrained?.(status);
      });
    running = run;
    return run;
  }

  function clearTimer(): void {
    if (timer !== null) clearTimeout(timer);
    timer = null;
  }

  /**
   * After a failure: the backoff time. Otherwise the poll interval, which also catches rows
   * written without a notification (another tab's writes, a caller that forgot outboxChanged).
   */
  function scheduleNext(): void {
    clearTimer();
    const current = session.get();
    if (!started || !current || isPaused(current)) return;
    const wait = retryAt > now() ? retryAt - now() : pollIntervalMs;
    timer = setTimeout(() => {
      timer = null;
      void requestSync();
    }, wait);
  }

  return {
    start() {
      if (started) return;
      started = true;
      setReachable(true);
      unsubscribers = [
        session.subscribe(onSessionChange),
        subscribeOutbox(() => void requestSync()),
        env.onConnectivity((online) => {
          setReachable(true);
          if (online) void requestSync({ force: true });
        }),
        env.onVisible(() => void requestSync()),
        // Not forced: Chromium also fires it right after each registration while online, and a
        // server that is down must still get the backoff (going online forces via onConnectivity).
        env.onBackgroundSync(() => void requestSync()),
      ];
      knownSession = null;
      onSessionChange();
    },

    stop() {
      started = false;
      for (const unsubscribe of unsubscribers) unsubscribe();
      unsubscribers = [];
      clearTimer();
    },

    requestSync,
    getStatus: () => status,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
