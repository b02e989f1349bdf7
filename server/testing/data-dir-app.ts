import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { inject } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { restrictToOwner } from '../db/data-dir-mode.ts';
import { users } from '../db/schema/index.ts';
import { DEMO_PASSWORD, genericAttendeeEmail } from '../db/seed/demo-accounts.ts';
import type { Readiness } from '../services/instance/readiness.ts';
import { signedInUser } from './purchases.ts';
import { testConfig } from './test-app.ts';

/** A folder holding a copy of the seeded template database, as DATA_DIR holds the embedded one. */
export async function seededDataDir(prefix: string): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), prefix));
  const dataDir = join(root, 'data');
  const template = await readFile(inject('pgliteTemplate'));
  await (await PGlite.create({ dataDir, loadDataDir: new Blob([template]) })).close();
  // As a server leaves it (PGlite unpacks 0666): opening it then has nothing to fix and warn about.
  restrictToOwner(dataDir);
  return dataDir;
}

/**
 * The app as `npm start` runs it on the embedded database: PGlite opened from a data dir (locked,
 * with the backup endpoint), listening on a free loopback port. For backup and shutdown tests.
 */
export async function createDataDirApp(overrides: Record<string, string> = {}, readiness?: Readiness) {
  const dataDir = await seededDataDir('cf-data-dir-app-');
  const database = await openDatabase({ dataDir });
  const app = await buildApp({
    config: testConfig({ DATA_DIR: dataDir, ...overrides }),
    database,
    distDir: '/nonexistent',
    readiness,
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  let closed = false;
  return {
    app,
    database,
    dataDir,
    url,
    /** Closes what is still open and deletes the folder (and the folders a restore put beside it). */
    async close() {
      if (!closed) {
        closed = true;
        await app.close();
        await database.close();
      }
      rmSync(join(dataDir, '..'), { recursive: true, force: true });
    },
    markClosed() {
      closed = true;
    },
  };
}

/** A signed-in lead scanner (approved pass, permission /contacts) and the signed badges of `count` attendees. */
export async function scannerAndBadges(app: App, database: Database, count: number) {
  const scanner = await signedInUser(database.db);
  await database.db
    .update(users)
    .set({ permissionPaths: ['/contacts'] })
    .where(eq(users.id, scanner.user.id));
  const badges: string[] = [];
  for (let n = 1; n <= count; n++) {
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: genericAttendeeEmail(n), password: DEMO_PASSWORD },
    });
    const authorization = `Bearer ${login.json().token as string}`;
    const barcode = await app.inject({ method: 'GET', url: '/api/pass/barcode', headers: { authorization } });
    badges.push((barcode.json() as { token: string }).token);
  }
  return { scanner: scanner.user, headers: scanner.headers, badges };
}

/** One scan of a badge as a scanner device uploads it. */
export const scanOf = (token: string) => ({ id: randomUUID(), createdAt: new Date().toISOString(), token });
