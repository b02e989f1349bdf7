/**
 * Errors that say the database cannot be reached right now (a restart, a failover, a dropped
 * connection), as opposed to a fault in a query. A request that meets one is answered 503 with
 * Retry-After (server/plugins/errors.ts): the devices' sync retries it, and the pool reconnects on
 * the next request.
 */

/** SQLSTATEs of a server going away or refusing for now (class 08 is matched by its prefix). */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: stopped (fast or immediate) or the backend terminated
  '57P02', // crash_shutdown: another backend crashed, every session is dropped
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '57P05', // idle_session_timeout
  '53300', // too_many_connections
  '25006', // read_only_sql_transaction: a demoted primary after a failover
]);

/** Socket errors of a connection that could not be made or was cut. */
const UNAVAILABLE_ERRNOS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres and pg-pool say these in words only, without a code. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // "unexpectedly", "due to connection timeout"
  /^timeout exceeded when trying to connect$/, // pg-pool: no free connection within its queue wait
  /^timeout expired$/, // node-postgres: a new connection not open within its connect timeout
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

/** The code or words that mark this error (not what it wraps) as the database being unreachable. */
function reasonHere(error: object): string | null {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code) || UNAVAILABLE_ERRNOS.has(code)))
    return code;
  const message = (error as { message?: unknown }).message;
  if (typeof message === 'string' && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return message;
  return null;
}

/**
 * Why the error says the database is unreachable for now (a SQLSTATE, a socket error's code or
 * node-postgres's words, none of which carry a query's values), or null when it does not. What
 * it wraps counts: Drizzle's DrizzleQueryError keeps the driver's error as `cause`, and a refused
 * connection to a host with several addresses is an AggregateError.
 */
export function databaseUnavailableReason(error: unknown, depth = 0): string | null {
  if (typeof error !== 'object' || error === null || depth > 5) return null;
  const here = reasonHere(error);
  if (here) return here;
  const { cause, errors } = error as { cause?: unknown; errors?: unknown };
  const inner = databaseUnavailableReason(cause, depth + 1);
  if (inner || !Array.isArray(errors)) return inner;
  for (const each of errors) {
    const reason = databaseUnavailableReason(each, depth + 1);
    if (reason) return reason;
  }
  return null;
}

export const isDatabaseUnavailable = (error: unknown): boolean => databaseUnavailableReason(error) !== null;
