import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { createTestDatabase, testConfig } from '../testing/test-app.ts';

interface LogLine {
  msg: string;
  reqId?: string;
  req?: { method: string; url: string; remoteAddress: string };
  res?: { statusCode: number };
  responseTime?: number;
}

let database: Database;
let app: App;
const lines: LogLine[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  // The server's own logger, at the production default level, written to this array.
  const stream = { write: (line: string) => lines.push(JSON.parse(line) as LogLine) };
  app = await buildApp({ config: testConfig(), database, distDir: '/nonexistent', logger: { level: 'info', stream } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('request log', () => {
  it('writes one line per answered request, with what the arrival line used to say', async () => {
    lines.length = 0;
    const ok = await app.inject({ method: 'GET', url: '/api/pass/keys' });
    const refused = await app.inject({ method: 'GET', url: '/api/user/' });
    expect(ok.statusCode).toBe(200);
    expect(refused.statusCode).toBe(401);

    expect(lines.filter((line) => line.msg === 'incoming request')).toEqual([]);
    const completed = lines.filter((line) => line.msg === 'request completed');
    expect(completed).toHaveLength(2);
    expect(completed[0]).toMatchObject({ req: { method: 'GET', url: '/api/pass/keys' }, res: { statusCode: 200 } });
    expect(completed[1]).toMatchObject({ req: { method: 'GET', url: '/api/user/' }, res: { statusCode: 401 } });
    for (const line of completed) {
      expect(typeof line.responseTime).toBe('number');
      expect(line.reqId).toBeTruthy();
      expect(line.req?.remoteAddress).toBe('127.0.0.1');
    }
  });

  it('writes nothing per request above the info level', async () => {
    const quiet: LogLine[] = [];
    const stream = { write: (line: string) => quiet.push(JSON.parse(line) as LogLine) };
    const warnOnly = await buildApp({
      config: testConfig(),
      database,
      distDir: '/nonexistent',
      logger: { level: 'warn', stream },
    });
    try {
      await warnOnly.ready();
      expect((await warnOnly.inject({ method: 'GET', url: '/api/pass/keys' })).statusCode).toBe(200);
      expect(quiet).toEqual([]);
    } finally {
      await warnOnly.close();
    }
  });
});
