import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SyncResponse } from '#shared/contracts/sync.ts';
import { LEAD_OP_KIND } from '../routes/lead/apply.ts';
import { createDataDirApp, scannerAndBadges, scanOf } from '../testing/data-dir-app.ts';
import { BackupError, backup, ENDPOINT_FILE, restore } from './backup.ts';
import { openDatabase } from './client.ts';
import { LOCK_FILE } from './data-dir-lock.ts';
import { clientOps, leads } from './schema/index.ts';

type Server = Awaited<ReturnType<typeof createDataDirApp>>;
let server: Server;
let scanner: Awaited<ReturnType<typeof scannerAndBadges>>;
/** Backup files live beside the data dir, so the server's cleanup removes them too. */
const fileIn = (name: string) => join(server.dataDir, '..', name);

beforeAll(async () => {
  server = await createDataDirApp();
  scanner = await scannerAndBadges(server.app, server.database, 12);
}, 120_000);
afterAll(async () => server?.close());

/** `npm run db:backup` / `db:restore` as an operator runs them: a separate process (never spawnSync: the server is in this one). */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string; err: string }> {
  const { DATABASE_URL: _ignored, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/db/backup-cli.ts', ...args], {
    env: { ...inherited, ...env },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out, err })));
}

/** Opens a backup file the way a restore does, in memory, and hands its database to `use`. */
async function withBackup<T>(file: string, use: (database: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>) {
  const database = await openDatabase({ pglite: await PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) }) });
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

interface Upload {
  ids: string[];
  sentAt: number;
  /** performance.now() when the 200 with every op accepted had been read; undefined: not acknowledged. */
  acknowledgedAt?: number;
}

describe('npm run db:backup while lead scans are being uploaded', () => {
  it('restores to a database holding every scan acknowledged before the backup began, each upload whole or not at all', async () => {
    const uploads: Upload[] = [];
    let stop = false;
    // Four scanner devices uploading batches of five scans over HTTP, back to back.
    const device = async (n: number) => {
      for (let batch = 0; !stop; batch++) {
        const ops = Array.from({ length: 5 }, (_, i) =>
          scanOf(scanner.badges[(n + batch + i) % scanner.badges.length] as string),
        );
        const upload: Upload = { ids: ops.map((op) => op.id), sentAt: performance.now() };
        uploads.push(upload);
        const res = await fetch(`${server.url}/api/lead`, {
          method: 'POST',
          headers: { ...scanner.headers, 'content-type': 'application/json' },
          body: JSON.stringify({ ops }),
        });
        const body = (await res.json()) as SyncResponse;
        const accepted = body.results.filter((r) => r.status === 'created' || r.status === 'updated');
        if (res.status === 200 && accepted.length === ops.length) upload.acknowledgedAt = performance.now();
      }
    };
    const devices = [0, 1, 2, 3].map(device);
    const acknowledged = () => uploads.filter((u) => u.acknowledgedAt !== undefined).length;
    while (acknowledged() < 20) await new Promise((r) => setTimeout(r, 20));

    const file = fileIn('during-uploads.tar.gz');
    const backupStarted = performance.now();
    const done = await backup({ dataDir: server.dataDir }, file);
    const backupFinished = performance.now();
    // Uploads go on after the snapshot, then stop.
    const after = acknowledged();
    while (acknowledged() < after + 10) await new Promise((r) => setTimeout(r, 20));
    stop = true;
    await Promise.all(devices);

    expect(done.via).toBe('the running server');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const before = uploads.filter((u) => (u.acknowledgedAt ?? Number.POSITIVE_INFINITY) < backupStarted);
    const later = uploads.filter((u) => (u.acknowledgedAt ?? 0) > backupFinished);
    expect(before.length).toBeGreaterThanOrEqual(20);
    expect(later.length).toBeGreaterThanOrEqual(10);
    // And some were on their way while the snapshot was taken.
    const overlapping = uploads.filter((u) => u.sentAt < backupFinished && (u.acknowledgedAt ?? 0) > backupStarted);
    expect(overlapping.length).toBeGreaterThan(0);

    await withBackup(file, async (restored) => {
      // Opens, and is this app's database at its current schema: migrating finds nothing to do.
      await restored.migrate();
      const stored = await restored.db.select({ id: clientOps.id }).from(clientOps).where(eq(clientOps.kind, LEAD_OP_KIND));
      const ids = new Set(stored.map((row) => row.id));
      for (const upload of before) for (const id of upload.ids) expect(ids.has(id), `acknowledged scan ${id}`).toBe(true);
      // Each upload is one transaction: the snapshot holds all of its scans or none.
      for (const upload of uploads) {
        const present = upload.ids.filter((id) => ids.has(id)).length;
        expect([0, upload.ids.length]).toContain(present);
      }
      // The leads those scans made are there too, one per scanned person.
      const [row] = await restored.db
        .select({ n: sql<number>`count(*)::int` })
        .from(leads)
        .where(eq(leads.scannerUserId, scanner.scanner.id));
      expect(row?.n).toBe(scanner.badges.length);
    });
  });
});

