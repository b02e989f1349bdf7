import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadOp } from '#shared/contracts/leads.ts';
import type { SyncResponse } from '#shared/contracts/sync.ts';
import { ROOT } from '../paths.ts';
import { SessionCache } from '../services/accounts/session-cache.ts';
import { shareSessionChanges } from '../services/accounts/session-events.ts';
import { freePort, type PrivatePostgres, postgresBinaries, startPrivatePostgres } from '../testing/private-postgres.ts';
import { openDatabase } from './client.ts';
import { DEMO_PASSWORD, demoEmail, genericAttendeeEmail } from './seed/demo-accounts.ts';

/**
 * A PostgreSQL crash or failover under load: the server, started as `npm start` starts
 * it, takes lead-scan uploads from several devices while its database is stopped hard
 * (`pg_ctl stop -m immediate`) and started again 5 s later. The database is a private cluster
 * (server/testing/private-postgres.ts), never the suite's shared one. PostgreSQL runs only where
 * CI sets TEST_DATABASE_URL, like the suite's other PostgreSQL tests.
 */
const bin = postgresBinaries();
const title = bin
  ? 'a database restart under load'
  : 'a database restart under load (skipped: no PostgreSQL server programs, initdb and pg_ctl, under /usr/lib/postgresql)';

const DEVICES = 4;
const OPS_PER_UPLOAD = 5;
const DOWN_MS = 5_000;
/** The acceptance: serving again within this long of the database's return. */
const BACK_WITHIN_MS = 5_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!process.env.TEST_DATABASE_URL || !bin)(title, () => {
  let postgres: PrivatePostgres;
  let server: ChildProcess;
  let base: string;
  let dataDir: string;
  let output = '';

  beforeAll(async () => {
    postgres = await startPrivatePostgres(bin as string);
    dataDir = mkdtempSync(join(tmpdir(), 'cf-restart-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // main.ts as `npm start` runs it (through tsx, not the shared bundle): its close-with-grace,
    // its pool and its LISTEN client are what must survive.
    // Mail to the outbox, whatever this machine's environment says.
    const { SMTP_URL: _smtp, MAIL_LOG_ONLY: _logOnly, ...env } = process.env;
    server = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server', 'main.ts')], {
      cwd: ROOT,
      env: {
        ...env,
        NODE_ENV: 'development',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: postgres.url,
        DATA_DIR: dataDir,
        DEMO_ATTENDEES: '5',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    server.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const started = performance.now();
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}:\n${output}`);
      if (performance.now() - started > 90_000) throw new Error(`server not ready within 90 s:\n${output}`);
      const res = await fetch(`${base}/api/health`).catch(() => null);
      if (res?.ok) break;
      await sleep(100);
    }
  }, 120_000);

  afterAll(async () => {
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = once(server, 'exit');
      server.kill('SIGTERM');
      await Promise.race([exited, sleep(15_000).then(() => server.kill('SIGKILL'))]);
    }
    await postgres?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  async function signIn(email: string): Promise<string> {
    const res = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return `Bearer ${((await res.json()) as { token: string }).token}`;
  }

  async function badgeOf(email: string): Promise<string> {
    const res = await fetch(`${base}/api/pass/barcode`, { headers: { authorization: await signIn(email) } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { token: string }).token;
  }

  /** The vendor's scans counted over all their leads (the demo seed gives them some). */
  async function vendorScans(): Promise<number> {
    const client = new pg.Client({ connectionString: postgres.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ scans: string }>(
        'select coalesce(sum(l.scan_count), 0) as scans from leads l join users u on u.id = l.scanner_user_id where u.email = $1',
        [demoEmail('vendor')],
      );
      return Number(rows[0]?.scans);
    } finally {
      await client.end();
    }
  }

  it('fails only the requests in flight (503), stays up, is ready within 5 s of the return, and keeps every acknowledged scan once', async () => {
    const scanner = await signIn(demoEmail('vendor'));
    const seededScans = await vendorScans();
    const badges = await Promise.all([1, 2, 3, 4, 5].map((n) => badgeOf(genericAttendeeEmail(n))));

    const statuses = new Map<number, number>();
    const missingRetryAfter: number[] = [];
    const acknowledged = new Set<string>();
    let networkErrors = 0;
    let stop = false;

    const serverGone = () => server.exitCode !== null || server.signalCode !== null;
    /** One upload as a device sends it: again and again until answered 200 (503 and network errors are retried). */
    async function upload(ops: LeadOp[]): Promise<void> {
      for (;;) {
        // A server that exited will not come back: the assertions below say so.
        if (serverGone()) return;
        const res = await fetch(`${base}/api/lead`, {
          method: 'POST',
          headers: { authorization: scanner, 'content-type': 'application/json' },
          body: JSON.stringify({ ops }),
          signal: AbortSignal.timeout(15_000),
        }).catch(() => null);
        if (!res) networkErrors += 1;
        else {
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (res.status === 200) {
            const { results } = (await res.json()) as SyncResponse;
            for (const result of results) {
              expect(['created', 'updated', 'duplicate']).toContain(result.status);
              acknowledged.add(result.id);
            }
            return;
          }
          if (res.status === 503 && !res.headers.get('retry-after')) missingRetryAfter.push(res.status);
          await res.arrayBuffer();
          // Anything but 503 is a failure of this test: stop retrying it.
          if (res.status !== 503) return;
        }
        await sleep(100);
      }
    }

    let scans = 0;
    async function device(): Promise<void> {
      while (!stop && !serverGone()) {
        const ops = Array.from({ length: OPS_PER_UPLOAD }, () => ({
          id: randomUUID(),
          createdAt: new Date().toISOString(),
          token: badges[scans++ % badges.length] as string,
        }));
        await upload(ops);
        // A device whose answer was lost sends the same batch again: it must count once.
        if (scans % 7 === 0) await upload(ops);
        await sleep(20);
      }
    }

    const health: { at: number; status: number }[] = [];
    async function probeHealth(): Promise<void> {
      while (!stop && !serverGone()) {
        const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(10_000) }).catch(() => null);
        health.push({ at: performance.now(), status: res?.status ?? 0 });
        await res?.arrayBuffer();
        await sleep(100);
      }
    }

    // The LISTEN/NOTIFY client as another instance runs it, on the same database, watched from here.
    const listenerDatabase = await openDatabase({ url: postgres.url, poolSize: 2 });
    listenerDatabase.onConnectionLost = () => {};
    const sessions = new SessionCache();
    const silent = { warn() {}, info() {}, error() {} } as unknown as Parameters<typeof shareSessionChanges>[0]['log'];
    const sharing = shareSessionChanges({ url: postgres.url, db: listenerDatabase.db, sessions, log: silent });
    await sharing.ready;
    expect(sharing.listening).toBe(true);

    const devices = Array.from({ length: DEVICES }, () => device());
    const prober = probeHealth();
    try {
      await sleep(1_000);
      // Every connection of the server dropped at once, the database staying up: pool and listener reconnect.
      sessions.token('before');
      sessions.rememberToken('before', { userId: 'u', scope: 'full' }, new Date(Date.now() + 60_000));
      expect(sessions.token('before')).toBeDefined();
      const admin = new pg.Client({ connectionString: postgres.url });
      await admin.connect();
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where pid <> pg_backend_pid() and backend_type = $1',
        ['client backend'],
      );
      await admin.end();
      await sleep(1_000);
      // The dedicated LISTEN connection was among them: it noticed (the cache was emptied) and listens again.
      expect(sessions.token('before')).toBeUndefined();
      expect(sharing.listening).toBe(true);
      const beforeCrash = acknowledged.size;

      await postgres.stopHard();
      const stoppedAt = performance.now();
      await sleep(1_000);
      // The listener noticed: the cache is off, so a revocation on another instance counts at once.
      expect(sharing.listening).toBe(false);
      sessions.token('held');
      sessions.rememberToken('held', { userId: 'u', scope: 'full' }, new Date(Date.now() + 60_000));
      expect(sessions.token('held')).toBeUndefined();
      await sleep(DOWN_MS - 1_000);

      const restartingAt = performance.now();
      await postgres.start();
      // pg_ctl returns once the server accepts connections (it polls, so a probe may be served just before).
      const backAt = performance.now();
      const firstOkAfterRestart = () => health.find((probe) => probe.at > restartingAt && probe.status === 200);
      while (!firstOkAfterRestart() && performance.now() - backAt < BACK_WITHIN_MS + 1_000) await sleep(50);
      const firstOk = firstOkAfterRestart();
      // Uploads flow again after the return.
      const afterReturn = acknowledged.size;
      await sleep(1_500);
      stop = true;
      await Promise.all([...devices, prober]);

      expect(server.exitCode, output).toBeNull();
      expect(server.signalCode, output).toBeNull();
      // Readiness: 503 while the database was down, 200 within 5 s of its return.
      const whileDown = health.filter((probe) => probe.at > stoppedAt + 500 && probe.at < restartingAt);
      expect(whileDown.length).toBeGreaterThan(0);
      expect(whileDown.every((probe) => probe.status === 503)).toBe(true);
      expect(firstOk, JSON.stringify(health.filter((probe) => probe.at > restartingAt).slice(0, 20))).toBeDefined();
      expect((firstOk?.at ?? Number.POSITIVE_INFINITY) - backAt).toBeLessThanOrEqual(BACK_WITHIN_MS);
      // The requests in flight and those during the outage: 503 with Retry-After, never a 500.
      expect([...statuses.keys()].sort(), output).toEqual([200, 503]);
      expect(missingRetryAfter).toEqual([]);
      expect(networkErrors).toBe(0);
      expect(beforeCrash).toBeGreaterThan(0);
      expect(acknowledged.size).toBeGreaterThan(afterReturn);

      // The listener listens again: a change another instance announces reaches this cache.
      const listeningBy = performance.now();
      while (!sharing.listening && performance.now() - listeningBy < BACK_WITHIN_MS) await sleep(50);
      expect(sharing.listening).toBe(true);
      sessions.token('kept');
      sessions.rememberToken('kept', { userId: 'u', scope: 'full' }, new Date(Date.now() + 60_000));
      expect(sessions.token('kept')).toEqual({ userId: 'u', scope: 'full' });
      // What another instance's logout sends.
      await listenerDatabase.db.execute(sql`select pg_notify('cloudfest_sessions', ${JSON.stringify({ token: 'kept' })})`);
      const notifiedAt = performance.now();
      while (sessions.token('kept') && performance.now() - notifiedAt < 2_000) await sleep(20);
      expect(sessions.token('kept')).toBeUndefined();

      // Every acknowledged scan is there exactly once, retries and repeated batches included.
      const ids = [...acknowledged];
      const check = new pg.Client({ connectionString: postgres.url });
      await check.connect();
      try {
        const { rows: stored } = await check.query<{ count: string }>(
          'select count(*) from client_ops where id = any($1::uuid[])',
          [ids],
        );
        expect(Number(stored[0]?.count)).toBe(ids.length);
      } finally {
        await check.end();
      }
      expect(await vendorScans()).toBe(seededScans + ids.length);
    } finally {
      stop = true;
      await Promise.allSettled([...devices, prober]);
      await sharing.close();
      await listenerDatabase.close();
    }
  }, 60_000);
});
