const KEY = 'pendingLogouts';
/** A device signs out rarely; more than this many unsent logouts means something else is wrong. */
const MAX_PENDING = 20;
/** RFC 7235 token68, as the server issues (base64url) and as a header can carry: anything else could never be sent. */
const TOKEN = /^[A-Za-z0-9\-._~+/]{1,128}=*$/;
/** Retries after a failure wait 2 s, 4 s, 8 s … up to 5 minutes (each ±25 %, so a venue's phones back on Wi-Fi spread out). */
const FIRST_RETRY_MS = 2000;
const MAX_RETRY_MS = 5 * 60_000;

/** Tokens signed out while the server could not be told (offline), kept across reloads. */
function readPending(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    // A row that does not fit (an older or a damaged entry) is dropped alone: there is nothing to revoke in it.
    const tokens = Array.isArray(value)
      ? value.filter((item): item is string => typeof item === 'string' && TOKEN.test(item))
      : [];
    return [...new Set(tokens)];
  } catch {
    return [];
  }
}

function writePending(tokens: string[]): void {
  try {
    if (tokens.length === 0) localStorage.removeItem(KEY);
    else localStorage.setItem(KEY, JSON.stringify(tokens.slice(-MAX_PENDING)));
  } catch {
    // storage full or blocked: nothing can be kept across a reload
  }
}

function hasPending(): boolean {
  try {
    return localStorage.getItem(KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * 'revoked' only for the API's own answers: 204, or 401 (problem+json) for a session it no longer
 * knows. A proxy's 502, a 429, an HTML error page or a captive portal's 200 leave the session
 * valid: 'refused'. 'unreachable' when no answer came (offline, timed out).
 */
type Outcome = 'revoked' | 'refused' | 'unreachable';

/** POST /api/user/logout for one token. The answer also clears the HttpOnly session cookie, which carries the same token. */
async function revoke(token: string): Promise<Outcome> {
  try {
    const response = await fetch('/api/user/logout', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
      keepalive: true,
      signal: AbortSignal.timeout(5000),
    });
    if (response.status === 204) return 'revoked';
    if (response.status === 401 && response.headers.get('Content-Type')?.includes('json')) return 'revoked';
    return 'refused';
  } catch {
    return 'unreachable';
  }
}

let flushing: Promise<void> | null = null;
let failures = 0;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
/** Until then the API client does not ask again a server that answered the logout with an error. */
let holdUntil = 0;

/**
 * After a failed attempt: try again by itself, each time a little later. Only a server that
 * answered (an error) is spared the API client's extra attempts meanwhile; without any answer the
 * request the client is about to make fares no better, so the logout goes first again.
 */
function retryLater(answered: boolean): void {
  failures += 1;
  const wait = Math.min(FIRST_RETRY_MS * 2 ** (failures - 1), MAX_RETRY_MS) * (0.75 + Math.random() * 0.5);
  holdUntil = answered ? Date.now() + wait : 0;
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => {
    retryTimer = undefined;
    // Offline the 'online' event sends it (startLogoutRetries).
    if (typeof navigator === 'undefined' || navigator.onLine !== false) void flush(true);
  }, wait);
}

function settled(): void {
  failures = 0;
  holdUntil = 0;
  clearTimeout(retryTimer);
  retryTimer = undefined;
}

function flush(now: boolean): Promise<void> {
  if (flushing) return flushing;
  if (!hasPending()) return Promise.resolve();
  if (!now && Date.now() < holdUntil) return Promise.resolve();
  flushing = (async () => {
    const revoked = new Set<string>();
    let answered = false;
    for (const token of readPending()) {
      const outcome = await revoke(token);
      if (outcome === 'revoked') revoked.add(token);
      else if (outcome === 'refused') answered = true;
    }
    // Read again: a sign-out may have added a token meanwhile.
    const left = readPending().filter((token) => !revoked.has(token));
    writePending(left);
    if (left.length === 0) settled();
    else retryLater(answered);
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

/**
 * Ends a session on the server. Without the server's own answer (offline, a proxy's error) the token
 * is kept and revoked at the next online moment, before any other request (flushLogouts), so the
 * next person on the device never rides on it.
 */
export async function logoutOnServer(token: string): Promise<void> {
  const outcome = await revoke(token);
  if (outcome === 'revoked') return;
  if (!TOKEN.test(token)) return;
  writePending([...readPending().filter((pending) => pending !== token), token]);
  retryLater(outcome === 'refused');
}

/**
 * Revokes the sessions signed out offline; the API client awaits it before every request. Joins an
 * attempt under way, and skips one while a server that answered with an error is given time.
 */
export function flushLogouts(): Promise<void> {
  return flush(false);
}

let started = false;

/**
 * App start (any page, signed in or not): sends the queued logouts now, and again whenever the
 * device comes online or the app back to the foreground, besides the retries after a failure.
 */
export function startLogoutRetries(): void {
  if (started || typeof window === 'undefined') return;
  started = true;
  window.addEventListener('online', () => void flush(true));
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void flush(true);
  });
  void flush(true);
}
