import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { badgeOf, bearer, demo, signIn } from './helpers.ts';

/*
 * The staff pass check: two staff devices check the same pass in offline, both accept it,
 * and after syncing both flag it as a duplicate with both events kept. attendee016 (Standard Pass)
 * and attendee018 (Premium Pass) are reserved for this file (attendee030 for a retry); staff@ and attendee@ are only read.
 */

const STAFF = demo('staff');

interface ServerList {
  id: number;
  name: string;
  checkedIn: number;
  duplicates: number;
}

async function serverLists(request: APIRequestContext, token: string): Promise<ServerList[]> {
  const response = await request.get('/api/checkin/lists', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return (await response.json()) as ServerList[];
}

async function serverEvents(request: APIRequestContext, token: string, listId: number, barcodeId: string) {
  const response = await request.get(`/api/checkin/lists/${listId}/events`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const { events } = (await response.json()) as { events: { barcodeId: string; deviceId: string }[] };
  return events.filter((event) => event.barcodeId === barcodeId);
}

/** A staff "device": its own browser context, signed in, the pass check opened once online. */
async function openDevice(browser: Browser, baseURL: string | undefined, listName: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 412, height: 839 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/sign-in?redirect=%2Fcheck-in');
  await signIn(page, STAFF);
  await expect(page).toHaveURL(/\/check-in$/);
  await page.getByLabel('Check-in list').selectOption({ label: listName });
  // The scanner shows once the lists and the keys are on the device.
  await expect(page.getByLabel('Badge code')).toBeVisible();
  return page;
}

async function scan(page: Page, code: string) {
  await page.getByLabel('Badge code').fill(code);
  await page.getByRole('button', { name: 'Use code' }).click();
}

const verdict = (page: Page) => page.getByTestId('checkin-verdict');
const counts = (page: Page) => page.getByTestId('checkin-counts');

test('two offline devices check in the same pass: both valid, flagged duplicate on both after sync', async ({
  browser,
  baseURL,
  page,
  request,
}, testInfo) => {
  const staffToken = await bearer(request, STAFF);
  const main = (await serverLists(request, staffToken)).find((list) => list.name === 'Main entrance');
  if (!main) throw new Error('The seed has no Main entrance list');
  // A retry runs on the same server, where the first attempt's check-ins stay: it takes another pass.
  const badge = await badgeOf(request, demo(testInfo.retry === 0 ? 'attendee016' : 'attendee030'));

  // Staff find the pass check in the menu.
  await page.goto('/sign-in');
  await signIn(page, STAFF);
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Pass check' }).click();
  await expect(page).toHaveURL(/\/check-in$/);
  await expect(page.getByRole('heading', { name: 'Pass check', level: 1 })).toBeVisible();

  const [first, second] = await Promise.all([
    openDevice(browser, baseURL, 'Main entrance'),
    openDevice(browser, baseURL, 'Main entrance'),
  ]);
  await expect(counts(first)).toContainText(`${main.checkedIn} checked in`);

  // In a hall without signal, both devices check the same pass in.
  await first.context().setOffline(true);
  await second.context().setOffline(true);
  for (const device of [first, second]) {
    await scan(device, badge.token);
    await expect(verdict(device)).toContainText('Valid — checked in');
    await expect(verdict(device)).toContainText(badge.name);
    await expect(verdict(device)).toContainText(badge.passType);
    await expect(counts(device)).toContainText(`${main.checkedIn + 1} checked in`);
    await expect(counts(device)).toContainText('1 waiting to sync');
  }
  await scan(first, badge.token);
  await expect(verdict(first)).toContainText('Already checked in on this device');
  await expect(verdict(first)).toContainText(badge.name);
  expect(await serverEvents(request, staffToken, main.id, badge.barcodeId)).toHaveLength(0);

  // Back online, one after the other: both events reach the server, one flagged duplicate there.
  await first.context().setOffline(false);
  await expect.poll(async () => (await serverEvents(request, staffToken, main.id, badge.barcodeId)).length).toBe(1);
  await second.context().setOffline(false);
  await expect.poll(async () => (await serverEvents(request, staffToken, main.id, badge.barcodeId)).length).toBe(2);
  const events = await serverEvents(request, staffToken, main.id, badge.barcodeId);
  expect(new Set(events.map((event) => event.deviceId)).size).toBe(2);
  const after = (await serverLists(request, staffToken)).find((list) => list.id === main.id);
  expect(after).toMatchObject({ checkedIn: main.checkedIn + 1, duplicates: main.duplicates + 1 });

  // Each device shows both events, both flagged; the counts are the server's. The first device
  // learns of the second's check-in on its next periodic download.
  for (const device of [second, first]) {
    const checkins = device.getByRole('list', { name: 'Recent check-ins' }).getByRole('listitem').filter({ hasText: badge.name });
    await expect(checkins).toHaveCount(2, { timeout: 25_000 });
    // One event of each device, each pointing at the other.
    await expect(checkins.filter({ hasText: 'Duplicate — also checked in on another device at' })).toHaveCount(1);
    await expect(checkins.filter({ hasText: 'Duplicate — also checked in on this device at' })).toHaveCount(1);
    await expect(checkins.filter({ hasText: 'Waiting to sync' })).toHaveCount(0);
    await expect(counts(device)).toContainText(`${main.checkedIn + 1} checked in`);
    await expect(counts(device)).toContainText(`${main.duplicates + 1} duplicate`);
  }

  await first.context().close();
  await second.context().close();
});

test('offline: a tampered badge is forged; a pass type the list does not admit is refused', async ({ page, request }) => {
  const standard = await badgeOf(request, demo('attendee016'));
  const premium = await badgeOf(request, demo('attendee018'));
  expect([standard.passType, premium.passType]).toEqual(['Standard Pass', 'Premium Pass']);

  await page.goto('/sign-in?redirect=%2Fcheck-in');
  await signIn(page, STAFF);
  await page.getByLabel('Check-in list').selectOption({ label: 'Premium lounge' });
  await expect(page.getByText('Admits: Premium Pass, Host Pass.')).toBeVisible();
  await expect(page.getByLabel('Badge code')).toBeVisible();
  await page.context().setOffline(true);

  await scan(page, standard.tampered);
  await expect(verdict(page)).toContainText('Forged');
  await expect(verdict(page)).toContainText('This badge has been tampered with (invalid signature).');
  await expect(verdict(page)).not.toContainText('Eve Forger');

  await scan(page, standard.token);
  await expect(verdict(page)).toContainText('Not valid for this list');
  await expect(verdict(page)).toContainText(standard.name);
  await expect(verdict(page)).toContainText('Premium lounge admits Premium Pass, Host Pass; this is a Standard Pass.');

  // The lounge admits a Premium Pass; refused scans stored nothing.
  await scan(page, premium.token);
  await expect(verdict(page)).toContainText('Valid — checked in');
  const checkins = page.getByRole('list', { name: 'Recent check-ins' }).getByRole('listitem');
  await expect(checkins).toHaveCount(1);
  await expect(checkins).toContainText(premium.name);
  await expect(checkins).toContainText('Waiting to sync');
});

test('users without the staff scope are sent from /check-in to / and have no Pass check link', async ({ page }) => {
  await page.goto('/sign-in?redirect=%2Fcheck-in');
  await signIn(page, demo('attendee'));
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/check-in');
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Invoices' })).toBeVisible();
  await expect(page.getByRole('dialog').getByRole('link', { name: 'Pass check' })).toHaveCount(0);
});
