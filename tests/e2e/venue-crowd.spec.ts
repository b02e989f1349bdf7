import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium, devices, expect, test } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config.ts';
import { genericAttendeeEmail } from '../../server/db/seed/demo-accounts.ts';
import { type ServerProcess, startServer } from '../bench/server-process.ts';
import { DEMO_PASSWORD } from './helpers.ts';

/*
 * A venue's Wi-Fi puts hundreds of phones behind one public address. With the
 * production rate limits (none of the e2e server's raised ones), 200 phones from one address install
 * the app, 200 people sign in from it, and one account's password guesser is still stopped.
 * Four phones are real browser contexts (a controlling service worker each); the other 196 fetch
 * every file the service worker precaches, as their installs would.
 */

const PHONES = 200;
const REAL_PHONES = 4;
const PORT = Number(process.env.E2E_CROWD_PORT ?? 4182);
const BASE_URL = `http://127.0.0.1:${PORT}`;

let server: ServerProcess;
let dataDir: string;
let browser: Browser;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'cf-crowd-'));
  server = await startServer({ DATA_DIR: dataDir, PUBLIC_URL: BASE_URL, DEMO_ATTENDEES: String(PHONES) }, PORT);
  browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
});

test.afterAll(async () => {
  agent.destroy();
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Runs `work` for 0..count-1 with at most `parallel` at a time. */
async function inTurns<T>(count: number, parallel: number, work: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await work(index);
      }
    }),
  );
  return results;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });

/** One file as a phone's service worker fetches it (compressed, not decoded: the phone's CPU, not ours). */
function download(path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${BASE_URL}${path}`, { agent, headers: { 'accept-encoding': 'br, gzip' } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** A fresh phone opens the app and waits until its service worker (precache complete) controls the page. */
async function installOnPhone(): Promise<{ controlled: boolean; statuses: number[]; precached: string[] }> {
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  const statuses: number[] = [];
  context.on('response', (response) => statuses.push(response.status()));
  try {
    const page = await context.newPage();
    await page.goto(`${BASE_URL}/`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
    const precached = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        if (!name.includes('precache')) continue;
        for (const request of await (await caches.open(name)).keys())
          urls.push(new URL(request.url).pathname + new URL(request.url).search);
      }
      return urls;
    });
    return { controlled: true, statuses, precached };
  } finally {
    await context.close();
  }
}

test('200 phones from one address install the app, then 200 sign in; a password guesser is stopped', async () => {
  test.setTimeout(300_000);
  const started = performance.now();

  const real = await inTurns(REAL_PHONES, 4, () => installOnPhone());
  expect(real.every((phone) => phone.controlled)).toBe(true);
  const precached = real[0]?.precached ?? [];
  expect(precached.length).toBeGreaterThan(50);

  const realSeconds = (performance.now() - started) / 1000;
  // The other phones: every precached file, as their service worker's install fetches it.
  const simulated = await inTurns(PHONES - REAL_PHONES, 12, async () => {
    const statuses: number[] = [];
    for (const path of precached) statuses.push(await download(path));
    return statuses;
  });
  console.log(
    `crowd install: ${REAL_PHONES} browsers in ${realSeconds.toFixed(1)} s, all ${PHONES} phones in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  const installSeconds = (performance.now() - started) / 1000;
  const statuses = [...real.flatMap((phone) => phone.statuses), ...simulated.flat()];
  expect(statuses.filter((status) => status === 429)).toEqual([]);
  expect(simulated.flat().every((status) => status === 200)).toBe(true);
  expect(installSeconds).toBeLessThan(120);

  // 200 people sign in from the same address, each to their own account.
  const signIns = await inTurns(PHONES, 8, async (index) => {
    const response = await fetch(`${BASE_URL}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: genericAttendeeEmail(index + 1), password: DEMO_PASSWORD }),
    });
    return response.status;
  });
  expect(signIns.filter((status) => status !== 200)).toEqual([]);

  // Twenty wrong passwords for one account from that address: the lock stops the guesser.
  const guesses: number[] = [];
  for (let i = 0; i < 20; i++) {
    const response = await fetch(`${BASE_URL}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: genericAttendeeEmail(1), password: `Wrong-guess-${i}!` }),
    });
    guesses.push(response.status);
  }
  expect(guesses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
  expect(guesses.slice(5).every((status) => status === 429)).toBe(true);
  // Even the right password is refused while the lock lasts.
  const right = await fetch(`${BASE_URL}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: genericAttendeeEmail(1), password: DEMO_PASSWORD }),
  });
  expect(right.status).toBe(429);
});
