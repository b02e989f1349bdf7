import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Database, openDatabase } from '../../db/client.ts';
import { restrictToOwner } from '../../db/data-dir-mode.ts';
import { mailOutbox, passes, users } from '../../db/schema/index.ts';
import { createTestDatabase } from '../../testing/test-app.ts';

/** `npm run pass:approve -- <email>` as an organizer runs it: a separate process on the configured database. */
const url = process.env.TEST_DATABASE_URL;
let dataDir = '';

beforeAll(async () => {
  if (url) {
    await (await createTestDatabase()).close();
    return;
  }
  // A seeded PGlite data dir, from the template the test run prepared.
  dataDir = mkdtempSync(join(tmpdir(), 'cf-pass-approve-'));
  const template = await readFile(inject('pgliteTemplate'));
  await (await PGlite.create({ dataDir, loadDataDir: new Blob([template]) })).close();
  // PGlite writes its files open to others; a real data dir is tightened when the server claims it.
  restrictToOwner(dataDir);
});
afterAll(() => {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

function run(...args: string[]) {
  const { DATABASE_URL: _ignored, SMTP_URL: _none, ...env } = process.env;
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/pass-approve.ts', ...args], {
    env: { ...env, ...(url ? { DATABASE_URL: url } : { DATA_DIR: dataDir }), LOG_LEVEL: 'silent' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

async function withDatabase<T>(use: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(url ? { url } : { dataDir });
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

describe('scripts/pass-approve.ts', () => {
  it('prints the usage and exits 2 without an e-mail', () => {
    const result = run();
    expect(result.code).toBe(2);
    expect(result.err).toContain('Usage: npm run pass:approve -- <email>');
  });

  it('exits 1 with a clear message for an unknown user', () => {
    const result = run('nobody@company.example');
    expect(result.code).toBe(1);
    expect(result.err.trim()).toBe('There is no user with the e-mail address nobody@company.example.');
  });

  it('approves a pending pass, says so and sends the e-mail', async () => {
    const email = 'pending@demo.cloudfest.example';
    const result = run(email);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toContain('Approved the Business Pass of Jonas Becker <pending@demo.cloudfest.example>');
    await withDatabase(async ({ db }) => {
      const [row] = await db
        .select({ status: passes.status })
        .from(passes)
        .innerJoin(users, eq(users.id, passes.userId))
        .where(eq(users.email, email));
      expect(row?.status).toBe('approved');
      const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
      expect(mails.map((m) => m.subject)).toEqual(['Your CloudFest 2026 pass is approved']);
    });
    expect(run(email).out).toContain('was already approved; nothing changed.');
  });
});
