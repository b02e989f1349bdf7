import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The driver-independent Drizzle type: routes and services never know which database runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = MIGRATIONS_DIR;

export type DatabaseOptions = { url: string; poolSize?: number } | { dataDir: string } | { pglite: PGlite };

/** Opens PostgreSQL when a URL is given, otherwise PGlite (a data dir, or a ready instance for tests). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if ('url' in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if ('pglite' in options) client = options.pglite;
  else {
    mkdirSync(options.dataDir, { recursive: true });
    client = await PGlite.create({ dataDir: options.dataDir });
  }
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder }),
    close: () => client.close(),
  };
}
