import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, test } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config.ts';
import { signIn } from './helpers.ts';

test('the manifest is linked and complete', async ({ page, request }) => {
  await page.goto('/sign-in');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBeTruthy();
  const manifest = await (await request.get(href as string)).json();
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/', scope: '/' });
  const sizes = manifest.icons.map((i: { sizes: string; purpose?: string }) => `${i.sizes}:${i.purpose ?? 'any'}`);
  expect(sizes).toEqual(expect.arrayContaining(['192x192:any', '512x512:any', '512x512:maskable']));
  expect(manifest.shortcuts.map((s: { url: string }) => s.url)).toEqual(
    expect.arrayContaining(['/pass', '/contacts?currentTab=scan']),
  );
});

test('Chromium reports no installability errors', async ({ baseURL }) => {
  // Installability is never granted in incognito, and every default Playwright context is one.
  const userDataDir = mkdtempSync(join(tmpdir(), 'cf-install-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    baseURL,
  });
  try {
    const page = await context.newPage();
    await page.goto('/sign-in');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
  } finally {
    await context.close();
    rmSync(userDataDir, { recursive: true, force: true });
  }
});

test('the service worker controls the page and an offline reload of / shows the app shell', async ({ page, context }) => {
  await page.goto('/sign-in');
  await signIn(page, 'attendee@demo.cloudfest.example');
  await expect(page).toHaveURL(/\/$/);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  await context.setOffline(true);
  await page.reload();
  // The shell (navigation, tab bar) renders from the precache; the user stays signed in.
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pass' }).first()).toBeVisible();
  await context.setOffline(false);
});

test('a first page load fetches no update machinery; a waiting new version shows the prompt and Reload switches to it', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  // The page load (until 'load'; the worker registers only after it): nothing installed before this
  // visit, so nothing to update, neither the prompt nor workbox-window.
  await page.goto('/sign-in');
  expect(scripts.filter((path) => /update-prompt|workbox-window/.test(path))).toEqual([]);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

  // The next visit starts under the worker and watches for updates.
  const watching = page.waitForResponse((response) => /workbox-window/.test(response.url()));
  await page.reload();
  await watching;
  // workbox-window registers once the page has loaded; a new version installed after that waits.
  await page.waitForLoadState('load');
  await page.waitForTimeout(500);
  await page.evaluate(() => navigator.serviceWorker.register('/sw.js?next-version=1', { scope: '/' }));

  const prompt = page.getByRole('status').filter({ hasText: 'A new version is available.' });
  await expect(prompt).toBeVisible({ timeout: 30_000 });
  // 'Reload' activates the waiting worker and reloads the page under it (the marker does not survive a reload).
  await page.evaluate(() => {
    (window as { beforeUpdate?: boolean }).beforeUpdate = true;
  });
  const reloaded = page.waitForEvent('load');
  await prompt.getByRole('button', { name: 'Reload' }).click();
  await reloaded;
  await page.waitForFunction(() => navigator.serviceWorker.controller?.scriptURL.includes('next-version=1'), null, {
    timeout: 30_000,
  });
  expect(await page.evaluate(() => (window as { beforeUpdate?: boolean }).beforeUpdate)).toBeUndefined();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('pages send a strict Content-Security-Policy', async ({ request }) => {
  const res = await request.get('/sign-in');
  const csp = res.headers()['content-security-policy'];
  expect(csp).toContain("default-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
});
