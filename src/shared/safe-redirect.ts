import { hasControlCharacter } from './text.ts';

const BASE = 'http://internal.invalid';

/**
 * A string that a browser reads as a path of this origin: one leading slash, not two, and nothing it
 * would drop or reinterpret (controls, any whitespace, backslashes, which count as slashes).
 */
function isPlainPath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !/[\s\\]/.test(value) && !hasControlCharacter(value);
}

/** The path as a browser resolves it (dot segments, also `%2e`, removed), or null if it leaves the origin. */
function resolvePath(value: string): string | null {
  try {
    const url = new URL(value, BASE);
    if (url.origin !== BASE) return null;
    const resolved = url.pathname + url.search + url.hash;
    return isPlainPath(url.pathname) ? resolved : null;
  } catch {
    return null;
  }
}

/**
 * Returns the path when it is a safe internal path, otherwise the fallback. Used for the return
 * path after sign-in, the survey's return path and the payment provider's redirects.
 *
 * Safe means: one leading slash, no controls, whitespace or backslashes, and still a plain path of
 * this origin after the browser's normalisation (`/.//evil.com` collapses to `//evil.com`) and after
 * percent-decoding (`/%2F%2Fevil.com`, `/%5Cevil.com`, also decoded twice), since a router or server
 * further along may decode it. The normalised form is returned.
 */
export function safeRedirectPath(candidate: unknown, fallback = '/'): string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 2048) return fallback;
  if (!isPlainPath(candidate)) return fallback;
  const resolved = resolvePath(candidate);
  if (resolved === null) return fallback;

  // Every decoding of the path must stay a plain internal path too.
  let layer = new URL(resolved, BASE).pathname;
  for (let round = 0; round < 4; round += 1) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(layer);
    } catch {
      return fallback;
    }
    if (decoded === layer) return resolved;
    if (!isPlainPath(decoded) || resolvePath(decoded) === null) return fallback;
    layer = decoded;
  }
  // Still changing after four decodings: no internal path of this app looks like that.
  return fallback;
}
