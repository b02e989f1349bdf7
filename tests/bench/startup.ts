import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { report } from './report.ts';
import { startServer } from './server-process.ts';

/** Server start to first answer with an existing data dir (the first start migrates and seeds it). */
export async function benchStartup() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cf-bench-start-'));
  try {
    const first = await startServer({ DATA_DIR: dataDir }, 4391);
    await first.stop();
    report('server_first_start_fresh_data_dir', first.startMs, 'ms');
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const server = await startServer({ DATA_DIR: dataDir }, 4391);
      times.push(server.startMs);
      await server.stop();
    }
    times.sort((a, b) => a - b);
    report('server_start_existing_data_dir_median', times[1] ?? Number.NaN, 'ms', '<= 2000 ms');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
