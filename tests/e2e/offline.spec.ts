import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config.ts';
import { DEMO_PASSWORD, signIn } from './helpers.ts';

/*
 * Offline on site: after one online visit of the home page, the pages of the hall work
 * with the network off, after a reload and after a browser restart; logout leaves nothing of the
 * user for the next one. Real Chromium profiles (persistent contexts), so the service worker, its
 * caches and localStorage survive a restart exactly as on a phone. attendee001 and attendee002 are
 * reserved for this file (approved passes, no purchases in the seed).
 */

const FIRST = 'attendee001@demo.cloudfest.example';
const SECOND = 'attendee002@demo.cloudfest.example';

test.describe.configure({ mode: 'serial' });

interface Account {
  token: string;
  uuid: string;
  name: string;
}

async function apiSignIn(request: APIRequestContext, email: string): Promise<Account> {
  const login = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const user = (await (await request.get('/api/user/', { headers: { Authorization: `Bearer ${token}` } })).json()) as {
    uuid: string;
    firstName: string;
    lastName: string;
  };
  return { token, uuid: user.uuid, name: `${user.firstName} ${user.lastName}` };
}

/** A train ticket bought and paid through the API and the sandbox provider: one invoice. Returns its number. */
async function buyTrainTicket(request: APIRequestContext, { token }: Account): Promise<string> {
  const headers = { Authorization: `Bearer ${token}` };
  const [type] = (await (await request.get('/api/train-ticket/type', { headers })).json()) as { id: number }[];
  const order = await request.post('/api/train-ticket', { headers, data: { typeId: type?.id } });
  expect(order.status()).toBe(201);
  const { id, gross } = (await order.json()) as { id: string; gross: number };
  const session = await request.post('/api/payment/session', {
    headers,
    data: { item: id, amount: gross, redirectSuccess: '/invoices', redirectCancel: '/invoices' },
  });
  const { paymentSessionId } = (await session.json()) as { paymentSessionId: string };
  const paid = await request.post(`/payment/sandbox/${paymentSessionId}/complete`, {
    form: { outcome: 'succeeded' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  const [invoice] = (await (await request.get('/api/invoice', { headers })).json()) as { number: string }[];
  expect(invoice).toBeDefined();
  return invoice?.number ?? '';
}

/** A Chromium profile of its own: the service worker, Cache Storage and localStorage persist in `dir`. */
async function launch(dir: string, baseURL: string | undefined, offline = false): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    baseURL,
    offline,
    viewport: { width: 412, height: 839 },
    acceptDownloads: true,
  });
  // Seeded attendees may not have answered the survey; its redirect is not under test here (docs/behaviour.md §4).
  await context.addCookies([{ name: 'survey', value: 'skip', domain: 'localhost', path: '/' }]);
  return context;
}

async function signInOnHome(page: Page, email: string) {
  await page.goto('/sign-in');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
}

/**
 * The page is controlled by the worker and the background warm-up after sign-in has filled the
 * caches (src/lib/offline-cache.ts records it in localStorage when every request was answered).
 */
async function waitForOfflineCopies(page: Page, uuid: string) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForFunction(
    (userId) => {
      const state = JSON.parse(localStorage.getItem('offlineCache') ?? 'null') as { userId?: string } | null;
      return state?.userId === userId;
    },
    uuid,
    { timeout: 30_000 },
  );
}

const userCaches = (page: Page) => page.evaluate(async () => (await caches.keys()).filter((name) => name.startsWith('user-')));

