import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { inject } from 'vitest';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { DEMO_PASSWORD } from '../db/seed/demo-accounts.ts';
import { seed } from '../db/seed/index.ts';

/** The file's PostgreSQL copy comes migrated and seeded (pg-file-setup.ts): the first use takes it as it is. */
let pristine = Boolean(process.env.TEST_DATABASE_ADMIN_URL);

/**
 * A seeded database for one test file: a copy of the PGlite template by default, or the file's own
 * PostgreSQL database when TEST_DATABASE_URL is set (CI runs the server suite on it), reset to the
 * seed for every call after the first.
 */
export async function createTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const database = await openDatabase({ url });
    if (pristine) {
      pristine = false;
      return database;
    }
    await database.db.execute(sql`drop schema if exists public cascade`);
    await database.db.execute(sql`drop schema if exists drizzle cascade`);
    await database.db.execute(sql`create schema public`);
    await database.migrate();
    await seed(database.db);
    return database;
  }
  const template = await readFile(inject('pgliteTemplate'));
  const pglite = await PGlite.create({ loadDataDir: new Blob([template]) });
  return openDatabase({ pglite });
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:3000',
    ...overrides,
  });
}

/** The app on a seeded database. */
export async function createTestApp(overrides: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const config = testConfig(overrides);
  const app = await buildApp({ config, database, distDir: '/nonexistent' });
  await app.ready();
  return {
    app,
    database,
    async close() {
      await app.close();
      await database.close();
    },
    /** Signs a demo or test user in and returns the bearer header. */
    async login(email: string, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return { authorization: `Bearer ${res.json().token as string}` };
    },
  };
}
