import { existsSync, rmSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { build } from 'esbuild';
import { buildIfNeeded, newestMtime } from './build-if-needed.ts';
import { ROOT } from './paths.ts';

/**
 * `npm start`, step one: build the PWA when needed, then bundle the server into one ES module
 * (packages stay external). Node then starts plain JavaScript: no TypeScript loader resolving
 * hundreds of imports through a hook thread, which halves the time to the first answer.
 */
export const SERVER_BUNDLE = join(ROOT, 'dist-server', 'main.mjs');

export async function bundleServerIfNeeded(): Promise<void> {
  const sources = Math.max(
    newestMtime(join(ROOT, 'server')),
    newestMtime(join(ROOT, 'src', 'shared')),
    newestMtime(join(ROOT, 'package.json')),
  );
  if (existsSync(SERVER_BUNDLE) && statSync(SERVER_BUNDLE).mtimeMs >= sources) return;
  rmSync(dirname(SERVER_BUNDLE), { recursive: true, force: true });
  await build({
    // The image worker is a process of its own (forked by services/images/avatar-images.ts): its own entry.
    entryPoints: [join(ROOT, 'server', 'main.ts'), join(ROOT, 'server', 'services', 'images', 'image-worker.ts')],
    outdir: dirname(SERVER_BUNDLE),
    entryNames: '[name]',
    outExtension: { '.js': '.mjs' },
    // Dynamic imports stay separate chunks, so what the server loads lazily (seed data, pdf-lib,
    // time zones) is not hoisted into the start-up path.
    splitting: true,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Node 20.10+ reads import attributes (the seed's country names are a JSON import).
    supported: { 'import-attributes': true },
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  await buildIfNeeded((message) => console.log(message));
  await bundleServerIfNeeded();
}
