import { z } from 'zod/mini';
import { avatarUrl } from '../shared/avatar.ts';
import { readToken } from './token.ts';

/*
 * The page's half of the service worker's per-user caches (sw/routes.ts, docs/architecture.md §5): it
 * tells the worker who is signed in, fills the caches in the background after sign-in, so the
 * pages of the hall (pass, invoices, agenda, plans) open offline even if they were never visited
 * online, and has the worker delete them on logout.
 */

/** How long to wait for the worker to confirm a change of user (it answers in milliseconds). */
const WORKER_ANSWER_TIMEOUT_MS = 3_000;
/** A fresh copy of everything at most this often per user; pages refresh what they read anyway. */
const WARM_UP_INTERVAL_MS = 15 * 60 * 1000;
/** Few requests at a time: the warm-up must never compete with what the user is doing. */
const WARM_UP_PARALLEL = 3;

/**
 * localStorage: the user whose caches were last filled and when (ISO). Tests and the bench wait on
 * it; the offline indicator can show it as the time of the offline copy. Removed on logout.
 */
export const OFFLINE_CACHE_STATE_KEY = 'offlineCache';

const stateSchema = z.object({ userId: z.string(), warmedAt: z.string() });
export type OfflineCacheState = z.infer<typeof stateSchema>;

/** Public data the on-site pages read (the worker keeps it in the shared cache). */
const PUBLIC_PATHS = ['/api/config', '/api/seller', '/api/news', '/api/agenda', '/api/exhibitors', '/api/country'];

/**
 * Per-user data: the start-up load of docs/behaviour.md §4 (so the app opens offline after a browser restart)
 * and what the pages of the hall read. Written exactly as the pages request them: the cache key is
 * the URL, query included.
 */
const USER_PATHS = [
  // (and /api/user/, /api/invoice, /api/visa-letter: read by warmUp for the files they name)
  '/api/pass',
  '/api/pass/barcode',
  '/api/pass/keys',
  '/api/pass/revocations',
  '/api/address/?type=billingAddress',
  '/api/booking?extended=true',
  '/api/train-ticket',
  '/api/train-ticket/type',
  '/api/survey/questions/',
  '/api/survey',
  '/api/agenda/favourites',
];

const invoicesSchema = z.array(z.object({ id: z.uuid() }));
const visaLetterSchema = z.nullable(z.object({ id: z.uuid() }));
const userImageSchema = z.object({ image: z.nullable(z.string()) });

const hasWorker = () => typeof navigator !== 'undefined' && 'serviceWorker' in navigator;

/** The warm-up of the current session; aborted by logout or the next sign-in. */
let session: AbortController | null = null;

export function readOfflineCacheState(): OfflineCacheState | null {
  try {
    const parsed = stateSchema.safeParse(JSON.parse(localStorage.getItem(OFFLINE_CACHE_STATE_KEY) ?? 'null'));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function writeOfflineCacheState(state: OfflineCacheState | null): void {
  try {
    if (state) localStorage.setItem(OFFLINE_CACHE_STATE_KEY, JSON.stringify(state));
    else localStorage.removeItem(OFFLINE_CACHE_STATE_KEY);
  } catch {
    // storage full or blocked: the next start warms up again
  }
}

/** Posts to a worker and waits for its answer on a message port (bounded: a busy worker must not block logout). */
function ask(worker: ServiceWorker, message: object): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(resolve, WORKER_ANSWER_TIMEOUT_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve();
    };
    worker.postMessage(message, [channel.port2]);
  });
}

/** Resolves once a worker controls this page (requests then go through its caches), or on abort. */
function controlled(signal: AbortSignal): Promise<void> {
  const { serviceWorker } = navigator;
  if (serviceWorker.controller) return Promise.resolve();
  return new Promise((resolve) => {
    serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true, signal });
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

function untilOnline(signal: AbortSignal): Promise<void> {
  if (navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => {
    window.addEventListener('online', () => resolve(), { once: true, signal });
    signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

/** After the page has rendered and the main thread is free (bounded, so it does happen). */
function idle(): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) requestIdleCallback(() => resolve(), { timeout: 3_000 });
    else setTimeout(resolve, 1_000);
  });
}

