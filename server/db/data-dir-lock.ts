import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * One process at a time on a PGlite data dir. PGlite has no lock of its own: two processes that
 * open the same folder both succeed and then overwrite each other's pages. The server, the db:
 * commands and the backup CLI therefore hold this file (the owner's pid) while the database is open.
 */
export const LOCK_FILE = 'data-dir.lock';

export class DataDirBusyError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The database in ${dataDir} is in use by process ${pid} (a server or a db: command; ` +
        `if no such process runs any more, delete ${join(dataDir, LOCK_FILE)}).`,
    );
    this.name = 'DataDirBusyError';
  }
}

/** Data dirs this process holds: tells its own live lock from a dead namesake's. */
const heldHere = new Set<string>();

export interface DataDirLock {
  release(): void;
}

/** True when a process with this pid exists (EPERM: it exists but belongs to another user). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The pid of the live process holding the data dir, or null when it is free (or the lock is stale). */
export function dataDirHolder(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number.parseInt(readFileSync(join(dataDir, LOCK_FILE), 'utf8'), 10);
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0) return null;
  // Our own pid in a lock we did not take is a leftover of an earlier life of this container (pid 1 again).
  if (pid === process.pid) return heldHere.has(resolve(dataDir)) ? pid : null;
  return processAlive(pid) ? pid : null;
}

/** Takes the data dir for this process, or throws DataDirBusyError naming the process that has it. */
export function lockDataDir(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // 'wx' fails when the file exists: of two processes starting together exactly one wins.
      writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
      heldHere.add(resolve(dataDir));
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          heldHere.delete(resolve(dataDir));
          // force: the file may already be gone (a restore moved the folder aside).
          rmSync(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = dataDirHolder(dataDir);
      if (holder !== null) throw new DataDirBusyError(dataDir, holder);
      // A stale lock (its process died without releasing it): remove it and try once more.
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}: its lock file keeps coming back.`);
}
