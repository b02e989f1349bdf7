import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MemoryStorage } from '../testing/session.ts';

/*
 * The logout queue against a fake server. Every test imports a fresh module (its backoff state is
 * per page) and runs on fake timers, so "retried later" is a clock advanced, not a wait.
 */

type Answer = 'offline' | (() => Response | Promise<Response>);
const NO_CONTENT = () => new Response(null, { status: 204 });
const UNAUTHORIZED = () =>
  new Response(JSON.stringify({ type: 'about:blank', title: 'Unauthorized', status: 401 }), {
    status: 401,
    headers: { 'Content-Type': 'application/problem+json' },
  });
const BAD_GATEWAY = () => new Response('Bad Gateway', { status: 502, headers: { 'Content-Type': 'text/plain' } });
const ERROR_PAGE = () =>
  new Response('<html><body><h1>500 Internal Server Error</h1></body></html>', {
    status: 500,
    headers: { 'Content-Type': 'text/html' },
  });
const TOO_MANY = () => new Response(null, { status: 429, headers: { 'Retry-After': '30' } });
/** A captive portal or a proxy's login page: a 200 that is not the API's answer. */
const PORTAL = () => new Response('<html>Sign in to the venue Wi-Fi</html>', { status: 200 });
/** A proxy asking for its own credentials with a page, not the API's problem+json. */
const PROXY_401 = () => new Response('<html>Unauthorized</html>', { status: 401, headers: { 'Content-Type': 'text/html' } });

/** Answers by token; a token without its own list gets `fallback`. */
let answers: Map<string, Answer[]>;
let fallback: Answer;
let sent: string[];
/** The longest backoff: advancing by it always reaches the next retry. */
const MAX_WAIT_MS = 5 * 60_000;

