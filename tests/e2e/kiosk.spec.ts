import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { REFUSAL_MS, WELCOME_MS } from '../../src/features/kiosk/timing.ts';
import { badgeOf, bearer, demo, signIn, skipSurvey } from './helpers.ts';

/*
 * The self-service kiosk: staff set it up online on a tablet with a USB barcode scanner
 * (a keyboard wedge: the code typed, then Enter), then the venue's network goes. attendee007 is
 * checked in and gets a badge (printed as a PDF here and read back: one page, the name, a QR code
 * that scans to the pass token); attendee028's barcode is reissued first, so the old one is
 * revoked. Both are reserved for this file; each run creates its own check-in list.
 */

const STAFF = demo('staff');
const PIN = '2468';

test.use({ viewport: { width: 1180, height: 820 }, isMobile: false, hasTouch: true });

type PrintLog = { __prints: number[] };

async function auth(request: APIRequestContext, email: string) {
  return { Authorization: `Bearer ${await bearer(request, email)}` };
}

/** A fresh list for this run (admits every pass), so a retry on the same server starts clean. */
async function createList(request: APIRequestContext, name: string): Promise<number> {
  const response = await request.post('/api/organizer/checkin-lists', {
    headers: await auth(request, demo('organizer')),
    data: { name, description: 'Self-service kiosk (e2e)' },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

/** The organizer reissues a lost badge: the holder's current barcode goes on the revocation list. */
async function reissueBarcode(request: APIRequestContext, email: string) {
  const headers = await auth(request, demo('organizer'));
  const found = await request.get(`/api/organizer/attendees?q=${encodeURIComponent(email)}`, { headers });
  expect(found.status()).toBe(200);
  const row = ((await found.json()) as { rows: { userId: string; email: string }[] }).rows.find((each) => each.email === email);
  if (!row) throw new Error(`${email} not found`);
  const reissued = await request.post(`/api/organizer/attendees/${row.userId}/reissue-barcode`, { headers });
  expect(reissued.status(), await reissued.text()).toBe(200);
}

async function serverEvents(request: APIRequestContext, listId: number) {
  const response = await request.get(`/api/checkin/lists/${listId}/events`, { headers: await auth(request, STAFF) });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { events: { barcodeId: string }[] }).events;
}

/** A USB scanner in keyboard mode: the code as key presses, then Enter, wherever the focus is. */
async function scan(page: Page, code: string) {
  await page.keyboard.type(code);
  await page.keyboard.press('Enter');
}

/**
 * The same keys dispatched inside the page in one go: on a busy machine Playwright's key presses
 * (a round trip each) take seconds per code, a scanner's a few milliseconds.
 */
async function fastScan(page: Page, code: string) {
  await page.evaluate((text) => {
    const target = document.activeElement ?? document.body;
    for (const key of [...text, 'Enter']) {
      target.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    }
  }, code);
}

const prints = (page: Page) => page.evaluate(() => (window as unknown as PrintLog).__prints.length);

/** The PDF has one page of the given size (pt, within a point): `pdfinfo` from poppler-utils. */
function expectOnePage(pdfPath: string, width: number, height: number) {
  const info = execFileSync('pdfinfo', [pdfPath], { encoding: 'utf8' });
  expect(info).toMatch(/^Pages:\s+1$/m);
  const size = info.match(/^Page size:\s+([\d.]+) x ([\d.]+) pts/m);
  expect(Math.abs(Number(size?.[1]) - width), info).toBeLessThan(1);
  expect(Math.abs(Number(size?.[2]) - height), info).toBeLessThan(1);
}

/** axe's WCAG 2.2 A/AA rules (as tests/e2e/a11y.spec.ts runs them) on what the page shows now. */
async function expectAccessible(page: Page, what: string) {
  const { violations } = await new AxeBuilder({ page })
    .options({
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { region: { enabled: true }, 'heading-order': { enabled: true } },
    })
    .analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    what,
  ).toEqual([]);
}

let readerReady: Promise<unknown> | null = null;

/** Reads the QR code on a PNG the way a scanner would (zxing, the decoder the app ships). */
async function decodeQr(png: Buffer): Promise<string | undefined> {
  readerReady ??= prepareZXingModule({
    overrides: { wasmBinary: readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer },
    fireImmediately: true,
  });
  await readerReady;
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const image = { data: new Uint8ClampedArray(data), width: info.width, height: info.height, colorSpace: 'srgb' } as ImageData;
  const [result] = await readBarcodes(image, { formats: ['QRCode'] });
  return result?.text;
}

test('a kiosk set up online checks in offline, prints one badge page, refuses with the desk text and syncs once', async ({
  browser,
  baseURL,
  page,
  request,
}, testInfo) => {
  test.setTimeout(360_000);
  const listName = `Kiosk ${Date.now()}`;
  const listId = await createList(request, listName);
  const guest = await badgeOf(request, demo('attendee007'));
  const lost = await badgeOf(request, demo('attendee028'));
  await reissueBarcode(request, demo('attendee028'));

  // The print dialog cannot be driven headless: window.print only logs when it was asked for.
  await page.addInitScript(() => {
    const log = window as unknown as PrintLog;
    log.__prints = [];
    window.print = () => {
      log.__prints.push(performance.now());
    };
  });

  // Set-up, online: staff only (the guard), no app chrome.
  await page.goto('/sign-in?redirect=%2Fkiosk');
  await signIn(page, STAFF);
  await expect(page).toHaveURL(/\/kiosk$/);
  await expect(page.getByRole('heading', { name: 'Self-service kiosk', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await page.getByLabel('Check-in list').selectOption({ label: listName });
  await page.getByLabel('A6 (105 × 148 mm)').check();
  await page.getByLabel('A USB barcode scanner only').check();
  await page.getByLabel('Staff PIN', { exact: true }).fill(PIN);
  await page.getByLabel('Repeat the staff PIN').fill(PIN);
  const readiness = page.getByTestId('kiosk-readiness');
  await expect(readiness).toContainText('Check-in lists: downloaded');
  await expect(readiness).toContainText('Keys to verify passes: downloaded');
  await expect(readiness).toContainText('List of revoked passes: downloaded');
  // The service worker controls the page: the app opens without a connection.
  await expect(readiness).toContainText('App stored on this device: yes', { timeout: 30_000 });
  await expectAccessible(page, 'set-up');
  await page.getByRole('button', { name: 'Start kiosk mode' }).click();
  await expect(page.getByText('Ready to scan')).toBeVisible();
  await expect(page.getByText('Hold the QR code of your pass under the scanner.')).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('link')).toHaveCount(0);

  // The venue's network goes.
  await page.context().setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
  await expect(page.getByText('Offline: check-ins are kept on this device')).toBeVisible();
  // The page's clock stands still from here, so the kiosk's "few seconds" run only when the test says
  // (on this busy machine a result could otherwise be gone before it is read).
  await page.clock.install();
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));

  // A valid pass: checked in, greeted by name, the badge sent to the printer at once.
  const result = page.getByTestId('kiosk-result');
  await scan(page, guest.token);
  await expect(result).toContainText(`Welcome, ${guest.name}!`);
  await expect(result).toContainText(`${guest.company} · ${guest.passType}`);
  await expect(result).toContainText('Your badge is being printed.');
  // Announced: the result sits in an assertive live region.
  await expect(page.locator('[aria-live="assertive"]', { has: result })).toContainText(`Welcome, ${guest.name}!`);
  await expect.poll(() => prints(page)).toBe(1);

  // A second print of the same badge needs the staff PIN.
  await result.getByRole('button', { name: 'Print the badge again' }).click();
  const pinDialog = page.getByRole('dialog', { name: 'Staff PIN' });
  await expect(pinDialog).toContainText('Enter the staff PIN to print this badge again.');
  await pinDialog.getByLabel('Staff PIN').fill('1111');
  await pinDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(pinDialog.getByRole('alert')).toHaveText('Wrong PIN.');
  expect(await prints(page)).toBe(1);
  // axe needs the page's timers: the kiosk's own countdown stands still while the PIN is asked.
  await page.clock.resume();
  await expectAccessible(page, 'greeting with the PIN dialog');
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
  await pinDialog.getByLabel('Staff PIN').fill(PIN);
  await pinDialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(pinDialog).toHaveCount(0);
  await expect.poll(() => prints(page)).toBe(2);

  // What the printer got (the badge stays in the page until the next one): print as PDF with the page size the CSS asks for.
  await page.emulateMedia({ media: 'print' });
  const pdfPath = testInfo.outputPath('badge.pdf');
  writeFileSync(pdfPath, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  await page.emulateMedia({ media: 'screen' });
  // A6 is 105 × 148 mm: 297.64 × 419.53 pt (Chromium rounds to its pixel grid).
  expectOnePage(pdfPath, 297.64, 419.53);
  const text = execFileSync('pdftotext', ['-layout', pdfPath, '-'], { encoding: 'utf8' });
  expect(text).toContain(guest.name);
  expect(text).toContain(guest.company);
  expect(text).toContain(guest.passType);
  // No browser header or footer: nothing else on the page (no URL, no date, no title).
  expect(text).not.toMatch(/localhost|https?:/);
  const pngBase = testInfo.outputPath('badge');
  execFileSync('pdftoppm', ['-r', '300', '-png', '-singlefile', pdfPath, pngBase]);
  expect(await decodeQr(readFileSync(`${pngBase}.png`))).toBe(guest.token);

  // A few seconds later the kiosk is ready for the next person.
  await page.clock.runFor(WELCOME_MS - 1000);
  await expect(result).toContainText(`Welcome, ${guest.name}!`);
  await page.clock.runFor(1000);
  await expect(page.getByText('Ready to scan')).toBeVisible();
  await expect(result).toHaveCount(0);

  // Refusals say why, then where to go; nothing is printed.
  await fastScan(page, guest.tampered);
  await expect(result).toContainText('This pass could not be verified.');
  await expect(result).toContainText('Please see the registration desk');
  await expect(result).not.toContainText('Eve Forger');
  await fastScan(page, lost.token);
  await expect(result).toContainText('This pass is no longer valid.');
  await expect(result).toContainText('Please see the registration desk');
  await fastScan(page, guest.token);
  await expect(result).toContainText('You are already checked in.');
  await expect(result).toContainText('Please see the registration desk');
  await expect(page.locator('[aria-live="assertive"]', { has: result })).toContainText('You are already checked in.');
  expect(await prints(page)).toBe(2);

  // In German for an attendee who asks; the kiosk's own language returns for the next person.
  await page.getByRole('button', { name: 'Deutsch' }).click();
  await fastScan(page, guest.tampered);
  await expect(result).toContainText('Dieser Pass konnte nicht geprüft werden.');
  await expect(result).toContainText('Bitte wenden Sie sich an den Registrierungsschalter.');
  await page.clock.runFor(REFUSAL_MS);
  await expect(page.getByText('Ready to scan')).toBeVisible();
  await page.clock.resume();
  await expectAccessible(page, 'ready to scan');

  // Staff switch the printer to 4 × 3 in labels (PIN first): the badge is then one label page.
  await page.getByRole('button', { name: 'Staff' }).click();
  await pinDialog.getByLabel('Staff PIN').fill(PIN);
  await pinDialog.getByRole('button', { name: 'Confirm' }).click();
  const settings = page.getByRole('dialog', { name: 'Kiosk settings' });
  await settings.getByLabel('Label 4 × 3 in (102 × 76 mm)').check();
  await settings.getByRole('button', { name: 'Save' }).click();
  await expect(settings.getByRole('status')).toHaveText(`Saved: this kiosk now checks in for ${listName}.`);
  await settings.getByRole('button', { name: 'Back to the kiosk' }).click();
  await expect(settings).toHaveCount(0);
  await page.emulateMedia({ media: 'print' });
  const labelPath = testInfo.outputPath('label.pdf');
  writeFileSync(labelPath, await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  await page.emulateMedia({ media: 'screen' });
  expectOnePage(labelPath, 288, 216);
  expect(execFileSync('pdftotext', [labelPath, '-'], { encoding: 'utf8' })).toContain(guest.name);

  // No way out: back stays on the kiosk; a typed address (after the browser asks) leads back to it, offline too.
  await page.goBack();
  await expect(page).toHaveURL(/\/kiosk$/);
  await expect(page.getByText('Ready to scan')).toBeVisible();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.type());
    void dialog.accept();
  });
  await page.goto('/check-in');
  expect(dialogs).toEqual(['beforeunload']);
  await expect(page).toHaveURL(/\/kiosk$/);
  await expect(page.getByText('Ready to scan')).toBeVisible();
  await expect(page.getByRole('navigation')).toHaveCount(0);

  // Leaving kiosk mode needs the PIN too.
  await page.getByRole('button', { name: 'Staff' }).click();
  await expect(pinDialog).toContainText('Enter the staff PIN to change the list or leave kiosk mode.');
  await pinDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(pinDialog).toHaveCount(0);
  await expect(page.getByText('Ready to scan')).toBeVisible();
  await page.getByRole('button', { name: 'Staff' }).click();
  await pinDialog.getByLabel('Staff PIN').fill(PIN);
  await pinDialog.getByRole('button', { name: 'Confirm' }).click();
  await settings.getByRole('button', { name: 'Leave kiosk mode' }).click();
  await expect(page.getByRole('heading', { name: 'Self-service kiosk', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the app' })).toBeVisible();

  // Back online: the one check-in reaches the server, once.
  expect(await page.evaluate(pendingCheckins)).toBe(1);
  await page.context().setOffline(false);
  await expect.poll(async () => (await serverEvents(request, listId)).length, { timeout: 20_000 }).toBe(1);
  await expect.poll(() => page.evaluate(pendingCheckins)).toBe(0);
  const events = await serverEvents(request, listId);
  expect(events.map((event) => event.barcodeId)).toEqual([guest.barcodeId]);

  // The organizer's console lists the kiosk under its list: synced just now, nothing waiting.
  const organizer = await (await browser.newContext({ baseURL })).newPage();
  await organizer.goto('/sign-in?redirect=%2Forganizer%2Fdevices');
  await skipSurvey(organizer);
  await signIn(organizer, demo('organizer'));
  await expect(organizer).toHaveURL(/\/organizer\/devices$/);
  const kiosk = organizer
    .getByRole('table', { name: `Devices: ${listName}` })
    .getByRole('row')
    .filter({ hasText: 'Self-service kiosk' });
  await expect(kiosk).toContainText('just now', { timeout: 40_000 });
  await expect(kiosk.getByRole('cell').last()).toHaveText('0');
  await organizer.context().close();
});

/** The kiosk's check-ins waiting in the device's outbox (IndexedDB, as the sync engine reads it). */
async function pendingCheckins(): Promise<number> {
  const open = indexedDB.open('cloudfest');
  const database = await new Promise<IDBDatabase>((resolve, reject) => {
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
  const request = database.transaction('outbox').objectStore('outbox').getAll();
  const rows = await new Promise<{ kind: string }[]>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result as { kind: string }[]);
    request.onerror = () => reject(request.error);
  });
  database.close();
  return rows.filter((row) => row.kind === 'checkin').length;
}
