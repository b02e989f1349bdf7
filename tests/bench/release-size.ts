import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { catalogueModule } from '../../vite.config.ts';
import { report } from './report.ts';
import { isMain } from './standalone.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** The catalogue a release changes one message of: the one every page loads. */
const LANGUAGE = 'en';
const NAMESPACE = 'common';

/**
 * Serves `virtual:catalogue/<LANGUAGE>/<NAMESPACE>` with its first message changed by `edit`, ahead
 * of the app's own catalogue plugin: a one-string release without touching the checkout.
 */
function editedCatalogue(edit: (message: string) => string): Plugin {
  const file = join(root, 'src', 'locales', LANGUAGE, `${NAMESPACE}.json`);
  return {
    name: 'bench-edited-catalogue',
    enforce: 'pre',
    load(id) {
      if (id !== `\0virtual:catalogue/${LANGUAGE}/${NAMESPACE}`) return null;
      const messages = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
      const [first] = Object.keys(messages);
      if (!first) throw new Error(`${file} has no message to change`);
      return catalogueModule(NAMESPACE, { ...messages, [first]: edit(messages[first] as string) }, file);
    },
  };
}

export interface PrecacheEntry {
  url: string;
  revision: string | null;
}

/** The precache list vite-plugin-pwa injected into a built sw.js. */
export function precacheManifest(swSource: string): PrecacheEntry[] {
  const entries = [...swSource.matchAll(/\{"revision":(null|"[0-9a-f]+"),"url":"([^"]+)"\}/g)].map(([, revision, url]) => ({
    url: url as string,
    revision: revision === 'null' ? null : (JSON.parse(revision as string) as string),
  }));
  if (entries.length === 0) throw new Error('no precache list found in sw.js');
  return entries;
}

/** Entries of `next` an installed worker of `previous` fetches: new URLs and changed revisions. */
export function changedEntries(previous: readonly PrecacheEntry[], next: readonly PrecacheEntry[]): PrecacheEntry[] {
  const known = new Set(previous.map((entry) => `${entry.url} ${entry.revision}`));
  return next.filter((entry) => !known.has(`${entry.url} ${entry.revision}`));
}

/** Bytes a client that accepts brotli gets for a built file (the server sends the .br sibling when there is one). */
function brotliBytes(outDir: string, url: string): number {
  const file = join(outDir, url);
  return statSync(existsSync(`${file}.br`) ? `${file}.br` : file).size;
}

async function buildApp(outDir: string, edit: (message: string) => string) {
  await build({
    root,
    logLevel: 'error',
    build: { outDir, emptyOutDir: true },
    plugins: [editedCatalogue(edit)],
  });
}

/**
 * What a one-string change in one catalogue costs a phone with the app installed. Two
 * production builds, the second with one message of one catalogue changed; the installed worker
 * then fetches the new sw.js and every precache entry whose URL or revision it has not cached.
 */
export async function benchReleaseSize() {
  const dir = mkdtempSync(join(tmpdir(), 'cf-bench-release-'));
  try {
    const before = join(dir, 'before');
    const after = join(dir, 'after');
    await buildApp(before, (message) => message);
    await buildApp(after, (message) => `${message} (new)`);
    const changed = changedEntries(
      precacheManifest(readFileSync(join(before, 'sw.js'), 'utf8')),
      precacheManifest(readFileSync(join(after, 'sw.js'), 'utf8')),
    );
    // The edited catalogue must be among them, or the edit never reached the build.
    if (!changed.some((entry) => entry.url.includes(`catalogue-${LANGUAGE}-${NAMESPACE}-`)))
      throw new Error(`release bench: the ${LANGUAGE}/${NAMESPACE} catalogue did not change`);
    const bytes = brotliBytes(after, 'sw.js') + changed.reduce((sum, entry) => sum + brotliBytes(after, entry.url), 0);
    report('release_changed_precache_entries', changed.length, 'files', '<= 3');
    report('release_download_kb_brotli', bytes / 1024, 'KB', '<= 30 KB (sw.js included)');
    console.log(`  changed: ${changed.map((entry) => entry.url).join(', ')}`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// `node --import tsx tests/bench/release-size.ts` runs it alone (it needs no server).
if (isMain(import.meta.url)) await benchReleaseSize();
