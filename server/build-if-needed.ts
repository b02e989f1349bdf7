import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './paths.ts';

const SOURCES = ['src', 'sw', 'public', 'index.html', 'manifest.webmanifest', 'vite.config.ts', 'package.json'];

/** The newest modification time in a file or folder tree (0 when missing): "is the build stale?" */
export function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** `npm start` on a fresh clone: build the PWA when dist is missing or older than its sources. */
export async function buildIfNeeded(log: (message: string) => void): Promise<void> {
  const built = join(ROOT, 'dist', 'index.html');
  const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(join(ROOT, s))));
  if (builtAt >= sourcesAt) return;
  log(builtAt ? 'Sources changed since the last build: rebuilding the app…' : 'Building the app (first start)…');
  const { build } = await import('vite');
  await build({ root: ROOT, logLevel: 'warn' });
}
