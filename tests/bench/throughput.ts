import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-accounts.ts';
import { median, report } from './report.ts';
import { startServer } from './server-process.ts';

const DURATION_S = 3;
// Five rounds: single 3 s readings of bare Fastify on this VM range from 42k to 57k req/s.
const ROUNDS = 5;

/**
 * One autocannon run as a process of its own, as a load generator runs: inside this bench process
 * the client shares an event loop with the orchestration and measured itself (parsing the app's
 * larger answers) more than the server.
 */
function autocannonRun(url: string, seconds: number, headers: Record<string, string>): Promise<AutocannonResult> {
  const args = ['node_modules/autocannon/autocannon.js', '-j', '-c', '10', '-d', String(seconds)];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [...args, url], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(JSON.parse(stdout) as AutocannonResult);
    });
  });
}

interface AutocannonResult {
  requests: { average: number };
  non2xx: number;
  errors: number;
}

async function requestsPerSecond(url: string, headers: Record<string, string> = {}): Promise<number> {
  // Warm up (JIT, connection pools), then measure.
  await autocannonRun(url, 1, headers);
  const result = await autocannonRun(url, DURATION_S, headers);
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

/** The bare Fastify server of bare-server.ts, running until `stop` (its `/bare` route's URL; the load bench's under /api). */
export async function startBareFastify(port = 4392): Promise<{ url: string; pid: number; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/bare-server.ts'], {
    env: { ...process.env, PORT: String(port) },
    stdio: 'inherit',
  });
  const url = `http://127.0.0.1:${port}/bare`;
  for (;;) {
    try {
      await fetch(url);
      break;
    } catch {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  return { url, pid: child.pid as number, stop: () => child.kill('SIGTERM') };
}

/** The app's server with a signed-in user: GET /api/user/ with its bearer token, until `stop`. */
async function startAuthenticatedUser(env: Record<string, string>) {
  const server = await startServer(
    {
      ...env,
      ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000000',
      ADDRESS_RATE_LIMIT_PER_MINUTE: '1000',
      EMAIL_RATE_LIMIT_PER_MINUTE: '1000',
    },
    4393,
  );
  const res = await fetch(`${server.url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'attendee@demo.cloudfest.example', password: DEMO_PASSWORD }),
  });
  const { token } = (await res.json()) as { token: string };
  return { url: `${server.url}/api/user/`, headers: { authorization: `Bearer ${token}` }, stop: () => server.stop() };
}

/**
 * GET /api/user/ against bare Fastify, in alternating rounds with both servers up: this 2-core VM's
 * throughput drifts by a third from minute to minute, so a ratio of two runs minutes apart says
 * more about the drift than about the app. The median of the per-round ratios is reported.
 */
async function userVersusBare(name: string, env: Record<string, string>, bareUrl: string) {
  const app = await startAuthenticatedUser(env);
  try {
    const rounds: { bare: number; app: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const bare = await requestsPerSecond(bareUrl);
      rounds.push({ bare, app: await requestsPerSecond(app.url, app.headers) });
    }
    report(`bare_fastify_json_rps_${name}_rounds`, median(rounds.map((r) => r.bare)), 'req/s');
    report(`get_user_${name}_rps`, median(rounds.map((r) => r.app)), 'req/s');
    report(`get_user_${name}_vs_bare`, median(rounds.map((r) => r.app / r.bare)), 'ratio', '>= 0.5');
  } finally {
    await app.stop();
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
  const bare = await startBareFastify();
  try {
    const dataDir = mkdtempSync(join(tmpdir(), 'cf-bench-rps-'));
    try {
      await userVersusBare('pglite', { DATA_DIR: dataDir }, bare.url);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
    const url = await benchDatabaseUrl();
    if (!url) console.log('BENCH get_user_postgres skipped: no PostgreSQL on 127.0.0.1:5432');
    else await userVersusBare('postgres', { DATABASE_URL: url }, bare.url);
  } finally {
    bare.stop();
  }
}