beforeEach(() => {
  vi.resetModules();
  vi.useFakeTimers();
  answers = new Map();
  fallback = NO_CONTENT;
  sent = [];
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const token = ((init.headers as Record<string, string>).Authorization ?? '').replace('Bearer ', '');
      sent.push(token);
      const answer = answers.get(token)?.shift() ?? fallback;
      if (answer === 'offline') throw new TypeError('Failed to fetch');
      return answer();
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const fresh = () => import('./pending-logout.ts');
const queued = (): unknown => JSON.parse(localStorage.getItem('pendingLogouts') ?? '[]');

/** Signs `tokens` out while the server cannot be reached. */
async function signOutOffline(logoutOnServer: (token: string) => Promise<void>, ...tokens: string[]) {
  const before = fallback;
  fallback = 'offline';
  for (const token of tokens) await logoutOnServer(token);
  fallback = before;
  sent.length = 0;
}

/** A window and document for the start-up wiring (the tests run in node). */
function stubBrowser() {
  const win = new EventTarget();
  const doc = Object.assign(new EventTarget(), { visibilityState: 'hidden' as DocumentVisibilityState });
  vi.stubGlobal('window', win);
  vi.stubGlobal('document', doc);
  return {
    online: () => win.dispatchEvent(new Event('online')),
    visible: () => {
      doc.visibilityState = 'visible';
      doc.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

describe('sign-out while offline', () => {
  it('revokes at once when the server can be reached', async () => {
    const { logoutOnServer } = await fresh();
    await logoutOnServer('tok-1');
    expect(sent).toEqual(['tok-1']);
    expect(localStorage.getItem('pendingLogouts')).toBeNull();
  });

  it('keeps the token offline and revokes it at the next flush, once', async () => {
    const { flushLogouts, logoutOnServer } = await fresh();
    await signOutOffline(logoutOnServer, 'tok-1', 'tok-2');
    fallback = 'offline';
    await flushLogouts();
    expect(queued()).toEqual(['tok-1', 'tok-2']);
    fallback = NO_CONTENT;
    sent.length = 0;
    await flushLogouts();
    expect(sent).toEqual(['tok-1', 'tok-2']);
    await flushLogouts();
    expect(sent).toHaveLength(2);
    expect(localStorage.getItem('pendingLogouts')).toBeNull();
  });

  it('ignores a damaged or older stored entry instead of failing every request', async () => {
    const { flushLogouts } = await fresh();
    localStorage.setItem('pendingLogouts', '{"not": "a list"');
    await expect(flushLogouts()).resolves.toBeUndefined();
    expect(sent).toEqual([]);
    localStorage.setItem('pendingLogouts', JSON.stringify(['tok-3', 42, 'x'.repeat(500), { token: 'tok-4' }, 'bad\ntoken']));
    await flushLogouts();
    // Only the row that fits is sent; a token no header can carry would otherwise fail forever.
    expect(sent).toEqual(['tok-3']);
    expect(localStorage.getItem('pendingLogouts')).toBeNull();
  });

  it('drops a row that does not fit and keeps the others queued', async () => {
    const { flushLogouts } = await fresh();
    fallback = BAD_GATEWAY;
    localStorage.setItem('pendingLogouts', JSON.stringify([null, 'tok-5', 'x'.repeat(500), 'tok-6']));
    await flushLogouts();
    expect(queued()).toEqual(['tok-5', 'tok-6']);
  });
});

describe("a queued logout ends only with the server's 204 or 401", () => {
  it.each([
    ['a 502 from a proxy', BAD_GATEWAY],
    ['a 500 HTML error page', ERROR_PAGE],
    ['a 429', TOO_MANY],
    ['a network error', 'offline' as const],
    ["a captive portal's 200 page", PORTAL],
    ["a proxy's 401 page", PROXY_401],
  ])('keeps the queued logout after %s', async (_name, answer) => {
    const { flushLogouts, logoutOnServer } = await fresh();
    await signOutOffline(logoutOnServer, 'tok-1');
    fallback = answer;
    await flushLogouts();
    expect(sent).toEqual(['tok-1']);
    expect(queued()).toEqual(['tok-1']);
  });

  it.each([
    ['204', NO_CONTENT],
    ['401 (the session is already gone)', UNAUTHORIZED],
  ])('clears the queued logout on %s', async (_name, answer) => {
    const { flushLogouts, logoutOnServer } = await fresh();
    await signOutOffline(logoutOnServer, 'tok-1');
    fallback = answer;
    await flushLogouts();
    expect(sent).toEqual(['tok-1']);
    expect(localStorage.getItem('pendingLogouts')).toBeNull();
  });

  it('queues a sign-out the server answered with a 502', async () => {
    const { logoutOnServer } = await fresh();
    fallback = BAD_GATEWAY;
    await logoutOnServer('tok-1');
    expect(queued()).toEqual(['tok-1']);
  });

  it('retries later by itself, waiting longer after each failure, until the server answers', async () => {
    // No jitter: the waits are 2 s, 4 s, 8 s …
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { logoutOnServer } = await fresh();
    answers.set('tok-1', [BAD_GATEWAY, BAD_GATEWAY, ERROR_PAGE]);
    await logoutOnServer('tok-1');
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1900);
    expect(sent).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(3800);
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(sent).toHaveLength(3);
    expect(queued()).toEqual(['tok-1']);
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS);
    expect(sent).toHaveLength(4);
    expect(localStorage.getItem('pendingLogouts')).toBeNull();
    // Done: nothing more is sent.
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS * 3);
    expect(sent).toHaveLength(4);
  });

  it('does not ask a failing server again before each API request, only when the wait is over', async () => {
    const { flushLogouts, logoutOnServer } = await fresh();
    await signOutOffline(logoutOnServer, 'tok-1');
    answers.set('tok-1', [BAD_GATEWAY]);
    await flushLogouts();
    await flushLogouts();
    await flushLogouts();
    expect(sent).toEqual(['tok-1']);
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS);
    expect(sent).toEqual(['tok-1', 'tok-1']);
    expect(localStorage.getItem('pendingLogouts')).toBeNull();
  });

  it('sends both queued logouts of two people who signed out offline in turn, each until it is done', async () => {
    const { flushLogouts, logoutOnServer } = await fresh();
    await signOutOffline(logoutOnServer, 'tok-ada');
    await signOutOffline(logoutOnServer, 'tok-bob');
    expect(queued()).toEqual(['tok-ada', 'tok-bob']);
    answers.set('tok-ada', [BAD_GATEWAY]);
    await flushLogouts();
    expect(sent).toEqual(['tok-ada', 'tok-bob']);
    expect(queued()).toEqual(['tok-ada']);
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS);
    expect(sent).toEqual(['tok-ada', 'tok-bob', 'tok-ada']);
    expect(localStorage.getItem('pendingLogouts')).toBeNull();
  });

  it('keeps a sign-out made while a retry is under way', async () => {
    const { flushLogouts, logoutOnServer } = await fresh();
    await signOutOffline(logoutOnServer, 'tok-1');
    let release = () => {};
    answers.set('tok-1', [
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(BAD_GATEWAY());
        }),
    ]);
    const flushing = flushLogouts();
    await signOutOffline(logoutOnServer, 'tok-2');
    release();
    await flushing;
    expect(queued()).toEqual(['tok-1', 'tok-2']);
  });

  it('sends at start-up, on the next online moment and when the app comes back to the foreground', async () => {
    const browser = stubBrowser();
    const { logoutOnServer, startLogoutRetries } = await fresh();
    await signOutOffline(logoutOnServer, 'tok-1');
    answers.set('tok-1', [BAD_GATEWAY, 'offline']);
    startLogoutRetries();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['tok-1']);
    // The events do not wait for the backoff: the device has just come back.
    browser.online();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['tok-1', 'tok-1']);
    browser.visible();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['tok-1', 'tok-1', 'tok-1']);
    expect(localStorage.getItem('pendingLogouts')).toBeNull();
  });

  it('starts without storage or a queue without sending anything', async () => {
    stubBrowser();
    const { flushLogouts, startLogoutRetries } = await fresh();
    startLogoutRetries();
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS);
    expect(sent).toEqual([]);
    vi.stubGlobal('localStorage', {
      getItem() {
        throw new DOMException('blocked', 'SecurityError');
      },
    });
    await expect(flushLogouts()).resolves.toBeUndefined();
  });
});
