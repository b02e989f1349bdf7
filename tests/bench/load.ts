import { cpus, loadavg } from 'node:os';
import pg from 'pg';
import { bundleServerIfNeeded } from '../../server/prepare.ts';
import { type LoadRequest, loadAgent, machineTicks, openLoopStep, percentile, type StepResult } from './load-driver.ts';
import { eventMorningMix } from './load-mix.ts';
import { createLoadDatabase, fetchBadges, type LoadWorld, leadListPath, passSigningKey, prepareDevices } from './load-setup.ts';
import { cpuSeconds } from './process-stats.ts';
import { report } from './report.ts';
import { startServer } from './server-process.ts';
import { isMain } from './standalone.ts';
import { startBareFastify } from './throughput.ts';

/**
 * The step test: each rate held for a step, one instance on PostgreSQL, 2,000 signed-in devices.
 * 800 ops/s is there for the bare server, so the ratio is not capped by the last step.
 */
export const LOAD_RATES = [50, 100, 200, 400, 800];
const DEVICES = { devices: 2000, scanners: 40, staff: 20 };
/** A step passes with p95 at most this and no error; the capacity is the highest rate up to which every step passed. */
const P95_LIMIT_MS = 200;
const APP_PORT = 4394;
const BARE_PORT = 4395;
const DATABASE = 'bench_load';
/** A bundle of the server other than `npm start`'s (e.g. one made for a profiling run); that one by default. */
const SERVER_ENTRY = process.env.LOAD_SERVER_ENTRY ?? 'dist-server/main.mjs';

export interface LoadBenchOptions {
  /** Seconds per step: 15 for the step test (`npm run bench:load`), fewer for `npm run bench`. */
  stepSeconds: number;
  rates?: number[];
}

interface Measured {
  step: StepResult;
  /** CPU of the server process, as a share of the whole machine (all cores). */
  serverCpu: number;
  /** CPU milliseconds the server spent per request. */
  cpuMsPerOp: number;
  /** CPU of the app's PostgreSQL connections (0 for the bare server), as a share of the machine. */
  databaseCpu: number;
  /** How busy the machine was during the step (everything on it, other processes included). */
  machineBusy: number;
  /** Set for the app (whose database CPU is measured). */
  databaseUrl?: string;
}

const passed = (m: Measured) => m.step.errors === 0 && percentile(m.step.latenciesMs, 0.95) <= P95_LIMIT_MS;

/** The highest rate up to which every step passed (0 if the first did not). */
function capacity(steps: readonly Measured[]): number {
  let highest = 0;
  for (const m of steps) {
    if (!passed(m)) break;
    highest = m.step.rate;
  }
  return highest;
}

/** The PostgreSQL backends serving a database, by pid (the pool's connections, read from /proc). */
async function databaseCpuSeconds(adminUrl: string, database: string): Promise<Map<number, number>> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [database]);
    const seconds = new Map<number, number>();
    for (const { pid } of rows) {
      try {
        seconds.set(pid, cpuSeconds(pid));
      } catch {
        // ended meanwhile
      }
    }
    return seconds;
  } finally {
    await client.end();
  }
}

/** One step against one server, with the CPU it and its database used. */
async function measureStep(
  target: { url: string; pid: number; databaseUrl?: string },
  rate: number,
  seconds: number,
  next: () => LoadRequest,
): Promise<Measured> {
  const agent = loadAgent();
  const cores = cpus().length;
  const dbBefore = target.databaseUrl ? await databaseCpuSeconds(target.databaseUrl, DATABASE) : new Map<number, number>();
  const cpuBefore = cpuSeconds(target.pid);
  const machineBefore = machineTicks();
  const started = performance.now();
  const step = await openLoopStep(agent, target.url, rate, seconds, next);
  const wall = (performance.now() - started) / 1000;
  const serverSeconds = cpuSeconds(target.pid) - cpuBefore;
  const machineAfter = machineTicks();
  const dbAfter = target.databaseUrl ? await databaseCpuSeconds(target.databaseUrl, DATABASE) : new Map<number, number>();
  agent.destroy();
  let databaseSeconds = 0;
  for (const [pid, after] of dbAfter) databaseSeconds += after - (dbBefore.get(pid) ?? 0);
  return {
    step,
    serverCpu: serverSeconds / wall / cores,
    cpuMsPerOp: (serverSeconds * 1000) / step.sent,
    databaseCpu: databaseSeconds / wall / cores,
    machineBusy: (machineAfter.busy - machineBefore.busy) / (machineAfter.total - machineBefore.total),
    databaseUrl: target.databaseUrl,
  };
}

