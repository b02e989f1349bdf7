import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { badgeOf, demo, mailedLink, STRONG_PASSWORD, signIn, skipSurvey, uniqueEmail } from './helpers.ts';

/*
 * The organizer's people pages: approving a pending attendee, and reissuing a lost badge's
 * barcode so staff devices refuse the old one. attendee038 (attendee015 on a retry) is reserved for
 * this file (profile.spec.ts renames 031, 033–035 and 039, which reissues their barcodes). The
 * approved attendee is a new Press Pass registrant rather than the demo pending@, whose pending pass
 * auth.spec.ts relies on in the same run.
 */

const ORGANIZER = demo('organizer');
const STAFF = demo('staff');

/** A new account with a Press Pass (voucher PRESS-2026) awaiting approval, its address confirmed. */
async function pendingRegistrant(request: APIRequestContext) {
  const email = uniqueEmail('press');
  const types = (await (await request.get('/api/pass/type/voucher')).json()) as { id: number; name: string }[];
  const press = types.find((type) => type.name === 'Press Pass');
  const countries = (await (await request.get('/api/country')).json()) as { id: number; code: string }[];
  const germany = countries.find((country) => country.code === 'DE');
  if (!press || !germany) throw new Error('the seed has no Press Pass or no Germany');
  const created = await request.post('/api/registration/account', {
    data: {
      email,
      password: STRONG_PASSWORD,
      firstName: 'Paula',
      lastName: 'Presse',
      company: 'Hosting Journal',
      address: {
        type: 'billingAddress',
        addressLine1: 'Pressestraße 5',
        addressLine2: '',
        zip: '10115',
        city: 'Berlin',
        state: '',
        countryId: germany.id,
      },
      passTypeId: press.id,
      voucherCode: 'PRESS-2026',
    },
  });
  // "Check your inbox": the registration goes on from the link, which answers its session.
  expect(created.status(), await created.text()).toBe(202);
  const link = new URL(await mailedLink(request, email), 'http://localhost');
  const uuid = link.pathname.split('/').pop();
  const token = link.searchParams.get('token');
  const confirmed = await request.post('/api/user/confirm', { data: { uuid, token, password: STRONG_PASSWORD } });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  expect(((await confirmed.json()) as { registration: { passStatus: string } }).registration.passStatus).toBe('pending');
  return email;
}

async function signInAsOrganizer(page: Page, path: string) {
  await page.goto(`/sign-in?redirect=${encodeURIComponent(path)}`);
  await skipSurvey(page);
  await signIn(page, ORGANIZER);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

test('an organizer approves a pending attendee, who then signs in and sees the pass', async ({
  browser,
  baseURL,
  page,
  request,
}) => {
  const email = await pendingRegistrant(request);

  // Before the approval, signing in is refused with a notice.
  const attendee = await (await browser.newContext({ baseURL })).newPage();
  await attendee.goto('/sign-in?redirect=%2Fpass');
  await signIn(attendee, email, STRONG_PASSWORD);
  await expect(attendee.getByText('Your pass is awaiting approval.')).toBeVisible();

  await signInAsOrganizer(page, '/organizer/approvals');
  await expect(page.getByRole('heading', { name: 'Approvals', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Press Pass');
  await expect(row).toContainText('Voucher PRESS-2026');
  await row.getByRole('checkbox').check();
  await expect(page.getByText('1 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Approve selected' }).click();
  await expect(page.getByText('1 approved.').first()).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: email })).toHaveCount(0);

  // The approval mail reached the attendee, who can now sign in and sees the pass.
  const mails = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { subject: string }[];
  expect(mails.map((mail) => mail.subject)).toContain('Your CloudFest 2026 pass is approved');
  await attendee.goto('/sign-in?redirect=%2Fpass');
  await skipSurvey(attendee);
  await signIn(attendee, email, STRONG_PASSWORD);
  await expect(attendee).toHaveURL(/\/pass$/);
  await expect(attendee.getByText('Press Pass').first()).toBeVisible();
  await attendee.context().close();
});

/** A staff device with the pass check open on the main entrance (keys and revocation list fetched). */
async function staffDevice(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const device = await context.newPage();
  await device.goto('/sign-in?redirect=%2Fcheck-in');
  await signIn(device, STAFF);
  await expect(device).toHaveURL(/\/check-in$/);
  await device.getByLabel('Check-in list').selectOption({ label: 'Main entrance' });
  await expect(device.getByLabel('Badge code')).toBeVisible();
  return device;
}

async function scan(device: Page, code: string) {
  await device.getByLabel('Badge code').fill(code);
  await device.getByRole('button', { name: 'Use code' }).click();
}

test('an organizer reissues a lost badge; an offline staff device refuses the old barcode after its next sync', async ({
  browser,
  baseURL,
  page,
  request,
}, testInfo) => {
  const holder = demo(testInfo.retry === 0 ? 'attendee038' : 'attendee015');
  const old = await badgeOf(request, holder);
  const device = await staffDevice(browser, baseURL);

  // The organizer finds the attendee and reissues the barcode.
  await signInAsOrganizer(page, '/organizer/attendees');
  await page.getByLabel('Name, e-mail or company').fill(holder.split('@')[0] as string);
  const link = page.getByRole('row').filter({ hasText: holder }).getByRole('link');
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/organizer\/attendees\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Pass', level: 2 })).toBeVisible();
  await page.getByRole('button', { name: 'Reissue barcode (lost badge)' }).click();
  await expect(page.getByText('The old barcode is revoked and a new one issued.').first()).toBeVisible();
  const barcodes = page.getByRole('table', { name: 'Barcodes' });
  await expect(barcodes.getByRole('row').filter({ hasText: '(lost)' })).toHaveCount(1);
  await expect(barcodes.getByRole('row').filter({ hasText: 'Current' })).toHaveCount(1);
  const fresh = await badgeOf(request, holder);
  expect(fresh.barcodeId).not.toBe(old.barcodeId);

  // The device syncs when its connection returns: it fetches the revocation list again. (Its own
  // start-up requests are over first, so theirs is not the answer awaited.)
  await device.waitForLoadState('networkidle');
  await device.context().setOffline(true);
  const refetched = device.waitForResponse(
    async (response) =>
      response.url().includes('/api/pass/revocations') &&
      response.status() === 200 &&
      ((await response.json()) as { revoked: string[] }).revoked.includes(old.barcodeId),
  );
  // The page must have seen the connection go, or coming back is no change it reacts to.
  await device.waitForFunction(() => !navigator.onLine);
  await device.context().setOffline(false);
  await refetched;

  // In the hall without signal: the old badge is refused, the new one admitted.
  await device.context().setOffline(true);
  await scan(device, old.token);
  await expect(device.getByTestId('checkin-verdict')).toContainText('Revoked');
  await scan(device, fresh.token);
  await expect(device.getByTestId('checkin-verdict')).toContainText('Valid — checked in');
  await device.context().close();
});
