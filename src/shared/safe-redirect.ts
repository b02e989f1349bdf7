/**
 * Returns the path when it is a safe internal path (one leading slash, no scheme, no
 * protocol-relative `//` or `/\`), otherwise the fallback. Used for the return path after sign-in.
 */
export function safeRedirectPath(candidate: unknown, fallback = '/'): string {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 2048) return fallback;
  if (!candidate.startsWith('/')) return fallback;
  // Browsers treat backslashes as slashes and drop tabs/newlines: reject them all.
  if (/[\\\s]/.test(candidate)) return fallback;
  if (candidate.startsWith('//')) return fallback;
  try {
    const url = new URL(candidate, 'http://internal.invalid');
    if (url.origin !== 'http://internal.invalid') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