describe('the db:backup and db:restore commands', () => {
  it('backs up a running server through its endpoint', async () => {
    const file = fileIn('by-cli.tar.gz');
    const result = await cli(['backup', file], { DATA_DIR: server.dataDir });
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toContain(`Backup written to ${file}`);
    expect(result.out).toContain('snapshot taken by the running server');
    const count = await withBackup(file, async ({ db }) => (await db.select({ id: clientOps.id }).from(clientOps)).length);
    expect(count).toBeGreaterThan(0);
  });

  it('answers the endpoint only with the token from the data dir', async () => {
    const endpoint = JSON.parse(readFileSync(join(server.dataDir, ENDPOINT_FILE), 'utf8')) as { url: string; token: string };
    expect(statSync(join(server.dataDir, ENDPOINT_FILE)).mode & 0o777).toBe(0o600);
    const wrong = await fetch(`${endpoint.url}/api/admin/backup`, { method: 'POST', headers: { authorization: 'Bearer guess' } });
    expect(wrong.status).toBe(403);
    const forwarded = await fetch(`${endpoint.url}/api/admin/backup`, {
      method: 'POST',
      headers: { authorization: `Bearer ${endpoint.token}`, 'x-forwarded-for': '203.0.113.9' },
    });
    expect(forwarded.status).toBe(404);
  });

  it('says to use pg_dump when DATABASE_URL is set', async () => {
    const result = await cli(['backup'], { DATA_DIR: server.dataDir, DATABASE_URL: 'postgres://db.example/cloudfest' });
    expect(result.code).toBe(1);
    expect(result.err).toContain('pg_dump');
  });

  it('refuses to restore while the server runs', async () => {
    const before = readdirSync(join(server.dataDir, '..'));
    const error = await restore({ dataDir: server.dataDir }, fileIn('by-cli.tar.gz')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BackupError);
    expect((error as Error).message).toContain(`in use by process ${process.pid}`);
    expect((error as Error).message).toContain('Stop the server first, then restore. Nothing was changed.');
    expect(readdirSync(join(server.dataDir, '..'))).toEqual(before);
  });

  it('refuses bad files with a clear message and leaves the data dir as it was', async () => {
    await server.app.close();
    await server.database.close();
    server.markClosed();
    const listing = () => readdirSync(server.dataDir).sort();
    const dataBefore = listing();
    const good = readFileSync(fileIn('by-cli.tar.gz'));
    const bad: [string, Uint8Array, string][] = [
      ['notes.txt', Buffer.from('hello'), 'is not a backup made by npm run db:backup (not a gzip file)'],
      ['cut.tar.gz', good.subarray(0, good.length / 2), 'is damaged'],
      ['other.tar.gz', gzipSync(Buffer.alloc(10_240)), 'cannot be restored'],
    ];
    for (const [name, bytes, message] of bad) {
      writeFileSync(fileIn(name), bytes);
      const result = await cli(['restore', fileIn(name)], { DATA_DIR: server.dataDir });
      expect(result.code, name).toBe(1);
      expect(result.err, name).toContain(message);
      expect(result.err, name).toContain('Nothing was changed.');
    }
    expect(listing()).toEqual(dataBefore);
    expect(readdirSync(join(server.dataDir, '..')).filter((name) => name.startsWith('data.'))).toEqual([]);
  });

  it('restores a good backup and keeps the previous data dir aside', async () => {
    const file = fileIn('during-uploads.tar.gz');
    const count = async (dataDir: string) => {
      const database = await openDatabase({ dataDir });
      try {
        return (await database.db.select({ id: clientOps.id }).from(clientOps)).length;
      } finally {
        await database.close();
      }
    };
    const current = await count(server.dataDir);
    const result = await cli(['restore', file], { DATA_DIR: server.dataDir });
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    // The restored tree is its owner's alone, before anything opens it (PGlite unpacks every file 0666).
    const restoredEntries = readdirSync(server.dataDir, { recursive: true, withFileTypes: true });
    const openToOthers = restoredEntries.filter((e) => (statSync(join(e.parentPath, e.name)).mode & 0o077) !== 0);
    expect(restoredEntries.length).toBeGreaterThan(900);
    expect(openToOthers.map((e) => join(e.parentPath, e.name))).toEqual([]);
    const aside = readdirSync(join(server.dataDir, '..')).find((name) => name.startsWith('data.before-restore-'));
    expect(aside).toBeDefined();
    expect(result.out).toContain(`The previous data is kept in ${join(server.dataDir, '..', aside as string)}`);
    // The backup has fewer scans than the data it replaced (uploads went on after it); the old data is intact aside.
    const restored = await count(server.dataDir);
    expect(restored).toBeLessThan(current);
    expect(await count(join(server.dataDir, '..', aside as string))).toBe(current);
    // The server's lock and endpoint files that came with the snapshot are gone; the folder is its owner's alone.
    expect(existsSync(join(server.dataDir, LOCK_FILE))).toBe(false);
    expect(existsSync(join(server.dataDir, ENDPOINT_FILE))).toBe(false);
    expect(statSync(server.dataDir).mode & 0o777).toBe(0o700);
  });

  it('backs up a data dir no server has open by opening it itself', async () => {
    const result = await cli(['backup', fileIn('offline.tar.gz')], { DATA_DIR: server.dataDir });
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    expect(result.out).toContain('snapshot taken by this command (no server was running)');
    expect(existsSync(join(server.dataDir, LOCK_FILE))).toBe(false);
  });
});
