import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { badgeOf, bearer, demo, signIn } from './helpers.ts';

/*
 * Devices on the console: a staff device checks a pass in offline, syncs when the signal
 * returns, and the organizer's device list shows it under its check-in list with its last sync; a
 * lead scanner whose last sync is 25 minutes old is marked "Not synced for 10 minutes" under its
 * exhibitor. attendee039 (attendee035 for a retry) is reserved for this file; staff@, vendor@ and
 * organizer@ are only read (the vendor's scanner report names a device id of its own).
 */

interface Device {
  deviceId: string;
  userName: string;
  kind: string;
  listName: string | null;
  exhibitor: string | null;
  lastSyncAt: string | null;
  pending: number;
  stale: boolean;
}
interface Devices {
  serverTime: string;
  checkinLists: { name: string | null; devices: Device[] }[];
  exhibitors: { name: string | null; devices: Device[] }[];
}

async function serverDevice(request: APIRequestContext, token: string, deviceId: string): Promise<Device | undefined> {
  const response = await request.get('/api/organizer/devices', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  const data = (await response.json()) as Devices;
  return [...data.checkinLists, ...data.exhibitors]
    .flatMap((group) => group.devices)
    .find((device) => device.deviceId === deviceId);
}

/** What the console shows as the venue time of an instant (en-GB, Europe/Berlin). */
const venueTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', dateStyle: 'medium', timeStyle: 'short' }).format(
    Date.parse(iso),
  );