/** The pages of the hall, each checked on things the user needs there. */
async function expectHallPages(page: Page, holder: string, invoiceNumber: string) {
  await page.goto('/pass');
  await expect(page.getByRole('img', { name: `Entry barcode of ${holder}` })).toBeVisible();
  await expect(page.getByText('Signature checked on this device')).toBeVisible();

  await page.goto('/invoices');
  const card = page.getByRole('article', { name: invoiceNumber });
  await expect(card).toBeVisible();
  await expect(card.getByText('Deutsche Bahn Event Ticket')).toBeVisible();

  await page.goto('/agenda');
  await expect(page.getByRole('heading', { name: 'Agenda', level: 1 })).toBeVisible();
  // Sessions of the programme (GET /api/agenda from the shared cache).
  await expect(page.getByRole('article').first()).toBeVisible();

  for (const [path, title] of [
    ['/floor-plan', 'Floor Plan'],
    ['/site-plan', 'Site Plan'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
    // The vector plan itself (drawn on the device; the map area is an application landmark).
    const map = page.getByRole('application');
    await expect(map).toBeVisible();
    await expect(map.locator('svg')).toBeVisible();
  }
}

/** The invoice's download link answers offline with the real PDF from the worker's cache. */
async function expectPdfDownload(page: Page, invoiceNumber: string) {
  await page.goto('/invoices');
  const link = page.getByRole('article', { name: invoiceNumber }).getByRole('link', { name: /^Download PDF/ });
  const downloading = page.waitForEvent('download');
  await link.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  expect(await download.failure()).toBeNull();
  const body = readFileSync((await download.path()) ?? '');
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  // The same URL fetched by the page: the worker answers with the cached PDF.
  const href = (await link.getAttribute('href')) ?? '';
  const fetched = await page.evaluate(async (url) => {
    const response = await fetch(url);
    return { status: response.status, type: response.headers.get('content-type') };
  }, href);
  expect(fetched).toEqual({ status: 200, type: 'application/pdf' });
}

test('after one online visit of the home page, pass, invoices, agenda and plans work offline, also after a reload and a browser restart', async ({
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const account = await apiSignIn(request, FIRST);
  const invoiceNumber = await buyTrainTicket(request, account);

  const dir = mkdtempSync(join(tmpdir(), 'cf-offline-'));
  let context = await launch(dir, baseURL);
  try {
    let page = await context.newPage();
    await signInOnHome(page, FIRST);
    await waitForOfflineCopies(page, account.uuid);
    expect((await userCaches(page)).sort()).toEqual([`user-${account.uuid}-data`, `user-${account.uuid}-files`]);

    await test.step('network off: the pages of the hall render from the caches', async () => {
      await context.setOffline(true);
      // The network is really gone for page and worker: requests nothing has cached fail, one the
      // worker leaves alone and one it handles (network first, a URL not in its cache).
      const probes = await page.evaluate(
        (token) =>
          Promise.all(
            ['/api/pass/type/paid', '/api/invoice?probe=1'].map((url) =>
              fetch(url, { headers: { Authorization: `Bearer ${token}` } }).then(
                (response) => response.status,
                () => 'failed',
              ),
            ),
          ),
        account.token,
      );
      expect(probes).toEqual(['failed', 'failed']);
      await expectHallPages(page, account.name, invoiceNumber);
      await expectPdfDownload(page, invoiceNumber);
    });

    await test.step('after a reload, still offline', async () => {
      await page.goto('/pass');
      await page.reload();
      await expect(page.getByRole('img', { name: `Entry barcode of ${account.name}` })).toBeVisible();
      await page.goto('/invoices');
      await page.reload();
      await expect(page.getByRole('article', { name: invoiceNumber })).toBeVisible();
    });

    await test.step('after closing and reopening the browser, still offline', async () => {
      await context.close();
      context = await launch(dir, baseURL, true);
      page = context.pages()[0] ?? (await context.newPage());
      await expectHallPages(page, account.name, invoiceNumber);
      await expectPdfDownload(page, invoiceNumber);
    });
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('after logout, a second user on the same browser sees nothing of the first, online or offline', async ({
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const first = await apiSignIn(request, FIRST);
  const second = await apiSignIn(request, SECOND);
  // The first user has a favourite on the server, so the personal agenda is in their cache.
  const favourite = await request.post('/api/agenda/favourites', {
    headers: { Authorization: `Bearer ${first.token}` },
    data: { ops: [{ id: crypto.randomUUID(), createdAt: new Date().toISOString(), sessionId: 1, favourite: true }] },
  });
  expect(favourite.ok()).toBe(true);
  const [firstInvoice] = (await (
    await request.get('/api/invoice', { headers: { Authorization: `Bearer ${first.token}` } })
  ).json()) as { number: string }[];

  const dir = mkdtempSync(join(tmpdir(), 'cf-offline-switch-'));
  const context = await launch(dir, baseURL);
  try {
    const page = await context.newPage();
    await signInOnHome(page, FIRST);
    await waitForOfflineCopies(page, first.uuid);
    expect(await userCaches(page)).toContain(`user-${first.uuid}-data`);

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/sign-in$/);
    // Logout deleted the caches and the record of the warm-up.
    await expect.poll(() => userCaches(page)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('offlineCache'))).toBeNull();

    await signIn(page, SECOND);
    await expect(page).toHaveURL(/\/$/);
    await waitForOfflineCopies(page, second.uuid);
    const names = await userCaches(page);
    expect(names.some((name) => name.includes(first.uuid))).toBe(false);
    expect(names).toContain(`user-${second.uuid}-data`);

    const expectSecondUserOnly = async () => {
      await page.goto('/pass');
      await expect(page.getByRole('img', { name: `Entry barcode of ${second.name}` })).toBeVisible();
      await expect(page.getByText(first.name)).toHaveCount(0);
      await page.goto('/invoices');
      await expect(page.getByRole('heading', { name: 'No invoices yet' })).toBeVisible();
      if (firstInvoice) await expect(page.getByText(firstInvoice.number)).toHaveCount(0);
      // The device's personal agenda (Dexie) holds nothing of the first user.
      const firstUsersFavourites = await page.evaluate(async (userId) => {
        // Only look when the database exists: opening a missing one would create it empty.
        if (!(await indexedDB.databases()).some((d) => d.name === 'cloudfest')) return 0;
        return new Promise<number>((resolve, reject) => {
          const open = indexedDB.open('cloudfest');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const database = open.result;
            if (!database.objectStoreNames.contains('favourites')) {
              database.close();
              resolve(0);
              return;
            }
            const all = database.transaction('favourites').objectStore('favourites').getAll();
            all.onerror = () => reject(all.error);
            all.onsuccess = () => {
              database.close();
              resolve((all.result as { userId: string }[]).filter((row) => row.userId === userId).length);
            };
          };
        });
      }, first.uuid);
      expect(firstUsersFavourites).toBe(0);
      await page.getByRole('button', { name: 'Menu' }).click();
      const menu = page.getByRole('dialog');
      await expect(menu.getByText(second.name)).toBeVisible();
      await expect(menu.getByText(first.name)).toHaveCount(0);
      await page.keyboard.press('Escape');
    };

    await test.step('online', expectSecondUserOnly);
    await test.step('offline', async () => {
      await context.setOffline(true);
      await expectSecondUserOnly();
    });
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test("a sign-in of another user deletes the previous user's caches, even when that logout never reached the worker", async ({
  baseURL,
  request,
}) => {
  test.setTimeout(120_000);
  const first = await apiSignIn(request, FIRST);
  const second = await apiSignIn(request, SECOND);
  const dir = mkdtempSync(join(tmpdir(), 'cf-offline-lost-logout-'));
  const context = await launch(dir, baseURL);
  try {
    const page = await context.newPage();
    await signInOnHome(page, FIRST);
    await waitForOfflineCopies(page, first.uuid);

    // The session disappears from the page without a logout (storage wiped, a crash mid-logout):
    // the worker was never told and still holds the first user's caches.
    await page.evaluate(() => localStorage.clear());
    await context.clearCookies({ name: 'token' });
    await page.goto('/sign-in');
    expect(await userCaches(page)).toContain(`user-${first.uuid}-data`);

    await signIn(page, SECOND);
    await expect(page).toHaveURL(/\/$/);
    await waitForOfflineCopies(page, second.uuid);
    const names = await userCaches(page);
    expect(names.some((name) => name.includes(first.uuid))).toBe(false);

    await context.setOffline(true);
    await page.goto('/pass');
    await expect(page.getByRole('img', { name: `Entry barcode of ${second.name}` })).toBeVisible();
    await expect(page.getByText(first.name)).toHaveCount(0);
  } finally {
    await context.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
