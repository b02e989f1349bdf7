import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../../db/client.ts';
import type { SessionCache, SessionChange } from './session-cache.ts';

const CHANNEL = 'cloudfest_sessions';
/** Reconnect backoff: 250 ms, doubling to at most 2 s, so the listener is back soon after the database. */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 2_000;
/**
 * A connection can die without a reset (a failover's vanished host): the listener then hears
 * nothing and says nothing. A query every few seconds on it finds out; while it goes unanswered
 * the cache stays on, so a check must fail within HEARTBEAT_TIMEOUT_MS.
 */
const HEARTBEAT_MS = 5_000;
const HEARTBEAT_TIMEOUT_MS = 3_000;
/** How long a connection attempt may take before the next one. */
const CONNECT_TIMEOUT_MS = 5_000;

function parseChange(payload: string | undefined): SessionChange | null {
  try {
    const change = JSON.parse(payload ?? '') as Record<string, unknown>;
    if (typeof change.token === 'string') return { token: change.token };
    if (typeof change.user === 'string' && typeof change.tokens === 'boolean')
      return { user: change.user, tokens: change.tokens };
  } catch {
    // not ours: ignored below
  }
  return null;
}

/** The wait before reconnect attempt `attempt` (1, 2, …), with jitter so instances do not reconnect in step. */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** Math.max(0, attempt - 1));
  return Math.round(base * (0.5 + random() * 0.5));
}

/**
 * Shares session changes between instances on one PostgreSQL through LISTEN/NOTIFY: a logout or
 * password change on one instance reaches every other's SessionCache within milliseconds, not
 * after the cache's TTL. One dedicated connection listens (a pooled one would lose LISTEN when
 * returned). Until it listens, and whenever it is down (a database restart, a dropped
 * connection), the cache is off — every request reads the database, so a revocation made
 * meanwhile on another instance counts at once — and it comes back empty once the listener
 * listens again, since the notifications of the gap are lost. The listener reconnects with backoff.
 */
export function shareSessionChanges(options: { url: string; db: Db; sessions: SessionCache; log: FastifyBaseLogger }) {
  const { url, db, sessions, log } = options;
  /** The connection that listens, once it does; the one being opened meanwhile. */
  let client: pg.Client | null = null;
  let opening: pg.Client | null = null;
  let closed = false;
  let attempts = 0;
  let retry: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;

  async function connect() {
    const next = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: HEARTBEAT_MS,
    });
    opening = next;
    let gone = false;
    const lose = (error?: unknown) => {
      if (gone) return;
      gone = true;
      lost(next, error);
    };
    next.on('notification', (message) => {
      const change = message.channel === CHANNEL ? parseChange(message.payload) : null;
      if (change) sessions.apply(change);
    });
    next.on('error', lose);
    next.on('end', () => lose());
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      lose(error);
      return;
    }
    if (gone) return;
    opening = null;
    if (closed) return void next.end().catch(() => {});
    if (attempts > 0) log.info({ attempts }, 'session change listener listens again');
    attempts = 0;
    client = next;
    // Empty and on: what was cached before the gap may have been revoked during it.
    sessions.setEnabled(true);
    beat(next);
  }

  function beat(which: pg.Client) {
    heartbeat = setTimeout(() => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${HEARTBEAT_TIMEOUT_MS} ms`)), HEARTBEAT_TIMEOUT_MS);
      });
      Promise.race([which.query('select 1'), timeout])
        .then(
          () => {
            if (client === which && !closed) beat(which);
          },
          (error: unknown) => {
            // Its 'error' or 'end' may never come: give it up here (lost() ignores a second report).
            if (client === which) lost(which, error);
          },
        )
        .finally(() => clearTimeout(timer));
    }, HEARTBEAT_MS);
    heartbeat.unref();
  }

  function lost(which: pg.Client, error?: unknown) {
    which.end().catch(() => {});
    if (client === which) {
      client = null;
      clearTimeout(heartbeat);
    } else if (opening === which) opening = null;
    // An earlier connection's late report: the current one listens (or is being opened), nothing is lost.
    else return;
    sessions.setEnabled(false);
    if (closed || retry) return;
    attempts += 1;
    // The first failure of a run is news; the retries while the database is down are not.
    if (attempts === 1)
      log.warn({ err: error }, 'session change listener lost its connection; the session cache is off until it is back');
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, reconnectDelay(attempts));
    retry.unref();
  }

  sessions.setEnabled(false);
  const ready = connect();
  sessions.broadcast = (change) => {
    // Through the pool, independent of the listener: NOTIFY reaches every listener, ours included (harmless).
    db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(change)})`).catch((error: unknown) => {
      log.error({ err: error, change }, 'could not tell other instances about a session change');
    });
  };

  return {
    ready,
    /** Whether the listener listens now (tests). */
    get listening() {
      return client !== null;
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      clearTimeout(heartbeat);
      sessions.broadcast = () => {};
      await Promise.all([client, opening].map((each) => each?.end().catch(() => {})));
      client = null;
      opening = null;
    },
  };
}
