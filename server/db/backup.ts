import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { DataDirBusyError, LOCK_FILE, lockDataDir, processAlive } from './data-dir-lock.ts';
import { claimDataDir, ownerOnlyFromNowOn, restrictToOwner } from './data-dir-mode.ts';

/**
 * Backups of the embedded database (`npm run db:backup`, `npm run db:restore`). A backup is PGlite's
 * own dump of the data dir: a gzipped tar that `PGlite.create({ loadDataDir })` opens as it is. Only
 * the process that has the database open may copy it, so a running server makes the snapshot itself
 * and the CLI fetches it over a local-only endpoint (server/routes/admin/backup.ts).
 */

/** A message for the operator: the CLI prints it without a stack trace. */
export class BackupError extends Error {
  override name = 'BackupError';
}

/**
 * A consistent snapshot of a running PGlite. dumpDataDir alone holds only PGlite's query lock, so
 * it could run between two statements of someone else's transaction; PGlite's transaction lock
 * (held by `transaction()`, and taken by every query and exec too) keeps everything else out until
 * the copy is done. CHECKPOINT first writes every committed change into the data files, so the
 * copy opens without replaying much WAL. Other queries wait for the copy (about a second or two).
 */
export function snapshotPglite(pglite: PGlite): Promise<Blob> {
  return pglite.transaction(async (tx) => {
    await tx.exec('CHECKPOINT');
    return pglite.dumpDataDir('gzip');
  });
}

// ---- How the CLI reaches a running server --------------------------------------------------------

/** Written by the server under DATA_DIR when it listens (mode 0600: it holds the endpoint's token). */
export const ENDPOINT_FILE = 'backup-endpoint.json';
export const BACKUP_PATH = '/api/admin/backup';

export interface BackupEndpoint {
  pid: number;
  /** Base URL on this host, e.g. http://127.0.0.1:3000 */
  url: string;
  token: string;
}

export function writeBackupEndpoint(dataDir: string, endpoint: BackupEndpoint): void {
  const file = join(dataDir, ENDPOINT_FILE);
  // Removed first: the mode of writeFile applies only to a file it creates.
  rmSync(file, { force: true });
  writeFileSync(file, JSON.stringify(endpoint), { mode: 0o600 });
}

export function removeBackupEndpoint(dataDir: string): void {
  rmSync(join(dataDir, ENDPOINT_FILE), { force: true });
}

/** The endpoint of the server running on this data dir, or null (none, or left behind by a dead one). */
export function readBackupEndpoint(dataDir: string): BackupEndpoint | null {
  try {
    const endpoint = JSON.parse(readFileSync(join(dataDir, ENDPOINT_FILE), 'utf8')) as BackupEndpoint;
    return processAlive(endpoint.pid) ? endpoint : null;
  } catch {
    return null;
  }
}

// ---- npm run db:backup -----------------------------------------------------------------------------

export interface Location {
  dataDir: string;
  databaseUrl?: string | undefined;
}

const PG_DUMP_HINT =
  'DATABASE_URL is set, so the database is PostgreSQL: back it up with pg_dump ' +
  '(pg_dump --format=custom --file=backup.dump "$DATABASE_URL") and restore with pg_restore.';

const stamp = () => new Date().toISOString().slice(0, 19).replaceAll(':', '-');

export function defaultBackupFile(): string {
  return join('backups', `cloudfest-${stamp()}.tar.gz`);
}

const gunzipAsync = promisify(gunzip);
const isGzip = (bytes: Uint8Array) => bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/**
 * Writes a snapshot of the embedded database to `file`: fetched from the running server when there
 * is one, otherwise taken from the data dir directly (holding its lock, so no server starts meanwhile).
 */
export async function backup(where: Location, file = defaultBackupFile()) {
  if (where.databaseUrl) throw new BackupError(PG_DUMP_HINT);
  const dataDir = resolve(where.dataDir);
  const endpoint = readBackupEndpoint(dataDir);
  const bytes = endpoint ? await snapshotFromServer(endpoint) : await snapshotFromDataDir(dataDir);
  if (!isGzip(bytes)) throw new BackupError('The snapshot is not a gzip file; nothing was written.');
  const target = resolve(file);
  mkdirSync(dirname(target), { recursive: true });
  // Written under another name and renamed: an interrupted backup never looks like a finished one.
  // 0600: the snapshot holds every account and the pass-signing key.
  const partial = `${target}.partial`;
  await writeFile(partial, bytes, { mode: 0o600 });
  await rename(partial, target);
  return {
    file: target,
    bytes: bytes.length,
    via: endpoint ? ('the running server' as const) : ('this command (no server was running)' as const),
  };
}