/**
 * The signed-in user's data is loaded (start-up or sign-in): name the user to the worker (which
 * deletes any other user's caches, e.g. when a logout never reached it), then fill the caches in
 * the background. Never throws and never blocks: every step is optional.
 */
export function offlineSessionReady(userId: string): void {
  if (!hasWorker()) return;
  session?.abort();
  const current = new AbortController();
  session = current;
  const { signal } = current;
  void (async () => {
    // Without a registration (development builds) this never resolves, and nothing happens.
    const registration = await navigator.serviceWorker.ready;
    if (signal.aborted || !registration.active) return;
    await ask(registration.active, { type: 'SET_USER', userId });
    const last = readOfflineCacheState();
    if (last?.userId === userId && Date.now() - Date.parse(last.warmedAt) < WARM_UP_INTERVAL_MS) return;
    await controlled(signal);
    await untilOnline(signal);
    await idle();
    if (signal.aborted) return;
    const token = readToken();
    if (!token) return;
    if (await warmUp(token, signal)) writeOfflineCacheState({ userId, warmedAt: new Date().toISOString() });
  })().catch(() => undefined);
}

/**
 * Logout: stop any warm-up and have the worker delete every per-user cache. Also reaches a worker
 * that is active but does not control this page (first visit, hard reload). Resolves when the
 * worker has deleted them (or did not answer in time); never rejects.
 */
export async function offlineSessionEnded(): Promise<void> {
  session?.abort();
  session = null;
  writeOfflineCacheState(null);
  if (!hasWorker()) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const worker = navigator.serviceWorker.controller ?? registration?.active;
    if (worker) await ask(worker, { type: 'CLEAR_USER_CACHES' });
  } catch {
    // no worker to ask: nothing was cached
  }
}

/**
 * Requests everything once through the worker, which stores the answers (the bodies are read and
 * dropped here). True when every request got an answer from the server; errors are otherwise
 * ignored (a 404 for a missing barcode is a fine answer).
 */
async function warmUp(token: string, signal: AbortSignal): Promise<boolean> {
  let complete = true;
  const get = async (path: string, accept = 'application/json'): Promise<Response | null> => {
    try {
      const response = await fetch(path, {
        headers: { Accept: accept, Authorization: `Bearer ${token}` },
        credentials: 'same-origin',
        priority: 'low',
        signal,
      });
      return response;
    } catch {
      complete = false;
      return null;
    }
  };
  const json = async <S extends z.core.$ZodType>(path: string, schema: S): Promise<z.core.output<S> | null> => {
    const response = await get(path);
    if (!response?.ok) return null;
    const parsed = z.safeParse(schema, await response.json().catch(() => undefined));
    return parsed.success ? parsed.data : null;
  };
  const drain = async (path: string, accept?: string) => {
    await (await get(path, accept))?.arrayBuffer().catch(() => undefined);
  };

  // The files depend on the lists: the invoices' PDFs, the visa letter and the avatar picture.
  const files = async (): Promise<string[]> => {
    const [invoices, letter, user] = await Promise.all([
      json('/api/invoice', invoicesSchema),
      json('/api/visa-letter', visaLetterSchema),
      json('/api/user/', userImageSchema),
    ]);
    const avatar = avatarUrl(user?.image);
    return [
      ...(invoices ?? []).map((invoice) => `/api/invoice/${invoice.id}/pdf`),
      ...(letter ? [`/api/visa-letter/${letter.id}/pdf`] : []),
      ...(avatar ? [avatar] : []),
    ];
  };

  // A few at a time, in two rounds: everything else and the lists, then the files they name.
  const inPool = async (tasks: (() => Promise<unknown>)[]) => {
    const runner = async () => {
      for (let task = tasks.shift(); task && !signal.aborted; task = tasks.shift()) await task();
    };
    await Promise.all(Array.from({ length: WARM_UP_PARALLEL }, runner));
  };
  let filePaths: string[] = [];
  await inPool([
    async () => {
      filePaths = await files();
    },
    ...[...USER_PATHS, ...PUBLIC_PATHS].map((path) => () => drain(path)),
  ]);
  await inPool(filePaths.map((path) => () => drain(path, path.startsWith('/api/image/') ? 'image/*' : 'application/pdf')));
  return complete && !signal.aborted;
}
