import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { badgeOf, demo, signIn } from './helpers.ts';

/*
 * An organizer makes a check-in list for VIP passes only in the console; a staff device
 * refuses a Standard Pass at it and admits a Premium Pass. When the organizer closes the list, the
 * device refuses every pass there. attendee@ and vip@ are only read (their badges); the list is new
 * and named per run, so other specs' lists and counts are untouched.
 */

async function signedIn(browser: Browser, baseURL: string | undefined, email: string, path: string): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  // Seeded users may not have answered the survey; its redirect is not under test here (docs/behaviour.md §4).
  await context.addCookies([{ name: 'survey', value: 'skip', domain: 'localhost', path: '/' }]);
  const page = await context.newPage();
  await page.goto(`/sign-in?redirect=${encodeURIComponent(path)}`);
  await signIn(page, email);
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  return page;
}

async function scan(page: Page, code: string) {
  await page.getByLabel('Badge code').fill(code);
  await page.getByRole('button', { name: 'Use code' }).click();
}

const verdict = (page: Page) => page.getByTestId('checkin-verdict');

/** Types 'YYYY-MM-DDTHH:mm' into a date-and-time field's parts (the group named by the field's legend). */
async function fillDateTime(group: Locator, value: string) {
  const [date = '', time = ''] = value.split('T');
  const [year = '', month = '', day = ''] = date.split('-');
  const [hour = '', minute = ''] = time.split(':');
  await group.getByLabel('Day', { exact: true }).fill(String(Number(day)));
  await group.getByLabel('Month', { exact: true }).selectOption(month);
  await group.getByLabel('Year', { exact: true }).fill(year);
  await group.getByLabel('Hour', { exact: true }).fill(hour);
  await group.getByLabel('Minute', { exact: true }).fill(minute);
}

test('an organizer makes a VIP-only list: a staff device refuses a Standard Pass there, admits a Premium Pass, and refuses all once it closed', async ({
  browser,
  baseURL,
  request,
}, testInfo) => {
  const listName = `VIP reception ${testInfo.retry}-${Date.now() % 1_000_000}`;
  const standard = await badgeOf(request, demo('attendee'));
  const premium = await badgeOf(request, demo('vip'));
  expect([standard.passType, premium.passType]).toEqual(['Standard Pass', 'Premium Pass']);

  // The organizer creates the list in the console.
  const organizer = await signedIn(browser, baseURL, demo('organizer'), '/organizer/checkin-lists');
  await expect(organizer.getByRole('heading', { name: 'Check-in lists', level: 1 })).toBeVisible();
  await expect(
    organizer.getByRole('navigation', { name: 'Organizer console' }).getByRole('link', { name: 'Check-in lists' }),
  ).toHaveAttribute('aria-current', 'page');
  await organizer.getByRole('button', { name: 'New check-in list' }).click();
  const form = organizer.getByRole('form', { name: 'New check-in list' });
  // An empty name is refused on the device, with the message at the field.
  await form.getByRole('button', { name: 'Create list' }).click();
  await expect(form.getByText('Please enter a name.')).toBeVisible();
  await form.getByLabel('Name').fill(listName);
  await form.getByLabel('Description (shown to staff)').fill('The VIP reception on the terrace: Premium Pass holders only.');
  await form.getByRole('checkbox', { name: 'Premium Pass' }).check();
  await form.getByRole('button', { name: 'Create list' }).click();
  const card = organizer.getByRole('listitem').filter({ has: organizer.getByRole('heading', { name: listName }) });
  await expect(card).toContainText('Admits: Premium Pass');
  await expect(card).toContainText('Always open');

  // A staff device picks the new list up and checks passes there.
  const staff = await signedIn(browser, baseURL, demo('staff'), '/check-in');
  await staff.getByLabel('Check-in list').selectOption({ label: listName });
  await expect(staff.getByText('Admits: Premium Pass.')).toBeVisible();
  await expect(staff.getByLabel('Badge code')).toBeVisible();

  await scan(staff, standard.token);
  await expect(verdict(staff)).toContainText('Not valid for this list');
  await expect(verdict(staff)).toContainText(standard.name);
  await expect(verdict(staff)).toContainText(`${listName} admits Premium Pass; this is a Standard Pass.`);

  await scan(staff, premium.token);
  await expect(verdict(staff)).toContainText('Valid — checked in');
  await expect(verdict(staff)).toContainText(premium.name);

  // The check-in reaches the server and the organizer's card counts it.
  await expect
    .poll(
      async () => {
        await organizer.reload();
        return card.getByText('Checked in').locator('..').textContent();
      },
      { timeout: 30_000 },
    )
    .toContain('1');

  // The organizer closes the list; the device refuses even the Premium Pass once it has the change.
  await card.getByRole('button', { name: 'Change' }).click();
  const edit = organizer.getByRole('form', { name: `Change ${listName}` });
  await fillDateTime(edit.getByRole('group', { name: 'Closes', exact: true }), '2026-01-01T12:00');
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expect(card).toContainText('Open until 1 Jan 2026, 12:00');

  await staff.reload();
  await expect(staff.getByText('Open until 1 Jan 2026, 12:00.')).toBeVisible();
  await expect(staff.getByLabel('Badge code')).toBeVisible();
  await scan(staff, premium.token);
  await expect(verdict(staff)).toContainText('List closed');
  await expect(verdict(staff)).toContainText(`${listName} closed at 1 Jan 2026, 12:00. Not checked in.`);

  await organizer.context().close();
  await staff.context().close();
});
