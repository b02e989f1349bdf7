import { randomUUID } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { databaseUnavailableReason } from '../db/connection-errors.ts';
import { testConfig } from '../testing/test-app.ts';

/**
 * A database that cannot be reached (stopped, restarting, failing over, a dropped connection) is
 * answered 503 with Retry-After, which the devices' sync retries, never 500. The whole-process
 * test against a PostgreSQL stopped hard is server/db/restart.test.ts (PostgreSQL only); these run
 * everywhere: the errors as the drivers report them, and the app on a PostgreSQL pool whose server
 * refuses or never answers (no database needed).
 */

const ENGLISH = 'The database cannot be reached right now. Please try again in a few seconds.';
const GERMAN = 'Die Datenbank ist gerade nicht erreichbar. Bitte versuchen Sie es in einigen Sekunden noch einmal.';

/** An error as node-postgres builds it from a server's ErrorResponse. */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: 'FATAL' });
const errno = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, syscall: 'connect' });

describe('what counts as the database being unreachable', () => {
  it('knows the SQLSTATEs, socket errors and node-postgres messages of a restart, a failover or a dropped connection', () => {
    const unavailable: [unknown, string][] = [
      [pgError('57P01', 'terminating connection due to administrator command'), '57P01'],
      [pgError('57P02', 'terminating connection because of crash of another server process'), '57P02'],
      [pgError('57P03', 'the database system is starting up'), '57P03'],
      [pgError('08006', 'connection failure'), '08006'],
      [pgError('08001', 'could not connect'), '08001'],
      [pgError('53300', 'sorry, too many clients already'), '53300'],
      [pgError('25006', 'cannot execute INSERT in a read-only transaction'), '25006'],
      [errno('ECONNREFUSED'), 'ECONNREFUSED'],
      [errno('ECONNRESET'), 'ECONNRESET'],
      [new Error('Connection terminated unexpectedly'), 'Connection terminated unexpectedly'],
      [new Error('Connection terminated due to connection timeout'), 'Connection terminated due to connection timeout'],
      [new Error('timeout exceeded when trying to connect'), 'timeout exceeded when trying to connect'],
      [new Error('timeout expired'), 'timeout expired'],
      [
        new Error('Client has encountered a connection error and is not queryable'),
        'Client has encountered a connection error and is not queryable',
      ],
      // As Drizzle wraps the driver's error, and as a host with two addresses refuses (IPv6 and IPv4).
      [new DrizzleQueryError('select 1', [], pgError('57P01', 'terminating connection')), '57P01'],
      [new AggregateError([errno('ECONNREFUSED'), errno('ECONNREFUSED')], ''), 'ECONNREFUSED'],
    ];
    for (const [error, reason] of unavailable) expect(databaseUnavailableReason(error)).toBe(reason);
  });

  it('leaves query faults and everything else alone', () => {
    const others: unknown[] = [
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('42P01', 'relation "x" does not exist'),
      pgError('40001', 'could not serialize access'),
      new DrizzleQueryError('insert', [], pgError('23503', 'violates foreign key constraint')),
      Object.assign(new Error('no such file'), { code: 'ENOENT' }),
      new Error('Connection refused by policy'),
      'Connection terminated unexpectedly',
      null,
      undefined,
    ];
    for (const error of others) expect(databaseUnavailableReason(error)).toBeNull();
  });
});

describe.each([
  { what: 'refuses connections (stopped, restarting)', blackhole: false },
  { what: 'never answers (a failover, a host gone)', blackhole: true },
])('the app while PostgreSQL $what', ({ blackhole }) => {
  let target: Server;
  let port: number;
  const sockets = new Set<Socket>();
  let app: Awaited<ReturnType<typeof buildApp>>;
  let database: Awaited<ReturnType<typeof openDatabase>>;

  beforeAll(async () => {
    // A port that accepts and then says nothing, or one that is closed again (refused).
    target = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => target.listen(0, '127.0.0.1', resolve));
    port = (target.address() as { port: number }).port;
    if (!blackhole) await new Promise((resolve) => target.close(resolve));
    database = await openDatabase({ url: `postgres://nobody@127.0.0.1:${port}/none`, connectionTimeoutMillis: 500 });
    app = await buildApp({ config: testConfig(), database, distDir: '/nonexistent' });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    for (const socket of sockets) socket.destroy();
    if (blackhole) await new Promise((resolve) => target.close(resolve));
  });

  it('answers the API 503 with Retry-After and a clear problem, in the request language, without waiting long', async () => {
    const requests = [
      { method: 'GET' as const, url: '/api/agenda' },
      // The per-address limit counts in the database too.
      { method: 'POST' as const, url: '/api/user/login', payload: { email: 'someone@example.com', password: 'x'.repeat(12) } },
      { method: 'GET' as const, url: '/api/user/', headers: { authorization: `Bearer ${randomUUID()}` } },
    ];
    for (const request of requests) {
      const started = performance.now();
      const res = await app.inject(request);
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(res.statusCode, `${request.url}: ${res.body}`).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toEqual({ type: 'about:blank', title: 'Service Unavailable', status: 503, detail: ENGLISH });
    }
    const german = await app.inject({ method: 'GET', url: '/api/agenda', headers: { 'accept-language': 'de' } });
    expect(german.statusCode).toBe(503);
    expect(german.json()).toMatchObject({ status: 503, detail: GERMAN });
  });

  it('says so on /api/health (503, unavailable)', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      status: 'unavailable',
      ready: false,
      database: 'postgres',
      detail: 'The database does not answer.',
    });
  });
});
