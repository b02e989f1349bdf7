import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';

/**
 * The embedded database's folder is its owner's alone (folders 0700, files 0600), as PostgreSQL
 * wants its data dir: it holds every account. PGlite does not see to it: it writes the files of a
 * new database 0666 and rewrites pg_internal.init 0644 on every start, whatever the umask.
 */

/** Bits that let group or others in. */
const OPEN_TO_OTHERS = 0o077;

/**
 * Sets every folder under `dir` (itself included) that group or others may use to 0700 and every
 * such file to 0600. Symbolic links are left alone (chmod would follow them out of the folder).
 * Returns how many entries it changed.
 */
export function restrictToOwner(dir: string): number {
  let changed = 0;
  const tighten = (path: string) => {
    const stat = lstatSync(path);
    if (stat.isSymbolicLink() || (stat.mode & OPEN_TO_OTHERS) === 0) return;
    chmodSync(path, stat.isDirectory() ? 0o700 : 0o600);
    changed++;
  };
  tighten(dir);
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    tighten(join(entry.parentPath, entry.name));
  }
  return changed;
}

/** Files and folders this process creates from now on are its owner's (not in worker threads: they may not). */
export function ownerOnlyFromNowOn(): void {
  if (isMainThread) process.umask(0o077);
}

/**
 * Before PGlite opens `dataDir`: files created from now on are the owner's (a umask for the whole
 * process, as PGlite and the image cache keep writing files while the server runs), the folder exists
 * 0700, and an existing folder left open to others (by an older version, or a restore by hand) is
 * closed. Returns a warning saying what was fixed, or null when nothing was.
 */
export function claimDataDir(dataDir: string): string | null {
  ownerOnlyFromNowOn();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const changed = restrictToOwner(dataDir);
  if (changed === 0) return null;
  return (
    `The data dir ${dataDir} was open to other users of this machine: ${changed} of its files and ` +
    "folders were readable or writable by group or others. They are now its owner's alone (folders 0700, files 0600)."
  );
}
