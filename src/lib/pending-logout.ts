const KEY = 'pendingLogouts';
/** A device signs out rarely; more than this many unsent logouts means something else is wrong. */
const MAX_PENDING = 20;

/** Tokens signed out while the server could not be told (offline), kept across reloads. */
function readPending(): string[] {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '[]');
    // Anything else (an older or a damaged entry) is dropped: there is nothing to revoke in it.
    return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string' && item.length <= 128) : [];
  } catch {
    return [];
  }
}

function writePending(tokens: string[]): void {
  if (tokens.length === 0) localStorage.removeItem(KEY);
  else localStorage.setItem(KEY, JSON.stringify(tokens.slice(-MAX_PENDING)));
}

/**
 * POST /api/user/logout for one token; true once the server answered (204, or 401 for a token it
 * no longer knows), false while it cannot be reached. The answer also clears the HttpOnly session
 * cookie, which carries the same token.
 */
async function revoke(token: string): Promise<boolean> {
  try {
    await fetch('/api/user/logout', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
      keepalive: true,
      signal: AbortSignal.timeout(5000),
    });
    return true;
  } catch {
    return false;
  }
}

let flushing: Promise<void> | null = null;

/**
 * Ends a session on the server. Offline, the token is kept and revoked at the next online moment,
 * before any other request (flushLogouts), so the next person on the device never rides on it.
 */
export async function logoutOnServer(token: string): Promise<void> {
  if (await revoke(token)) return;
  writePending([...readPending().filter((pending) => pending !== token), token]);
}

/** Revokes the sessions signed out offline; the API client awaits it before every request. */
export function flushLogouts(): Promise<void> {
  if (flushing) return flushing;
  if (localStorage.getItem(KEY) === null) return Promise.resolve();
  flushing = (async () => {
    const revoked = new Set<string>();
    for (const token of readPending()) if (await revoke(token)) revoked.add(token);
    // Read again: a sign-out may have added a token meanwhile.
    writePending(readPending().filter((token) => !revoked.has(token)));
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}
