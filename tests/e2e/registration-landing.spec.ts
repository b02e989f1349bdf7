import { expect, type Page, test } from '@playwright/test';

/*
 * The registration landing (docs/behaviour.md §2/§4/§9), the Pass and Hotel steps, the side panel and the
 * registration guards (§6), against the real server and a fresh database.
 */

const HEADLINES = ['Free Standard Passes are all gone!', 'almost gone!', "Get your free Standard Pass before they're gone!"];

const panelSteps = (page: Page) => page.getByRole('navigation', { name: 'Registration steps' });

test('the landing shows the free-pass headline, the CF26 offer, the prize draw and the pass cards', async ({ page }) => {
  await page.goto('/registration');

  await expect(page.getByRole('heading', { name: 'Choose your pass type' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Registration is open!' })).toBeVisible();
  await expect(page.getByText(/you need an account/)).toBeVisible();

  // docs/behaviour.md §9: one of the three headlines, verbatim, above a bar.
  const availability = page.getByTestId('free-pass-availability');
  await expect(availability).toBeVisible();
  const headline = (await availability.getByRole('heading').textContent())?.trim();
  expect(HEADLINES).toContain(headline);
  await expect(availability.getByRole('progressbar', { name: 'Free Standard Passes claimed' })).toBeVisible();

  // The offer: discount code CF26 and the prize draw for 2 free hotel nights.
  const offer = page.getByRole('region', { name: 'Your free Standard Pass', exact: true });
  await expect(offer).toContainText('CF26');
  await expect(offer).toContainText('2 free hotel nights');

  // Pass cards from GET /api/pass/type/paid and /voucher, with prices in euros ('Free' for 0).
  const standard = page.getByRole('article', { name: 'Standard Pass' });
  await expect(standard).toContainText('Free');
  await expect(page.getByRole('article', { name: 'Business Pass' })).toContainText(/€\d{1,3}(,\d{3})*\.\d{2}/);
  await expect(page.getByRole('button', { name: 'Choose Business Pass' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Host Pass' })).toContainText('Invitation code required');

  // Event name and dates from the configuration; partner banner and footer links.
  await expect(page.getByText('CloudFest 2026').first()).toBeVisible();
  await expect(page.getByText(/March 2026/).first()).toBeVisible();
  await expect(page.getByText('Registration partner')).toBeVisible();
  for (const name of ['Imprint', 'Privacy Policy', 'Terms and Conditions', 'FAQ']) {
    await expect(page.getByRole('navigation', { name: 'Legal' }).getByRole('link', { name })).toBeVisible();
  }
});

test('the countdown ticks while a phase is active', async ({ page }) => {
  // Inside docs/behaviour.md §4's Cyber Week Special (2022-11-29 08:00 – 2022-12-02 23:59:59, Berlin), whatever today is.
  await page.clock.install({ time: new Date('2022-12-01T12:00:00Z') });
  await page.goto('/registration');
  const clock = page.getByTestId('countdown-clock');
  await expect(clock).toBeVisible();
  const first = await clock.textContent();
  await expect.poll(async () => clock.textContent(), { timeout: 5000 }).not.toBe(first);
});

test('an invalid voucher code gets a clear message', async ({ page }) => {
  await page.goto('/registration');
  await page.getByLabel(/Voucher or discount code/).fill('NOT-A-CODE-42');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'NOT-A-CODE-42' })).toContainText(/not valid|can no longer be used/);
  await expect(page).toHaveURL(/\/registration$/);
});

test('the CF26 code selects the free Standard Pass', async ({ page }) => {
  await page.goto('/registration');
  // The side panel's offer hands the code to the pass step, which checks and applies it.
  await page.getByRole('link', { name: 'Use code CF26' }).click();
  await expect(page).toHaveURL(/\?voucher=CF26$/);
  await expect(page.getByRole('status').filter({ hasText: 'selects the Standard Pass' })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Standard Pass' })).toContainText('Your choice');
  await page.getByRole('button', { name: 'Continue with Standard Pass' }).click();
  await expect(page).toHaveURL(/\/registration\/hotel$/);
  await expect(panelSteps(page).getByRole('link', { name: /Pass/ }).first()).toContainText('Standard Pass · CF26');
});

test('a paid pass goes to the hotel step; No hotel goes on to the account step', async ({ page }) => {
  await page.goto('/registration');
  await page.getByRole('button', { name: 'Choose Business Pass' }).click();
  await expect(page).toHaveURL(/\/registration\/hotel$/);
  await expect(page.getByRole('heading', { name: 'Book your hotel room' })).toBeVisible();

  const steps = panelSteps(page);
  await expect(steps.getByRole('link', { name: /Pass/ }).first()).toContainText('Business Pass');
  await expect(steps.getByRole('link', { name: /Hotel/ })).toHaveAttribute('aria-current', 'step');

  await page.getByRole('button', { name: 'No hotel' }).click();
  await expect(page).toHaveURL(/\/registration\/account$/);
  await expect(panelSteps(page).getByRole('link', { name: /Hotel/ })).toContainText('No hotel');
  await expect(panelSteps(page).getByRole('link', { name: /Your Account/ })).toHaveAttribute('aria-current', 'step');

  // The choice survives a reload (persisted registration state).
  await page.reload();
  await expect(page).toHaveURL(/\/registration\/account$/);
  await expect(panelSteps(page).getByRole('link', { name: /Hotel/ })).toContainText('No hotel');
});

test('the hotel step lists hotels with prices and live availability, and a room can be selected', async ({ page }) => {
  await page.goto('/registration');
  await page.getByRole('button', { name: 'Choose Premium Pass' }).click();
  await expect(page).toHaveURL(/\/registration\/hotel$/);
  await expect(page.getByText(/4 nights · 1 guest/)).toBeVisible();

  const hotels = page.getByRole('list', { name: 'Partner hotels' }).getByRole('article');
  await expect(hotels.first()).toBeVisible();
  await expect(hotels.first()).toContainText(/from\s+€\d+\.\d{2}\s+per night/);
  await expect(page.getByText('Shuttle', { exact: true }).first()).toBeVisible();

  // Cheapest first by default; the toggle asks for the dearest first.
  const firstName = await hotels.first().getByRole('heading').textContent();
  await page.getByRole('button', { name: 'Price: high to low' }).click();
  await expect(page.getByRole('button', { name: 'Price: high to low' })).toHaveAttribute('aria-pressed', 'true');
  await expect(hotels.first().getByRole('heading')).not.toHaveText(firstName ?? '');
  await page.getByRole('button', { name: 'Price: low to high' }).click();
  await expect(hotels.first().getByRole('heading')).toHaveText(firstName ?? '');

  const hotel = hotels.first();
  await hotel.getByRole('button', { name: /Show rooms/ }).click();
  const room = hotel
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: 'Select room' }) })
    .first();
  await expect(room).toContainText(/per night/);
  await expect(room).toContainText(/4 nights · total €\d/);
  // docs/behaviour.md §7: the nights' live availability (hidden only when its calls fail).
  await expect(room.getByRole('list', { name: /Availability of/ })).toContainText(/Mon 23 Mar/);
  await room.getByRole('button', { name: 'Select room' }).click();

  await expect(page).toHaveURL(/\/registration\/account$/);
  await expect(panelSteps(page).getByRole('link', { name: /Hotel/ })).toContainText(firstName?.trim() ?? '');
});

