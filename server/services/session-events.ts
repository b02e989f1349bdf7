import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../db/client.ts';
import type { SessionCache, SessionChange } from './session-cache.ts';

const CHANNEL = 'cloudfest_sessions';
const RECONNECT_MS = 1_000;

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

/**
 * Shares session changes between instances on one PostgreSQL through LISTEN/NOTIFY: a logout or
 * password change on one instance reaches every other's SessionCache within milliseconds, not
 * after the cache's TTL. One dedicated connection listens (a pooled one would lose LISTEN when
 * returned); until it listens, and whenever it is down, the cache is off, as changes may be missed.
 */
export function shareSessionChanges(options: { url: string; db: Db; sessions: SessionCache; log: FastifyBaseLogger }) {
  const { url, db, sessions, log } = options;
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect() {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      const change = message.channel === CHANNEL ? parseChange(message.payload) : null;
      if (change) sessions.apply(change);
    });
    next.on('error', (error) => {
      log.warn({ err: error }, 'session change listener lost its connection');
      lost(next);
    });
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      if (closed) return void next.end().catch(() => {});
      client = next;
      sessions.setEnabled(true);
    } catch (error) {
      log.warn({ err: error }, 'session change listener could not connect; retrying');
      lost(next);
    }
  }

  function lost(which: pg.Client) {
    if (client === which) client = null;
    which.end().catch(() => {});
    sessions.setEnabled(false);
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, RECONNECT_MS);
      retry.unref();
    }
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
    async close() {
      closed = true;
      clearTimeout(retry);
      sessions.broadcast = () => {};
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
