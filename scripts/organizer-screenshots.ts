/**
 * Takes the screenshots of docs/organizer-guide.md: the organizer console page by page, as the demo
 * organizer sees it on a fresh demo database.
 *
 *   npm run docs:screenshots
 *
 * Builds the app when its sources changed, starts the production server on a temporary data
 * directory with the demo seed, makes the event day a little less empty through the app itself (a
 * staff device checks a few passes in, a voucher batch is made), then visits each console page in
 * Debian's Chromium at 1280 × 800 (the dashboard also at 412 × 839) and writes a WebP of the
 * viewport to docs/images/organizer/<page>.webp. Run it again after a UI change; only the demo
 * data's dates and random names make the images differ between runs.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from '@playwright/test';
import sharp from 'sharp';
import { CHROMIUM_ARGS } from '../playwright.config.ts';
import { buildIfNeeded } from '../server/build-if-needed.ts';
import { DEMO_PASSWORD } from '../server/db/seed/demo-accounts.ts';
import { ROOT } from '../server/paths.ts';
import { bundleServerIfNeeded } from '../server/prepare.ts';
import { startServer } from '../tests/bench/server-process.ts';

const PORT = Number(process.env.SCREENSHOTS_PORT ?? 4395);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const OUT_DIR = join(ROOT, 'docs', 'images', 'organizer');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 412, height: 839 };
/** WebP quality: text stays sharp, a page stays well under 120 KB. */
const QUALITY = 80;
/** The loading lines of the console's pages (src/locales/en/organizer.json) and of a lazy page. */
const LOADING = /Loading|Searching…/;

const demo = (name: string) => `${name}@demo.cloudfest.example`;

async function newContext(browser: Browser, viewport: { width: number; height: number }, mobile = false) {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    viewport,
    deviceScaleFactor: 1,
    isMobile: mobile,
    hasTouch: mobile,
    locale: 'en-GB',
    timezoneId: 'Europe/Berlin',
    colorScheme: 'light',
    reducedMotion: 'reduce',
  });
  // Demo users may not have answered the survey; its redirect would stand in the way (docs/behaviour.md §4).
  await context.addCookies([{ name: 'survey', value: 'skip', domain: '127.0.0.1', path: '/' }]);
  return context;
}

/** Signs in through the /sign-in page and lands on `path`. */
async function signIn(context: BrowserContext, email: string, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`/sign-in?redirect=${encodeURIComponent(path)}`);
  await page
    .getByLabel('E-mail address')
    .waitFor({ timeout: 30_000 })
    .catch(async (error: unknown) => {
      await page.screenshot({ path: join(tmpdir(), 'organizer-screenshots-sign-in.png') });
      throw error;
    });
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === path, { timeout: 30_000 });
  return page;
}

/** Waits until the page's data is there: its heading shown, no loading line or busy element left, fonts ready. */
async function settled(page: Page) {
  await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await page.waitForFunction(
    (pattern) => {
      const main = document.querySelector('main') ?? document.body;
      return !new RegExp(pattern).test(main.innerText) && !document.querySelector('[aria-busy="true"]');
    },
    LOADING.source,
    { timeout: 30_000 },
  );
  await page.evaluate(() => document.fonts.ready);
  // Let charts and layout finish their last frame.
  await page.waitForTimeout(300);
}

const written: { file: string; bytes: number }[] = [];

async function shoot(page: Page, name: string) {
  await settled(page);
  const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
  const file = join(OUT_DIR, `${name}.webp`);
  await sharp(png).webp({ quality: QUALITY, effort: 6 }).toFile(file);
  const { size } = statSync(file);
  written.push({ file: `docs/images/organizer/${name}.webp`, bytes: size });
  console.log(`${name}.webp  ${(size / 1024).toFixed(1)} KB`);
}

/** Waits until the toasts that follow an action have gone (react-hot-toast's silent status elements). */
async function toastsGone(page: Page) {
  // The toaster is loaded on the first toast: wait for one to be there before waiting for none.
  const toasts = '[role="status"][aria-live="off"]';
  await page
    .locator(toasts)
    .first()
    .waitFor({ state: 'attached', timeout: 10_000 })
    .catch(() => undefined);
  await page.waitForFunction((selector) => !document.querySelector(selector), toasts, { timeout: 30_000 });
}

/** A visit to a console page followed by its screenshot. */
async function page(p: Page, path: string, name: string, before?: (p: Page) => Promise<void>) {
  await p.goto(path);
  await settled(p);
  if (before) await before(p);
  await shoot(p, name);
}

/**
 * The event day begun: a staff phone at the main entrance checks a few demo attendees in (by the
 * code their app shows, as a USB scanner would type it), so the dashboard, the check-in lists and
 * the devices page have something to show.
 */