const pct = (share: number) => `${Math.round(share * 100)} %`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

function describe(name: string, m: Measured): string {
  const { step } = m;
  const db = m.databaseUrl ? `, PostgreSQL ${pct(m.databaseCpu)}` : '';
  return (
    `${name}: p50 ${ms(percentile(step.latenciesMs, 0.5))} p95 ${ms(percentile(step.latenciesMs, 0.95))} ` +
    `errors ${step.errors}/${step.sent}, CPU ${pct(m.serverCpu)} of the machine (${m.cpuMsPerOp.toFixed(2)} ms/op)${db}, machine busy ${pct(m.machineBusy)}`
  );
}

/** The slowest routes of a step (p95), to see where a collapse starts. */
function routeSummary(step: StepResult): string {
  return [...step.byRoute]
    .map(([route, values]) => ({ route, p95: percentile(values, 0.95), count: values.length }))
    .sort((a, b) => b.p95 - a.p95)
    .slice(0, 6)
    .map((r) => `${r.route} ${ms(r.p95)} (${r.count})`)
    .join('; ');
}

/** A world, both servers and the step test; the app's database is bench_load on the local PostgreSQL. */
export async function benchLoad(options: LoadBenchOptions): Promise<void> {
  const rates = options.rates ?? LOAD_RATES;
  const databaseUrl = await createLoadDatabase(DATABASE);
  if (!databaseUrl) {
    console.log('BENCH load_capacity_ops_s skipped: no PostgreSQL on 127.0.0.1:5432');
    return;
  }
  // The machine is shared: say how busy it was, the figures depend on it.
  const load = loadavg();
  console.log(
    `load bench: ${rates.join(' → ')} ops/s, ${options.stepSeconds} s each; load average before ${load.map((l) => l.toFixed(2)).join(' ')}`,
  );
  const seedStarted = performance.now();
  // Production as an operator runs it (default log level, rate limits, PASS_SIGNING_KEY): the demo
  // seed provides the crowd, prepareDevices turns it into signed-in devices.
  const app = await startServer(
    {
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PASS_SIGNING_KEY: passSigningKey(),
      MAIL_LOG_ONLY: 'true',
      PAYMENT_PROVIDER: 'sandbox',
      PUBLIC_URL: `http://127.0.0.1:${APP_PORT}`,
      SEED_DEMO: 'true',
      DEMO_ATTENDEES: String(DEVICES.devices),
      LOG_LEVEL: process.env.LOAD_LOG_LEVEL ?? 'info',
      ...(process.env.LOAD_NODE_OPTIONS ? { NODE_OPTIONS: process.env.LOAD_NODE_OPTIONS } : {}),
    },
    APP_PORT,
    300_000,
    SERVER_ENTRY,
  );
  const bare = await startBareFastify(BARE_PORT);
  // Should this process die before the finally below, the servers must not stay on their ports.
  const orphans = () => {
    app.child.kill('SIGKILL');
    bare.stop();
  };
  const interrupted = () => process.exit(130);
  process.once('exit', orphans);
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const prepared = await prepareDevices(databaseUrl, DEVICES);
    const scanner = prepared.devices.find((d) => d.role === 'scanner');
    if (!scanner) throw new Error('no scanner among the devices');
    const world: LoadWorld = {
      ...prepared,
      devices: await fetchBadges(app.url, prepared.devices),
      leadListPath: await leadListPath(app.url, scanner),
    };
    console.log(`load bench: scanners download their leads from ${world.leadListPath}`);
    console.log(
      `load bench: ${world.devices.length} devices ready in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
    );
    const appTarget = { url: app.url, pid: app.child.pid as number, databaseUrl };
    const bareTarget = { url: `http://127.0.0.1:${BARE_PORT}`, pid: bare.pid };
    // The same sequence of requests for both servers.
    const appMix = eventMorningMix(world);
    const bareMix = eventMorningMix(world);
    // JIT and connection pools warm before the first measured step.
    await measureStep(bareTarget, 50, 3, bareMix);
    await measureStep(appTarget, 50, 3, appMix);

    const appSteps: Measured[] = [];
    const bareSteps: Measured[] = [];
    // Alternating, step by step: this shared machine's speed drifts, and both should see the same drift.
    // Once a server failed a step its capacity is known: it is not driven further into collapse.
    for (const rate of rates) {
      const lastApp = appSteps.at(-1);
      const lastBare = bareSteps.at(-1);
      if (lastApp && !passed(lastApp) && lastBare && !passed(lastBare)) break;
      if (!lastBare || passed(lastBare)) {
        const bareStep = await measureStep(bareTarget, rate, options.stepSeconds, bareMix);
        bareSteps.push(bareStep);
        console.log(`load step ${rate} ops/s, ${describe('bare', bareStep)}`);
        for (const sample of bareStep.step.errorSamples) console.log(`  bare error: ${sample}`);
      }
      if (!lastApp || passed(lastApp)) {
        const appStep = await measureStep(appTarget, rate, options.stepSeconds, appMix);
        appSteps.push(appStep);
        console.log(`load step ${rate} ops/s, ${describe('app ', appStep)}`);
        console.log(`  slowest app routes (p95): ${routeSummary(appStep.step)}`);
        for (const sample of appStep.step.errorSamples) console.log(`  app error: ${sample}`);
      }
    }

    for (const m of appSteps) {
      report(`load_app_p95_ms_at_${m.step.rate}`, percentile(m.step.latenciesMs, 0.95), 'ms');
      report(`load_app_errors_at_${m.step.rate}`, m.step.errors, 'requests');
      report(`load_app_cpu_ms_per_op_at_${m.step.rate}`, m.cpuMsPerOp, 'ms');
    }
    for (const m of bareSteps) report(`load_bare_p95_ms_at_${m.step.rate}`, percentile(m.step.latenciesMs, 0.95), 'ms');
    const appCapacity = capacity(appSteps);
    const bareCapacity = capacity(bareSteps);
    report('load_capacity_ops_s', appCapacity, 'ops/s', '>= 200');
    report('load_bare_capacity_ops_s', bareCapacity, 'ops/s');
    report('load_capacity_vs_bare', bareCapacity > 0 ? appCapacity / bareCapacity : 0, 'ratio');
    // CPU per request at the app's capacity (or the first step): what the app costs over the bare server.
    const atRate = Math.max(appCapacity, rates[0] as number);
    const appAt = appSteps.find((m) => m.step.rate === atRate);
    const bareAt = bareSteps.find((m) => m.step.rate === atRate);
    if (appAt && bareAt) report(`load_cpu_per_op_vs_bare_at_${appAt.step.rate}`, appAt.cpuMsPerOp / bareAt.cpuMsPerOp, 'ratio');
  } finally {
    process.off('exit', orphans);
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    bare.stop();
    await app.stop();
  }
}

if (isMain(import.meta.url)) {
  if (!process.env.LOAD_SERVER_ENTRY) await bundleServerIfNeeded();
  const rates = process.env.LOAD_RATES?.split(',').map(Number);
  await benchLoad({ stepSeconds: Number(process.env.LOAD_STEP_SECONDS ?? 15), rates });
}
