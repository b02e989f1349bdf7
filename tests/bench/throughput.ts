import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-accounts.ts';
import { report } from './report.ts';
import { startServer } from './server-process.ts';

const DURATION_S = 5;

async function requestsPerSecond(url: string, headers: Record<string, string> = {}): Promise<number> {
  // Warm up (JIT, connection pools), then measure.
  await autocannon({ url, connections: 10, duration: 1, headers });
  const result = await autocannon({ url, connections: 10, duration: DURATION_S, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function bareFastify(): Promise<number> {
  const port = 4392;
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/bare-server.ts'], {
    env: { ...process.env, PORT: String(port) },
    stdio: 'inherit',
  });
  try {
    for (;;) {
      try {
        await fetch(`http://127.0.0.1:${port}/bare`);
        break;
      } catch {
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    return await requestsPerSecond(`http://127.0.0.1:${port}/bare`);
  } finally {
    child.kill('SIGTERM');
  }
}

async function authenticatedUser(env: Record<string, string>): Promise<number> {
  const server = await startServer({ ...env, RATE_LIMIT_MAX: '100000000', AUTH_RATE_LIMIT_PER_MINUTE: '1000' }, 4393);
  try {
    const res = await fetch(`${server.url}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'attendee@demo.cloudfest.example', password: DEMO_PASSWORD }),
    });
    const { token } = (await res.json()) as { token: string };
    return await requestsPerSecond(`${server.url}/api/user/`, { authorization: `Bearer ${token}` });
  } finally {
    await server.stop();
  }
}

/** A scratch database on the local PostgreSQL, so benchmarks never touch `test`. */
async function benchDatabaseUrl(): Promise<string | null> {
  const admin = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: admin });
  try {
    await client.connect();
    await client.query('drop database if exists cloudfest_bench');
    await client.query('create database cloudfest_bench');
    return admin.replace(/\/[^/]*$/, '/cloudfest_bench');
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function benchThroughput() {
  const bare = await bareFastify();
  report('bare_fastify_json_rps', bare, 'req/s');

  const dataDir = mkdtempSync(join(tmpdir(), 'cf-bench-rps-'));
  try {
    const rps = await authenticatedUser({ DATA_DIR: dataDir });
    report('get_user_pglite_rps', rps, 'req/s');
    report('get_user_pglite_vs_bare', rps / bare, 'ratio', '>= 0.5');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }

  const url = await benchDatabaseUrl();
  if (!url) {
    console.log('BENCH get_user_postgres skipped: no PostgreSQL on 127.0.0.1:5432');
    return;
  }
  const rps = await authenticatedUser({ DATABASE_URL: url });
  report('get_user_postgres_rps', rps, 'req/s');
  report('get_user_postgres_vs_bare', rps / bare, 'ratio', '>= 0.5');
}
