import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config.ts';
import { median, report } from './report.ts';
import { runStandalone } from './standalone.ts';

/**
 * Budget: a reload of /pass until the barcode is on screen, with the network off (from
 * the service worker's caches, ≤ 800 ms median) and, beside it, online (network first).
 *
 * A real Chromium profile (persistent context) as on a phone: sign in, let the background
 * warm-up fill the caches (src/lib/offline-cache.ts records it in localStorage), open /pass, then
 * reload it RELOADS times per mode. Each figure is measured inside the page, from the start of
 * the reload's navigation (performance.now() is relative to it) to the first animation frame
 * with the QR code in the document, so Playwright's own round trips do not count.
 */

const DEMO_EMAIL = 'attendee@demo.cloudfest.example';
const DEMO_PASSWORD = 'Demo-Pass-2026!';
const RELOADS = 10;
const BARCODE = '[role="img"][aria-label^="Entry barcode of "]';

declare global {
  interface Window {
    __barcodeShownAt?: number;
  }
}

/** Runs in every document before the app: notes the frame in which the barcode first appears. */
function watchForBarcode(selector: string) {
  const observer = new MutationObserver(() => {
    if (!document.querySelector(selector)) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      window.__barcodeShownAt = performance.now();
    });
  });
  observer.observe(document, { childList: true, subtree: true });
}

async function reloadToBarcode(page: Page): Promise<number> {
  await page.reload({ waitUntil: 'commit' });
  const handle = await page.waitForFunction(() => window.__barcodeShownAt, undefined, { timeout: 30_000 });
  return (await handle.jsonValue()) as number;
}

/** One reload first, not counted: the first after a switch of the network pays for the switch. */
async function medianReload(page: Page): Promise<number> {
  await reloadToBarcode(page);
  const times: number[] = [];
  for (let i = 0; i < RELOADS; i++) times.push(await reloadToBarcode(page));
  return median(times);
}

async function signedInOnPass(context: BrowserContext, baseUrl: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${baseUrl}/sign-in`);
  await page.getByLabel('E-mail address').fill(DEMO_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/`);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
  await page.waitForFunction(() => localStorage.getItem('offlineCache') !== null, undefined, { timeout: 60_000 });
  await page.goto(`${baseUrl}/pass`);
  await page.locator(BARCODE).waitFor();
  return page;
}

export async function benchOfflinePass(baseUrl: string) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'cf-bench-offline-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    viewport: { width: 412, height: 839 },
  });
  try {
    await context.addInitScript(watchForBarcode, BARCODE);
    const page = await signedInOnPass(context, baseUrl);
    await context.setOffline(true);
    const offline = await medianReload(page);
    await context.setOffline(false);
    const online = await medianReload(page);
    report('pass_offline_reload_ms', offline, 'ms', '<= 800 ms');
    report('pass_online_reload_ms', online, 'ms');
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

// `node --import tsx tests/bench/offline-pass.ts` measures this bench alone.
await runStandalone(import.meta.url, benchOfflinePass);