async function staffCheckIns(browser: Browser, holders: string[]) {
  const context = await newContext(browser, { width: 390, height: 844 }, true);
  const staff = await signIn(context, demo('staff'), '/check-in');
  await staff.getByLabel('Check-in list').selectOption({ label: 'Main entrance' });
  await staff.getByLabel('Badge code').waitFor();
  for (const holder of holders) {
    const login = await context.request.post('/api/user/login', { data: { email: demo(holder), password: DEMO_PASSWORD } });
    const { token: session } = (await login.json()) as { token: string };
    const barcode = await context.request.get('/api/pass/barcode', { headers: { Authorization: `Bearer ${session}` } });
    const { token } = (await barcode.json()) as { token: string };
    await staff.getByLabel('Badge code').fill(token);
    await staff.getByRole('button', { name: 'Use code' }).click();
    await staff.getByTestId('checkin-verdict').filter({ hasText: 'checked in' }).waitFor();
  }
  // The device uploads its check-ins and reports its sync.
  await staff.waitForFunction(() => !document.querySelector('[data-testid="checkin-counts"]')?.textContent?.includes('waiting'));
  await staff.waitForTimeout(6000);
  await context.close();
}

async function main() {
  await buildIfNeeded((message) => console.log(message));
  await bundleServerIfNeeded();
  mkdirSync(OUT_DIR, { recursive: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'cf-screenshots-'));
  console.log('Starting the server on a fresh demo database…');
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      PUBLIC_URL: BASE_URL,
      SEED_DEMO: 'true',
      ADDRESS_RATE_LIMIT_PER_MINUTE: '10000',
      EMAIL_RATE_LIMIT_PER_MINUTE: '10000',
      ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000',
    },
    PORT,
    240_000,
  );
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    await staffCheckIns(browser, ['attendee', 'vip', 'attendee001', 'attendee002', 'attendee003']);

    const desktop = await newContext(browser, DESKTOP);
    const o = await signIn(desktop, demo('organizer'), '/organizer');
    await shoot(o, 'dashboard');

    await page(o, '/organizer/approvals', 'approvals');
    await page(o, '/organizer/attendees', 'attendees');
    // One person: the VIP, with a pass, barcodes and an order.
    await page(o, '/organizer/attendees', 'attendee', async (p) => {
      await p.getByLabel('Name, e-mail or company').fill('vip');
      const link = p
        .getByRole('row')
        .filter({ has: p.getByText(demo('vip'), { exact: true }) })
        .getByRole('link');
      await link.waitFor();
      await link.click();
      await p.getByRole('heading', { name: 'Pass', level: 2 }).waitFor();
      await settled(p);
    });
    await page(o, '/organizer/checkin-lists', 'checkin-lists');
    await page(o, '/organizer/devices', 'devices');
    await page(o, '/organizer/exports', 'exports');
    await page(o, '/organizer/content', 'content');
    // A batch of speaker codes, made as the e2e spec makes one, and one code disabled; the
    // batches and the codes shown rather than the form above them.
    await page(o, '/organizer/vouchers', 'vouchers', async (p) => {
      const form = p.getByRole('form', { name: 'New batch' });
      await form.getByLabel('Pass type').selectOption({ label: 'Speaker Pass' });
      await form.getByLabel('Number of codes').fill('5');
      await form.getByLabel('Prefix').fill('SPK');
      await form.getByRole('button', { name: 'Make codes' }).click();
      const codes = p.getByRole('region', { name: /Codes of/ });
      await codes.getByRole('row').nth(5).waitFor();
      await codes.getByRole('row').nth(5).getByRole('button', { name: 'Disable' }).click();
      await codes.getByRole('row').nth(5).filter({ hasText: 'Disabled' }).waitFor();
      await toastsGone(p);
      // Below the sticky app bar.
      await p
        .getByRole('heading', { name: 'Batches', level: 2 })
        .evaluate((heading) => window.scrollTo(0, heading.getBoundingClientRect().top + window.scrollY - 96));
      await settled(p);
    });
    await page(o, '/organizer/badges', 'badges');
    // A new member of the door staff, invited by e-mail.
    await page(o, '/organizer/team', 'team', async (p) => {
      const form = p.getByRole('form', { name: 'Invite to the team' });
      await form.getByLabel('E-mail address').fill('lena.hoffmann@crew.example');
      await form.getByRole('button', { name: 'Invite' }).click();
      await p.getByRole('row').filter({ hasText: 'lena.hoffmann@crew.example' }).filter({ hasText: 'invited' }).waitFor();
      await toastsGone(p);
      await settled(p);
    });
    await page(o, '/organizer/audit', 'audit');
    // The kiosk's set-up, as staff or an organizer fills it in before starting kiosk mode.
    await page(o, '/kiosk', 'kiosk', async (p) => {
      await p.getByLabel('Check-in list').selectOption({ label: 'Main entrance' });
      await p.getByLabel('A6 (105 × 148 mm)').check();
      await p.getByLabel('A USB barcode scanner only').check();
      await p.getByLabel('Staff PIN', { exact: true }).fill('2468');
      await p.getByLabel('Repeat the staff PIN').fill('2468');
      await p.getByTestId('kiosk-readiness').filter({ hasText: 'List of revoked passes: downloaded' }).waitFor();
      await settled(p);
    });
    await desktop.close();

    const phone = await newContext(browser, PHONE, true);
    await shoot(await signIn(phone, demo('organizer'), '/organizer'), 'dashboard-phone');
    await phone.close();
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  const large = written.filter((each) => each.bytes > 120 * 1024);
  if (large.length) console.warn(`Over 120 KB: ${large.map((each) => each.file).join(', ')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
