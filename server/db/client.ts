import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.ts';
import { snapshotPglite } from './backup.ts';
import { type DataDirLock, lockDataDir } from './data-dir-lock.ts';
import { claimDataDir, restrictToOwner } from './data-dir-mode.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The driver-independent Drizzle type: routes and services never know which database runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** PGlite opened from a folder: that folder (DATA_DIR). */
  dataDir?: string;
  /** PGlite only: a consistent gzipped tar of the data dir, taken while the database runs (db:backup). */
  snapshot?(): Promise<Blob>;
  /**
   * PostgreSQL only: told when an idle pooled connection is lost (a restart, a failover). The pool
   * drops it and opens a new one on the next query; main.ts logs it.
   */
  onConnectionLost?: (error: Error) => void;
}

const migrationsFolder = MIGRATIONS_DIR;
/** Any constant both instances agree on: the advisory lock that serialises migrations. */
const MIGRATION_LOCK_KEY = 2026_11_12;

/**
 * Instances starting together take turns: drizzle's migrator checks and applies in one transaction
 * but does not lock, so two could both apply the same migration. The session-level advisory lock is
 * held on one connection for the whole run; the next instance then finds nothing left to do.
 */
async function migrateTakingTurns(pool: pg.Pool): Promise<void> {
  const connection = await pool.connect();
  try {
    await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(connection, { schema }), { migrationsFolder });
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
    }
  } finally {
    connection.release();
  }
}

export interface PostgresOptions {
  url: string;
  /** Connections per instance (10 by default). */
  poolSize?: number;
  /** How long opening one connection may take before the query fails with a 503 (a dead or unreachable host). */
  connectionTimeoutMillis?: number;
}

export type DatabaseOptions = PostgresOptions | { dataDir: string } | { pglite: PGlite };

/** Long enough for a distant server's TLS handshake; short enough that a request never hangs on a dead host. */
const CONNECTION_TIMEOUT_MS = 5_000;
/**
 * How long a query may queue for a free connection of a busy pool. Separate from the connect
 * timeout (pg-pool uses one option for both): a burst of uploads queues behind the pool for a few
 * seconds and is answered, it must not turn into 503s while the database is healthy.
 */
const POOL_QUEUE_TIMEOUT_MS = 60_000;
/** Idle connections are kept through the pauses between bursts of device syncs, then closed. */
const IDLE_TIMEOUT_MS = 30_000;
/** TCP keep-alive probes find a connection to a host that vanished without a reset (a failover). */
const KEEP_ALIVE_DELAY_MS = 10_000;

/**
 * The PostgreSQL pool, made to survive the database going away. pg-pool emits 'error' for an idle
 * connection that dies; without a listener Node throws it and the process exits, so the pool
 * gets one. A connection lost while checked out (inside a transaction) emits 'error' on its
 * client, which nobody listens to either: every client gets a listener at connect. The query
 * that was running fails (a 503 for its request) and the pool discards the client when released.
 */
function createPool(options: PostgresOptions, database: Pick<Database, 'onConnectionLost'>): pg.Pool {
  const connectTimeout = options.connectionTimeoutMillis ?? CONNECTION_TIMEOUT_MS;
  /** Each new connection gets the short connect timeout; the pool's own option is the queue wait. */
  class Client extends pg.Client {
    constructor(config?: pg.ClientConfig) {
      super({ ...config, connectionTimeoutMillis: connectTimeout });
    }
  }
  const pool = new pg.Pool({
    Client,
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: POOL_QUEUE_TIMEOUT_MS,
    idleTimeoutMillis: IDLE_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEP_ALIVE_DELAY_MS,
  });
  pool.on('error', (error) => database.onConnectionLost?.(error));
  pool.on('connect', (client) => {
    client.on('error', () => {
      // Reported to the query that was running, or to the pool's listener when idle.
    });
  });
  return pool;
}

/** Opens PostgreSQL when a URL is given, otherwise PGlite (a data dir, or a ready instance for tests). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const database: Pick<Database, 'onConnectionLost'> = {};
    const pool = createPool(options, database);
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return Object.assign(database, {
      db,
      kind: 'postgres' as const,
      migrate: () => migrateTakingTurns(pool),
      close: () => pool.end(),
    });
  }
  let client: PGlite;
  let lock: DataDirLock | undefined;
  if ('pglite' in options) client = options.pglite;
  else {
    lock = lockDataDir(options.dataDir);
    try {
      const fixed = claimDataDir(options.dataDir);
      if (fixed) console.warn(`WARNING: ${fixed}`);
      client = await PGlite.create({ dataDir: options.dataDir });
    } catch (error) {
      lock.release();
      throw error;
    }
    try {
      // A new database's files, and the pg_internal.init of every start, come out of PGlite open to all.
      restrictToOwner(options.dataDir);
    } catch (error) {
      await client.close().finally(() => lock?.release());
      throw error;
    }
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    async close() {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
    dataDir: 'dataDir' in options ? options.dataDir : undefined,
    snapshot: () => snapshotPglite(client),
  };
}