test('deeper registration pages without their state land on /registration, keeping the query', async ({ page }) => {
  await page.goto('/registration/checkout');
  await expect(page).toHaveURL(/\/registration$/);
  await expect(page.getByRole('heading', { name: 'Choose your pass type' })).toBeVisible();

  await page.goto('/registration/hotel?utm_source=newsletter');
  await expect(page).toHaveURL(/\/registration\?utm_source=newsletter$/);
  await page.goto('/registration/finish');
  await expect(page).toHaveURL(/\/registration$/);
});

test('a host code that is not whitelisted sends the flow back to /registration with an explanation', async ({ page }) => {
  await page.goto('/registration');
  // The state the Account step leaves after the eligibility check of an address that was not invited.
  await page.evaluate(() => {
    const state = {
      pass: { id: 4, name: 'Host Pass', kind: 'voucher', price: 0, isFree: false },
      voucherCode: { code: 'HOST-EUROPA-2026', codeType: 'host', valid: true },
      hotel: null,
      noHotel: true,
      email: 'guest@company.example',
      isWhitelisted: false,
      isBlacklisted: false,
      eligibilityCheckComplete: true,
      hasFilledOutUserData: false,
      grayListedEmailProvider: false,
      firstName: '',
      lastName: '',
      address: null,
      account: null,
      surveyCompleted: false,
      order: null,
      finished: false,
    };
    localStorage.setItem('registration', JSON.stringify(state));
  });
  await page.goto('/registration/account');
  await expect(page).toHaveURL(/\/registration$/);
  await expect(page.getByRole('alert').filter({ hasText: 'HOST-EUROPA-2026' })).toContainText(
    'only valid for e-mail addresses invited',
  );
  // The code and its pass are dropped.
  await expect(page.getByRole('region', { name: 'Your pass' })).toHaveCount(0);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('registration') ?? '{}'));
  expect(stored.voucherCode).toBeNull();
  expect(stored.pass).toBeNull();
});

test('the side panel is 380px wide on desktops and 480px from 1500px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/registration');
  const panel = page.locator('.registration-layout__panel');
  await expect(panel).toBeVisible();
  expect(Math.round((await panel.boundingBox())?.width ?? 0)).toBe(380);
  await page.setViewportSize({ width: 1600, height: 900 });
  await expect.poll(async () => Math.round((await panel.boundingBox())?.width ?? 0)).toBe(480);
});