async function snapshotFromServer(endpoint: BackupEndpoint): Promise<Uint8Array> {
  let res: Response;
  try {
    res = await fetch(`${endpoint.url}${BACKUP_PATH}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${endpoint.token}` },
    });
  } catch (error) {
    throw new BackupError(
      `The server (process ${endpoint.pid}) does not answer at ${endpoint.url}: ${(error as Error).message}. Nothing was written.`,
    );
  }
  if (res.status === 503) {
    throw new BackupError('The server is starting up or shutting down: try again in a moment. Nothing was written.');
  }
  if (!res.ok) {
    const detail = await res.text().catch(() => '');
    throw new BackupError(`The server refused the backup (HTTP ${res.status}) ${detail}`.trim());
  }
  return new Uint8Array(await res.arrayBuffer());
}

async function snapshotFromDataDir(dataDir: string): Promise<Uint8Array> {
  if (!existsSync(join(dataDir, 'PG_VERSION'))) throw new BackupError(`There is no database in ${dataDir} to back up.`);
  const lock = lockOrExplain(dataDir, 'If it is the server starting or stopping, try again in a moment.');
  try {
    const fixed = claimDataDir(dataDir);
    if (fixed) console.warn(`WARNING: ${fixed}`);
    const pglite = await PGlite.create({ dataDir });
    try {
      return new Uint8Array(await (await snapshotPglite(pglite)).arrayBuffer());
    } finally {
      await pglite.close();
      // Opening rewrote pg_internal.init open to all (see data-dir-mode.ts).
      restrictToOwner(dataDir);
    }
  } finally {
    lock.release();
  }
}

function lockOrExplain(dataDir: string, advice: string) {
  try {
    return lockDataDir(dataDir);
  } catch (error) {
    if (error instanceof DataDirBusyError) throw new BackupError(`${error.message} ${advice}`);
    throw error;
  }
}

// ---- npm run db:restore FILE -------------------------------------------------------------------------

/**
 * Replaces the data dir with a backup. The backup is unpacked into a new folder beside DATA_DIR and
 * opened there first; only when that worked is the old folder renamed to
 * `DATA_DIR.before-restore-<time>` and the new one put in its place. A bad file changes nothing.
 */
export async function restore(where: Location, file: string) {
  if (where.databaseUrl) throw new BackupError(PG_DUMP_HINT);
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = new Uint8Array(await readFile(file));
  } catch (error) {
    throw new BackupError(`Cannot read ${file}: ${(error as Error).message}. Nothing was changed.`);
  }
  if (!isGzip(bytes)) {
    throw new BackupError(`${file} is not a backup made by npm run db:backup (not a gzip file). Nothing was changed.`);
  }
  try {
    // Unpacked once here first: PGlite's own unpacking throws a truncated file's error where no one catches it.
    await gunzipAsync(bytes);
  } catch (error) {
    throw new BackupError(`${file} is damaged (${(error as Error).message}). Nothing was changed.`);
  }
  const dataDir = resolve(where.dataDir);
  const hadData = existsSync(dataDir) && readdirSync(dataDir).length > 0;
  const lock = lockOrExplain(dataDir, 'Stop the server first, then restore. Nothing was changed.');
  const time = stamp();
  const staging = `${dataDir}.restoring-${time}`;
  try {
    try {
      await unpackAndCheck(bytes, staging);
    } catch (error) {
      await rm(staging, { recursive: true, force: true });
      const reason =
        error instanceof BackupError ? error.message : `it does not open as a database (${(error as Error).message})`;
      throw new BackupError(`${file} cannot be restored: ${reason}. Nothing was changed.`);
    }
    // The backup carries the lock and endpoint files of the server it was taken from: drop them, and
    // hold the new folder with this process's lock until it is in place.
    removeBackupEndpoint(staging);
    writeFileSync(join(staging, LOCK_FILE), String(process.pid));
    // PGlite unpacks every file 0666, the pass-signing key included: the restored folder is the owner's alone.
    restrictToOwner(staging);
    let aside: string | null = null;
    if (hadData) {
      aside = `${dataDir}.before-restore-${time}`;
      renameSync(dataDir, aside);
      rmSync(join(aside, LOCK_FILE), { force: true });
    } else rmSync(dataDir, { recursive: true, force: true });
    renameSync(staging, dataDir);
    return { dataDir, aside };
  } finally {
    lock.release();
  }
}

/** Unpacks the backup into `dir` with PGlite itself and checks that it holds this app's database. */
async function unpackAndCheck(bytes: Uint8Array<ArrayBuffer>, dir: string): Promise<void> {
  ownerOnlyFromNowOn();
  const pglite = await PGlite.create({ dataDir: dir, loadDataDir: new Blob([bytes]) });
  try {
    // Any PostgreSQL data dir would open here, an empty or unrelated one too: it must be this app's.
    const tables = await pglite.query<{ name: string | null }>(
      `select to_regclass('drizzle.__drizzle_migrations')::text as name union all select to_regclass('public.users')::text`,
    );
    if (tables.rows.some((row) => row.name === null)) throw new BackupError('it does not hold a CloudFest database');
  } finally {
    await pglite.close();
  }
}