test('a staff device that checked a pass in shows on the organizer console with its last sync; a silent scanner is marked', async ({
  browser,
  baseURL,
  request,
}, testInfo) => {
  // Two devices, an outage, and the accessibility checks in two themes: longer than most journeys.
  test.setTimeout(180_000);
  const organizerToken = await bearer(request, demo('organizer'));
  const badge = await badgeOf(request, demo(testInfo.retry === 0 ? 'attendee039' : 'attendee035'));

  // A staff phone at the main entrance.
  const staffContext = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await staffContext.addCookies([{ name: 'survey', value: 'skip', domain: 'localhost', path: '/' }]);
  const staff = await staffContext.newPage();
  await staff.goto('/sign-in?redirect=%2Fcheck-in');
  await signIn(staff, demo('staff'));
  await expect(staff).toHaveURL(/\/check-in$/);
  await staff.getByLabel('Check-in list').selectOption({ label: 'Main entrance' });
  await expect(staff.getByLabel('Badge code')).toBeVisible();
  const deviceId = await staff.evaluate(() => localStorage.getItem('checkin-device-id'));
  if (!deviceId) throw new Error('The check-in page made no device id');

  // Choosing the list is reported at once.
  await expect.poll(async () => (await serverDevice(request, organizerToken, deviceId))?.listName).toBe('Main entrance');

  // In a hall without signal the pass is checked in and waits on the device.
  await staffContext.setOffline(true);
  await staff.getByLabel('Badge code').fill(badge.token);
  await staff.getByRole('button', { name: 'Use code' }).click();
  await expect(staff.getByTestId('checkin-verdict')).toContainText(badge.name);
  await expect(staff.getByTestId('checkin-counts')).toContainText('1 waiting to sync');
  // A device reports at most every 5 seconds; the outage lasts longer than that.
  await staff.waitForTimeout(5_000);
  const back = Date.now();
  await staffContext.setOffline(false);
  await expect(staff.getByTestId('checkin-counts')).not.toContainText('waiting to sync', { timeout: 20_000 });

  // The device reports the upload: nothing waiting, synced since it came back.
  await expect
    .poll(async () => {
      const device = await serverDevice(request, organizerToken, deviceId);
      return device && device.pending === 0 && device.lastSyncAt !== null && Date.parse(device.lastSyncAt) >= back - 1_000;
    })
    .toBe(true);
  const synced = await serverDevice(request, organizerToken, deviceId);
  expect(synced).toMatchObject({ kind: 'checkin', userName: 'Daniel Weber', stale: false });

  // A lead scanner that last synced 25 minutes ago, with 3 scans waiting.
  const vendorToken = await bearer(request, demo('vendor'));
  const scannerId = `e2e-scanner-${testInfo.retry}-${Date.now()}`;
  const reported = await request.post('/api/devices/report', {
    headers: { Authorization: `Bearer ${vendorToken}` },
    data: {
      deviceId: scannerId,
      secret: `${'s'.repeat(40)}${testInfo.retry}`,
      kind: 'lead',
      lastSyncAt: new Date(Date.now() - 25 * 60_000).toISOString(),
      sentAt: new Date().toISOString(),
      pending: 3,
    },
  });
  expect(reported.status()).toBe(200);

  // The organizer opens the device list from the console's navigation, on a phone.
  const organizerContext = await browser.newContext({
    baseURL,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await organizerContext.addCookies([{ name: 'survey', value: 'skip', domain: 'localhost', path: '/' }]);
  const organizer = await organizerContext.newPage();
  await organizer.goto('/sign-in?redirect=%2Forganizer');
  await signIn(organizer, demo('organizer'));
  await expect(organizer).toHaveURL(/\/organizer$/);
  await organizer.getByRole('navigation', { name: 'Organizer console' }).getByRole('link', { name: 'Devices' }).click();
  await expect(organizer).toHaveURL(/\/organizer\/devices$/);
  await expect(organizer.getByRole('heading', { name: 'Devices', level: 1 })).toBeVisible();

  // Under the main entrance: the staff phone, just synced, nothing waiting, not marked.
  const entrance = organizer.getByRole('region', { name: 'Main entrance' });
  const staffRow = entrance.getByRole('row').filter({ hasText: `device ${deviceId.slice(0, 8)}` });
  await expect(staffRow).toHaveCount(1);
  await expect(staffRow.getByRole('rowheader')).toContainText('Daniel Weber');
  await expect(staffRow.getByRole('rowheader')).toContainText('Staff check-in');
  await expect(staffRow).toContainText(/just now|1 minute ago/);
  // The time of the last sync on the venue clock, the one the device reported after the outage (or a later one).
  const shown = (await staffRow.locator('time').getAttribute('datetime')) ?? '';
  expect(Date.parse(shown)).toBeGreaterThanOrEqual(back - 1_000);
  await expect(staffRow.locator('time')).toHaveText(venueTime(shown));
  await expect(staffRow.getByRole('cell').last()).toHaveText('0');
  await expect(staffRow).not.toContainText('Not synced for 10 minutes');

  // Under the vendor's exhibitor: the silent scanner, marked in words, 3 waiting.
  const scannerRow = organizer
    .getByRole('region', { name: 'At the exhibitors' })
    .getByRole('row')
    .filter({ hasText: `device ${scannerId.slice(0, 8)}` })
    .filter({ hasText: 'Tobias Krüger' });
  await expect(scannerRow.first()).toContainText('Lead scanner');
  await expect(scannerRow.first()).toContainText('25 minutes ago');
  await expect(scannerRow.first()).toContainText('Not synced for 10 minutes');
  await expect(scannerRow.first().getByRole('cell').last()).toHaveText('3');
  await expect(organizer.getByRole('status').filter({ hasText: 'not synced' })).toHaveText(
    /^\d+ devices? (has|have) not synced for 10 minutes\.$/,
  );

  // WCAG 2.2 AA with the marked rows on screen, in both themes (as tests/e2e/a11y.spec.ts checks every page).
  await organizer.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  for (const colorScheme of ['light', 'dark'] as const) {
    await organizer.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page: organizer })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(violations.map((violation) => `${colorScheme}: ${violation.id} (${violation.nodes.length})`)).toEqual([]);
  }

  // On a phone, also with 200 % text, the page never scrolls sideways (wide tables scroll in their own box).
  const overflow = () => organizer.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(await overflow()).toBeLessThanOrEqual(0);
  await organizer.evaluate(() => {
    document.documentElement.style.fontSize = '200%';
  });
  await expect(scannerRow.first()).toContainText('Not synced for 10 minutes');
  expect(await overflow()).toBeLessThanOrEqual(0);

  await staffContext.close();
  await organizerContext.close();
});
