import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root. This module sits one folder below it both as source (server/paths.ts) and
 * inside the start bundle (dist-server/main.mjs), so the same expression holds for both.
 */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const DIST_DIR = join(ROOT, 'dist');
export const MIGRATIONS_DIR = join(ROOT, 'server', 'db', 'migrations');
