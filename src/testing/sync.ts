import { type AppDatabase, type OutboxRow, openAppDatabase } from '../lib/db.ts';
import { type SyncResult, syncResponseSchema } from '../shared/contracts/sync.ts';
import type { SessionSource, SyncEnvironment, SyncSession } from '../sync/engine.ts';
import { createOutboxRow } from '../sync/outbox.ts';

/*
 * Test doubles for the outbox and the engine (node, fake-indexeddb): a session the test switches,
 * a browser environment the test drives, and a fake server that records every upload. Import
 * 'fake-indexeddb/auto' before this module.
 */

let databases = 0;

/** A fresh database per test (a unique name in fake-indexeddb). */
export function testDatabase(): AppDatabase {
  databases += 1;
  return openAppDatabase(`sync-test-${databases}-${crypto.randomUUID()}`);
}

export function fakeSession(initial: SyncSession | null): SessionSource & { set(next: SyncSession | null): void } {
  let current = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => current,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      current = next;
      for (const listener of listeners) listener();
    },
  };
}

/** A mutex standing in for Web Locks, shared by the "tabs" of one test. */
export function fakeLocks(): SyncEnvironment['withLock'] {
  let tail: Promise<unknown> = Promise.resolve();
  return <T>(task: () => Promise<T>) => {
    const run = tail.then(task, task);
    tail = run.catch(() => undefined);
    return run;
  };
}

export function fakeEnvironment(withLock: SyncEnvironment['withLock'] = fakeLocks()) {
  let online = true;
  const connectivity = new Set<(online: boolean) => void>();
  const visible = new Set<() => void>();
  const backgroundSync = new Set<() => void>();
  let backgroundSyncRegistrations = 0;
  const subscribe =
    <L>(set: Set<L>) =>
    (listener: L) => {
      set.add(listener);
      return () => {
        set.delete(listener);
      };
    };
  const environment: SyncEnvironment = {
    isOnline: () => online,
    onConnectivity: subscribe(connectivity),
    onVisible: subscribe(visible),
    onBackgroundSync: subscribe(backgroundSync),
    registerBackgroundSync: () => {
      backgroundSyncRegistrations += 1;
    },
    withLock,
  };
  return {
    environment,
    setOnline(value: boolean) {
      online = value;
      for (const listener of connectivity) listener(value);
    },
    becomeVisible: () => {
      for (const listener of visible) listener();
    },
    fireBackgroundSync: () => {
      for (const listener of backgroundSync) listener();
    },
    backgroundSyncRegistrations: () => backgroundSyncRegistrations,
  };
}

export interface Upload {
  url: string;
  token: string | null;
  ops: { id: string; createdAt: string; [key: string]: unknown }[];
}

type Reply = Response | 'network-error' | ((upload: Upload) => Response | 'network-error' | Promise<Response>);

/**
 * A fetch that records uploads. Replies come from `reply` (default: every op 'created'); queue
 * one-off replies with `next`.
 */
export function fakeServer() {
  const uploads: Upload[] = [];
  const queue: Reply[] = [];
  let fallback: Reply = (upload) => answer(upload.ops.map((op) => ({ id: op.id, status: 'created' as const })));
  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const headers = new Headers(init?.headers);
    const body = JSON.parse(String(init?.body)) as { ops: Upload['ops'] };
    const upload: Upload = {
      url: String(input),
      token: headers.get('Authorization')?.replace(/^Bearer /, '') ?? null,
      ops: body.ops,
    };
    uploads.push(upload);
    const reply = queue.shift() ?? fallback;
    const result = typeof reply === 'function' ? await reply(upload) : reply;
    if (result === 'network-error') throw new TypeError('Failed to fetch');
    return result;
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    uploads,
    next(reply: Reply) {
      queue.push(reply);
    },
    always(reply: Reply) {
      fallback = reply;
    },
    /** Every op id sent, in order (duplicates included). */
    sentIds: () => uploads.flatMap((upload) => upload.ops.map((op) => op.id)),
  };
}

export function answer(results: SyncResult[]): Response {
  return json(200, syncResponseSchema.parse({ results }));
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

export const USER_A = '7f0e2a8c-3b1d-4c5e-9f6a-1b2c3d4e5f60';
export const USER_B = '0b6c7a4e-8d2f-4a1b-9c3d-5e6f7a8b9c0d';

/** `count` favourite rows of `userId`, one ms apart from `start`, added to the database. */
export async function addFavourites(
  database: AppDatabase,
  userId: string,
  count: number,
  start = Date.UTC(2026, 2, 24, 9),
): Promise<OutboxRow[]> {
  const rows = Array.from({ length: count }, (_, index) =>
    createOutboxRow('favourite', { sessionId: index + 1, favourite: index % 2 === 0 }, userId, start + index),
  );
  await database.outbox.bulkAdd(rows);
  return rows;
}
