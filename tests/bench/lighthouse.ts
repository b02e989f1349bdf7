import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median, report } from './report.ts';
import { runStandalone } from './standalone.ts';

/** Lighthouse scores move by a few points from run to run on this VM: the median of a few runs is reported. */
const RUNS = 3;

/** One Lighthouse run, 0-100; a run whose trace came out broken (NO_NAVSTART, seen now and then) is repeated once. */
async function performanceScore(url: string, port: number, attemptsLeft = 2): Promise<number> {
  const result = await lighthouse(url, { port, onlyCategories: ['performance'], output: 'json', logLevel: 'error' });
  const score = result?.lhr.categories.performance?.score;
  if (score != null) return score * 100;
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

export async function benchLighthouse(baseUrl: string) {
  const scores = await performanceScores(baseUrl, ['/registration', '/sign-in']);
  report('lighthouse_perf_registration', median(scores.get('/registration') ?? []), 'score', '>= 90');
  report('lighthouse_perf_sign_in', median(scores.get('/sign-in') ?? []), 'score', '>= 90');
}

await runStandalone(import.meta.url, benchLighthouse);
