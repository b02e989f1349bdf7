import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { genericAttendeeEmail } from '../db/seed/demo-accounts.ts';
import { createTestApp, createTestDatabase, testConfig } from '../testing/test-app.ts';
import { FixedWindowCounter } from './rate-limits.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;

beforeAll(async () => {
  // Default per-address and per-e-mail limits; a small per-account one so the test stays short.
  t = await createTestApp({ ACCOUNT_RATE_LIMIT_PER_MINUTE: '5' });
});
afterAll(async () => t?.close());

describe('venue rate limits', () => {
  it('stops one e-mail address from any number of addresses, not the others behind them', async () => {
    // Password resets (and sign-ups, registrations) are limited per e-mail; sign-in is bounded by its
    // locks instead, which a stranger cannot spend for the owner (sign-in-locks.test.ts).
    const forgot = (email: string, remoteAddress: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/password/forgot', payload: { email }, remoteAddress });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await forgot('nobody@company.example', `10.30.0.${i}`)).statusCode);
    expect(statuses).toEqual([...Array(10).fill(202), 429]);
    expect((await forgot('somebody.else@company.example', '10.30.0.10')).statusCode).toBe(202);
  });

  it('limits signed-in calls per account, so people sharing an address do not share a count', async () => {
    const remoteAddress = '10.31.0.1';
    const first = await t.login(genericAttendeeEmail(1));
    const second = await t.login(genericAttendeeEmail(2));
    const get = (headers?: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/user/', headers, remoteAddress });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await get(first)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect((await get(second)).statusCode).toBe(200);
    // Anonymous calls are refused before they count against anyone.
    for (let i = 0; i < 10; i++) expect((await get()).statusCode).toBe(401);
  });

  it("a client's own X-Forwarded-For does not get past the per-address limits", async () => {
    const database = await createTestDatabase();
    // One reverse proxy in front (TRUST_PROXY=1): it appends the address it saw to X-Forwarded-For.
    const app = await buildApp({
      config: testConfig({ TRUST_PROXY: '1', ADDRESS_RATE_LIMIT_PER_MINUTE: '3' }),
      database,
      distDir: '/nonexistent',
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await app.inject({
          method: 'GET',
          url: `/api/pass/voucher/GUESS-${i}`,
          remoteAddress: '10.0.0.2',
          // A different made-up address each time, then the client's real one as our proxy saw it.
          headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429]);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('never limits the app shell and its files, however many phones share an address', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'cf-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>CloudFest</title>');
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(dist, 'assets', 'index-abc123.js'), 'console.log("app");');
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig(), database, distDir: dist });
    try {
      const statuses = new Set<number>();
      // More than the old 600-a-minute per-address limit: four phones' precache.
      for (let i = 0; i < 700; i++) {
        const url = ['/', '/sw.js', '/assets/index-abc123.js', '/agenda'][i % 4] as string;
        statuses.add((await app.inject({ method: 'GET', url, remoteAddress: '10.32.0.1' })).statusCode);
      }
      expect([...statuses]).toEqual([200]);
    } finally {
      await app.close();
      await database.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });
});

describe('FixedWindowCounter (the per-account limit)', () => {
  it('refuses the call over the limit until the window ends, each key apart, then counts afresh', () => {
    const counter = new FixedWindowCounter(2, 60_000);
    expect([counter.hit('a', 0), counter.hit('a', 1_000), counter.hit('b', 2_000)]).toEqual([0, 0, 0]);
    expect(counter.hit('a', 15_000)).toBe(45_000);
    expect(counter.hit('a', 60_000)).toBe(0);
  });
});
