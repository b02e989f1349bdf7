import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** True when this module is the file node was started with (a bench run on its own), not an import. */
export function isMain(moduleUrl: string): boolean {
  return Boolean(process.argv[1]) && moduleUrl === pathToFileURL(process.argv[1] ?? '').href;
}

/**
 * Lets one page bench run on its own (`node --import tsx tests/bench/<file>.ts`): builds when
 * needed, starts a server on a fresh data dir, measures, stops. Does nothing when the file is only
 * imported (by run.ts, which runs every bench against one server).
 */
export async function runStandalone(
  moduleUrl: string,
  bench: (baseUrl: string) => Promise<void>,
  options: { env?: Record<string, string>; port?: number } = {},
): Promise<void> {
  if (!isMain(moduleUrl)) return;
  const { buildIfNeeded } = await import('../../server/build-if-needed.ts');
  const { bundleServerIfNeeded } = await import('../../server/prepare.ts');
  const { startServer } = await import('./server-process.ts');
  await buildIfNeeded((message) => console.log(message));
  await bundleServerIfNeeded();
  const dataDir = mkdtempSync(join(tmpdir(), 'cf-bench-'));
  const server = await startServer({ DATA_DIR: dataDir, ...options.env }, options.port ?? 4393);
  try {
    await bench(server.url);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
