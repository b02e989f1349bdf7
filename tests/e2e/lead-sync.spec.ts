import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, expect, type Page, test } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config.ts';
import { type ServerProcess, startServer } from '../bench/server-process.ts';
import { badgeY4m, fakeCameraArgs } from './fake-camera.ts';
import { DEMO_PASSWORD, demo, signIn } from './helpers.ts';

/** The sync bar's English count of waiting changes (common:syncPending), as an English visitor reads it. */
const pendingText = (count: number) => `${count} ${count === 1 ? 'change' : 'changes'} waiting to sync`;

/*
 * A vendor's 1,000 scans made without a network survive a reload and a browser
 * restart and reach the server exactly once, also when the server is killed in the middle of the
 * upload; and a scan through the real camera path. These tests run against a server of their own
 * (a crowd of demo attendees, and a process the test may kill), not the shared one.
 */

const SCANS = 1000;

interface PrintedBadge {
  token: string;
  name: string;
  company: string;
}
interface ServerLead {
  scanCount: number;
  passiveUser?: { firstName: string; lastName: string };
}

const PORT = Number(process.env.E2E_SYNC_PORT ?? 4181);
const BASE_URL = `http://localhost:${PORT}`;
let server: ServerProcess;
let dataDir: string;

/** The test server on its own data directory; started again on the same data after a kill. */
const serve = async () => {
  server = await startServer(
    {
      DATA_DIR: dataDir,
      PUBLIC_URL: BASE_URL,
      DEMO_ATTENDEES: '2100',
      ADDRESS_RATE_LIMIT_PER_MINUTE: '10000',
      EMAIL_RATE_LIMIT_PER_MINUTE: '10000',
      ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000',
    },
    PORT,
  );
};
/** Genuine badges of people the vendor has not scanned yet, handed out to the tests in turn. */
let unscanned: PrintedBadge[] = [];

