import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { type ServerProcess, startServer } from '../bench/server-process.ts';
import { FIXTURE_PATH, makePretalxSchedule } from '../fixtures/make-pretalx-schedule.ts';
import { demo, signIn } from './helpers.ts';

/*
 * Content without a developer. An organizer imports the agenda from pretalx's
 * schedule.json in the console; an attendee whose installed app has the old agenda cached, and who
 * was offline during the import, sees the new programme once back online — without a reload.
 *
 * An import replaces the whole (seeded) agenda, which other specs rely on: this one runs against a
 * server of its own, with its own database.
 */

const PORT = Number(process.env.E2E_CONTENT_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 61);
const BASE_URL = `http://localhost:${PORT}`;
let server: ServerProcess;
let dataDir: string;

test.beforeAll(async () => {
  // A fresh database is migrated and seeded first: slow on a busy machine.
  test.setTimeout(300_000);
  dataDir = mkdtempSync(join(tmpdir(), 'cf-e2e-content-'));
  server = await startServer(
    {
      DATA_DIR: dataDir,
      PUBLIC_URL: BASE_URL,
      ADDRESS_RATE_LIMIT_PER_MINUTE: '10000',
      EMAIL_RATE_LIMIT_PER_MINUTE: '10000',
      ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000',
    },
    PORT,
    240_000,
  );
});
test.afterAll(async () => {
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function signedIn(browser: Browser, email: string, path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 412, height: 839 } });
  // Seeded users may not have answered the survey; its redirect is not under test here (docs/behaviour.md §4).
  await context.addCookies([{ name: 'survey', value: 'skip', domain: 'localhost', path: '/' }]);
  const page = await context.newPage();
  await page.goto(`/sign-in?redirect=${encodeURIComponent(path)}`);
  await signIn(page, email);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return { context, page };
}

const sessionTitled = (page: Page, title: string) => page.locator('.agenda-session').filter({ hasText: title });

test('an organizer imports the agenda; an attendee who was offline sees it once back online', async ({ browser }) => {
  test.setTimeout(120_000);
  const schedule = makePretalxSchedule();
  const firstTalk = schedule.schedule.conference.days[0]?.rooms['Europa Hall']?.[0];
  if (!firstTalk) throw new Error('fixture changed');

  // The attendee's installed app has the agenda: the worker controls the page and has cached it.
  const attendee = await signedIn(browser, demo('attendee'), '/agenda');
  await expect(attendee.page.locator('.agenda-session').first()).toBeAttached();
  await attendee.page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await attendee.page.reload();
  await expect(attendee.page.locator('.agenda-session').first()).toBeAttached();
  await expect(sessionTitled(attendee.page, firstTalk.title)).toHaveCount(0);
  await attendee.context.setOffline(true);

  // The organizer previews the file, then imports it.
  const organizer = await signedIn(browser, demo('organizer'), '/organizer/content');
  await expect(organizer.page.getByRole('heading', { name: 'Content', level: 1 })).toBeVisible();
  await organizer.page.getByLabel('Schedule file (schedule.json)').setInputFiles(fileURLToPath(FIXTURE_PATH));
  await expect(organizer.page.getByText(/Preview — nothing has changed yet\. 200 talks/)).toBeVisible();
  await expect(organizer.page.getByText(/sessions that did not come from an import .* will be replaced/)).toBeVisible();
  await organizer.page.getByRole('button', { name: 'Import', exact: true }).click();
  await expect(organizer.page.getByText(/Imported\. 200 talks/)).toBeVisible();
  await organizer.context.close();

  // Offline, the attendee still has the agenda they had.
  await attendee.page.reload();
  await expect(attendee.page.locator('.agenda-session').first()).toBeAttached();
  await expect(sessionTitled(attendee.page, firstTalk.title)).toHaveCount(0);

  // Back online: the open agenda picks up the new programme by itself.
  await attendee.context.setOffline(false);
  await expect(sessionTitled(attendee.page, firstTalk.title)).toHaveCount(1, { timeout: 15_000 });

  // And a fresh visit shows it straight away.
  await attendee.page.goto('/');
  await attendee.page.goto('/agenda');
  await expect(sessionTitled(attendee.page, firstTalk.title)).toHaveCount(1);
  await attendee.context.close();
});
