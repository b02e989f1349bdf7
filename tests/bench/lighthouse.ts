import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-accounts.ts';
import { median, report } from './report.ts';
import { runStandalone } from './standalone.ts';

/** Lighthouse scores move by a few points from run to run on this VM: the median of a few runs is reported. */
const RUNS = 3;

/** The metrics the performance score weighs, printed with each run: what a low score comes from. */
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
} as const;

/** One Lighthouse run, 0-100; a run whose trace came out broken (NO_NAVSTART, seen now and then) is repeated once. */
async function performanceScore(url: string, port: number, attemptsLeft = 2): Promise<number> {
  const result = await lighthouse(url, { port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
  const score = result?.lhr.categories.performance?.score;
  if (score != null) {
    const audits = result?.lhr.audits ?? {};
    const metrics = Object.entries(METRICS).map(([id, label]) => `${label} ${audits[id]?.displayValue ?? '?'}`);
    console.log(`  ${new URL(url).pathname}: ${Math.round(score * 100)} (${metrics.join(', ')})`);
    return score * 100;
  }
  const reason = result?.lhr.runtimeError?.message ?? 'no result';
  if (attemptsLeft > 1) return performanceScore(url, port, attemptsLeft - 1);
  throw new Error(`lighthouse ${url}: no performance score (${reason})`);
}

/**
 * Lighthouse's mobile performance score (its default config: a mid-range phone, simulated slow 4G
 * and CPU throttling) for one page of the production server, 0-100. One Chromium for all runs;
 * Lighthouse clears the origin's cache and service worker before each, so every run is a first visit.
 */
async function performanceScores(baseUrl: string, paths: readonly string[]): Promise<Map<string, number[]>> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
    logLevel: 'silent',
  });
  const scores = new Map<string, number[]>(paths.map((path) => [path, []]));
  try {
    for (let run = 0; run < RUNS; run++) {
      for (const path of paths) {
        scores.get(path)?.push(await performanceScore(`${baseUrl}${path}`, chrome.port));
      }
    }
  } finally {
    chrome.kill();
  }
  return scores;
}

type QualityCategory = 'accessibility' | 'best-practices';
const QUALITY: readonly QualityCategory[] = ['accessibility', 'best-practices'];

/** Signs the demo attendee in through the sign-in page, in the browser Lighthouse will use. */
async function signIn(baseUrl: string, port: number) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/sign-in`, { waitUntil: 'networkidle0' });
    // The form renders once the page's code and its language's messages are in.
    await page.waitForSelector('input[type="email"]');
    await page.type('input[type="email"]', 'attendee@demo.cloudfest.example');
    await page.type('input[type="password"]', DEMO_PASSWORD);
    await Promise.all([page.waitForFunction(() => location.pathname === '/'), page.click('button[type="submit"]')]);
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

/**
 * Lighthouse's accessibility and best-practices scores (budget: both 100) of the two first pages
 * and of home signed in. These audits do not depend on timing: one run each. The signed-in page
 * keeps the browser's storage (the session) that the sign-in above left.
 */
async function qualityScores(baseUrl: string) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu'],
    logLevel: 'silent',
  });
  const pages = [
    { name: 'registration', path: '/registration', signedIn: false },
    { name: 'sign_in', path: '/sign-in', signedIn: false },
    { name: 'home', path: '/', signedIn: true },
  ];
  try {
    for (const { name, path, signedIn } of pages) {
      if (signedIn) await signIn(baseUrl, chrome.port);
      const result = await lighthouse(`${baseUrl}${path}`, {
        port: chrome.port,
        onlyCategories: [...QUALITY],
        output: 'json',
        logLevel: 'error',
        disableStorageReset: signedIn,
      });
      for (const category of QUALITY) {
        const score = result?.lhr.categories[category]?.score;
        const failing = Object.values(result?.lhr.audits ?? {})
          .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
          .map((audit) => audit.id);
        report(`lighthouse_${category.replace('-', '_')}_${name}`, score == null ? -1 : score * 100, 'score', '>= 100');
        if (score != null && score < 1) console.log(`  ${path} ${category}: failing audits ${failing.join(', ')}`);
      }
    }
  } finally {
    chrome.kill();
  }
}

export async function benchLighthouse(baseUrl: string) {
  const scores = await performanceScores(baseUrl, ['/registration', '/sign-in']);
  report('lighthouse_perf_registration', median(scores.get('/registration') ?? []), 'score', '>= 95');
  report('lighthouse_perf_sign_in', median(scores.get('/sign-in') ?? []), 'score', '>= 95');
  await qualityScores(baseUrl);
}

await runStandalone(import.meta.url, benchLighthouse);