async function api<T>(path: string, token?: string, body?: unknown): Promise<T> {
  const response = await fetch(`${BASE_URL}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

const bearer = async (email: string) =>
  (await api<{ token: string }>('/api/user/login', undefined, { email, password: DEMO_PASSWORD })).token;

const leadName = (lead: ServerLead) => `${lead.passiveUser?.firstName} ${lead.passiveUser?.lastName}`;

async function vendorLeads(): Promise<ServerLead[]> {
  return api<ServerLead[]>('/api/lead?active=true', await bearer(demo('vendor')));
}

function takeBadges(count: number): PrintedBadge[] {
  const taken = unscanned.slice(0, count);
  unscanned = unscanned.slice(count);
  expect(taken).toHaveLength(count);
  return taken;
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  dataDir = mkdtempSync(join(tmpdir(), 'cf-lead-sync-data-'));
  await serve();

  // The organizer's badge print run: every approved pass, signed as the holder's app shows it.
  const organizer = await bearer(demo('organizer'));
  const badges: PrintedBadge[] = [];
  let after: string | null = null;
  do {
    const page: { badges: PrintedBadge[]; next: string | null } = await api(
      `/api/pass/badges?limit=500${after ? `&after=${after}` : ''}`,
      organizer,
    );
    badges.push(...page.badges);
    after = page.next;
  } while (after);

  const vendor = await bearer(demo('vendor'));
  const me = await api<{ firstName: string; lastName: string }>('/api/user/', vendor);
  const known = new Set([...(await vendorLeads()).map(leadName), `${me.firstName} ${me.lastName}`]);
  unscanned = badges.filter((badge) => !known.has(badge.name));
  expect(unscanned.length).toBeGreaterThanOrEqual(2 * SCANS + 1);
});

test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** A Chromium profile of its own, so the service worker, Cache Storage and IndexedDB outlive a restart. */
async function launch(profile: string, offline: boolean, args: string[] = []): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...args],
    baseURL: BASE_URL,
    offline,
    viewport: { width: 412, height: 839 },
    permissions: args.length > 0 ? ['camera'] : [],
  });
  await context.addCookies([{ name: 'survey', value: 'skip', domain: 'localhost', path: '/' }]);
  return context;
}

/**
 * Signed in on /contacts with the app's offline copies in place and the badge keys cached on the
 * device (the scan tab shows the code field only once it has them).
 */
async function openContactsOnline(context: BrowserContext, tab: 'scan' | 'leads'): Promise<Page> {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto(`/sign-in?redirect=${encodeURIComponent(tab === 'scan' ? '/contacts?currentTab=scan' : '/contacts')}`);
  await signIn(page, demo('vendor'));
  await expect(page).toHaveURL(tab === 'scan' ? /\/contacts\?currentTab=scan$/ : /\/contacts$/);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForFunction(() => localStorage.getItem('offlineCache') !== null, undefined, { timeout: 30_000 });
  if (tab === 'scan') await expect(page.getByLabel('Badge code')).toBeVisible();
  else await page.waitForFunction(badgeKeysCached);
  return page;
}

/** In the page: whether the device database holds the badge verification keys (Dexie `meta`). */
function badgeKeysCached(): Promise<boolean> {
  return new Promise((resolve) => {
    const open = indexedDB.open('cloudfest');
    open.onerror = () => resolve(false);
    open.onsuccess = () => {
      const database = open.result;
      if (!database.objectStoreNames.contains('meta')) {
        database.close();
        resolve(false);
        return;
      }
      const rows = database.transaction('meta').objectStore('meta').getAll();
      rows.onerror = () => resolve(false);
      rows.onsuccess = () => {
        database.close();
        resolve((rows.result as { key: string }[]).some((row) => row.key === 'passKeys'));
      };
    };
  });
}

const syncStatus = (page: Page) => page.getByRole('status', { name: 'Sync status' });

/**
 * Enters each badge's code as a vendor would when the camera cannot read it: the manual-entry field
 * and its button, and every scan is queued before the next one. The first badges go through
 * Playwright's fill and click; the rest are typed by a loop inside the page (same field, same
 * button, same events), because each Playwright action's checks cost ~100 ms, 1,000 times over.
 */
async function scanByHand(page: Page, badges: PrintedBadge[]) {
  const waitForQueued = (count: number) =>
    page.waitForFunction(
      (text) => document.querySelector('[aria-label="Sync status"]')?.textContent?.includes(text) === true,
      pendingText(count),
      { polling: 10 },
    );
  const [first, ...rest] = badges;
  if (!first) return;
  await page.getByLabel('Badge code').fill(first.token);
  await page.getByRole('button', { name: 'Use code' }).click();
  await waitForQueued(1);

  for (let start = 0; start < rest.length; start += 100) {
    const chunk = rest.slice(start, start + 100).map((badge) => badge.token);
    await page.evaluate(
      async ({ tokens, queuedBefore, pendingTexts }) => {
        const label = [...document.querySelectorAll('label')].find((each) => each.textContent?.trim() === 'Badge code');
        const field = label?.control as HTMLInputElement | null;
        const button = [...document.querySelectorAll('button')].find((each) => each.textContent?.trim() === 'Use code');
        if (!field || !button) throw new Error('the manual-entry field is not on the page');
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
        const status = () => document.querySelector('[aria-label="Sync status"]')?.textContent ?? '';
        for (const [index, token] of tokens.entries()) {
          // As typing does: React sees an input event with the new value, then the button is pressed.
          setValue?.call(field, token);
          field.dispatchEvent(new Event('input', { bubbles: true }));
          button.click();
          const expected = pendingTexts[index] ?? '';
          const deadline = performance.now() + 10_000;
          while (!status().includes(expected)) {
            if (performance.now() > deadline) throw new Error(`scan ${queuedBefore + index + 1} was not queued`);
            await new Promise((done) => setTimeout(done, 2));
          }
        }
      },
      {
        tokens: chunk,
        queuedBefore: 1 + start,
        pendingTexts: chunk.map((_, index) => pendingText(2 + start + index)),
      },
    );
  }
}

/** Waits until the server holds one lead, scanned once, for each badge; returns the leads it added. */
async function expectExactlyOnce(badges: PrintedBadge[], before: number) {
  const names = new Set(badges.map((badge) => badge.name));
  let leads: ServerLead[] = [];
  await expect
    .poll(
      async () => {
        leads = await vendorLeads().catch(() => []);
        return leads.filter((lead) => names.has(leadName(lead))).length;
      },
      { timeout: 90_000, intervals: [500, 1000, 2000] },
    )
    .toBe(badges.length);
  const added = leads.filter((lead) => names.has(leadName(lead)));
  expect(leads.length - before).toBe(badges.length);
  expect(new Set(added.map(leadName)).size).toBe(badges.length);
  // A scan applied twice would count two scans.
  expect(added.filter((lead) => lead.scanCount !== 1)).toEqual([]);
}

/** Offline scans, a reload and a browser restart, still offline: every scan is still queued. */
async function scanOfflineThenRestart(profile: string, badges: PrintedBadge[]): Promise<{ context: BrowserContext; page: Page }> {
  let context = await launch(profile, false);
  let page = await openContactsOnline(context, 'scan');
  await context.setOffline(true);
  await scanByHand(page, badges);

  await page.reload();
  await expect(syncStatus(page)).toContainText(pendingText(badges.length));
  await context.close();

  context = await launch(profile, true);
  page = context.pages()[0] ?? (await context.newPage());
  await page.goto('/contacts');
  await expect(page.getByRole('list', { name: 'My leads' }).getByText(badges[0]?.name ?? '')).toBeVisible();
  await expect(syncStatus(page)).toContainText(pendingText(badges.length));
  return { context, page };
}

test(`${SCANS} offline scans survive a reload and a browser restart and reach the server exactly once`, async () => {
  test.setTimeout(300_000);
  const badges = takeBadges(SCANS);
  const before = (await vendorLeads()).length;
  const profile = mkdtempSync(join(tmpdir(), 'cf-lead-sync-'));
  try {
    const { context, page } = await scanOfflineThenRestart(profile, badges);
    expect((await vendorLeads()).length).toBe(before);

    await context.setOffline(false);
    await expectExactlyOnce(badges, before);
    await expect(syncStatus(page)).not.toContainText('waiting to sync', { timeout: 30_000 });
    await context.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});

test(`${SCANS} offline scans reach the server exactly once although it is killed and restarted during the upload`, async () => {
  test.setTimeout(300_000);
  const badges = takeBadges(SCANS);
  const before = (await vendorLeads()).length;
  const profile = mkdtempSync(join(tmpdir(), 'cf-lead-sync-'));
  try {
    const { context, page } = await scanOfflineThenRestart(profile, badges);

    // The first batch goes through; the server dies the moment the second one is sent (answered or
    // not, committed or not), and comes back a little later on the same data.
    let uploads = 0;
    let crash: Promise<void> | null = null;
    page.on('request', (request) => {
      if (request.method() !== 'POST' || !request.url().endsWith('/api/lead')) return;
      uploads += 1;
      if (uploads === 2 && !crash) {
        crash = (async () => {
          await server.kill();
          await new Promise((done) => setTimeout(done, 1500));
          await serve();
        })();
      }
    });
    await context.setOffline(false);
    await expect.poll(() => crash !== null, { timeout: 60_000 }).toBe(true);
    await crash;

    await expectExactlyOnce(badges, before);
    await expect(syncStatus(page)).not.toContainText('waiting to sync', { timeout: 60_000 });
    expect(uploads).toBeGreaterThanOrEqual(3);
    await context.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});

test("a badge read by the camera (Chromium's fake capture) offline is listed at once and uploaded once", async () => {
  test.setTimeout(120_000);
  const [badge] = takeBadges(1);
  if (!badge) throw new Error('no badge left');
  const before = (await vendorLeads()).length;
  const profile = mkdtempSync(join(tmpdir(), 'cf-lead-camera-'));
  const video = join(profile, 'badge.y4m');
  writeFileSync(video, badgeY4m(badge.token));
  const args = fakeCameraArgs(video);
  try {
    let context = await launch(join(profile, 'chromium'), false, args);
    // Offline before the camera opens, so the scan cannot be uploaded straight away.
    let page = await openContactsOnline(context, 'leads');
    await context.setOffline(true);
    await page.getByRole('navigation', { name: 'Contacts' }).getByRole('link', { name: 'Scan', exact: true }).click();

    // The camera runs the whole time: the badge in view is read once and saved.
    const result = page.getByTestId('scan-result');
    await expect(result).toContainText(badge.name, { timeout: 30_000 });
    await expect(result).toContainText(badge.company);
    await expect(syncStatus(page)).toContainText(pendingText(1));

    // Back to the list, as a vendor would: the camera stops before the browser closes (closing it
    // mid-capture on a loaded CI machine once ended Chromium before its storage was written out).
    await page.getByRole('navigation', { name: 'Contacts' }).getByRole('link', { name: 'Leads', exact: true }).click();
    await expect(
      page.getByRole('list', { name: 'My leads' }).locator('li', { hasText: badge.name }).getByText('Pending'),
    ).toBeVisible();
    await context.close();
    context = await launch(join(profile, 'chromium'), true, args);
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/contacts');
    const mine = page.getByRole('list', { name: 'My leads' }).locator('li', { hasText: badge.name });
    await expect(mine.getByText('Pending')).toBeVisible();

    await context.setOffline(false);
    await expectExactlyOnce([badge], before);
    await expect(mine.getByText('Pending')).toHaveCount(0, { timeout: 30_000 });
    await context.close();
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
});
