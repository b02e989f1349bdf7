import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers.ts';

// attendee032 and attendee036 (no survey answers, no bookings) are reserved for this file; the
// named demo users are only read here.

async function signInAt(page: Page, email: string, path = '/') {
  await page.goto(path === '/' ? '/sign-in' : `/sign-in?redirect=${encodeURIComponent(path)}`);
  await signIn(page, email);
}

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('dialog');
  await expect(menu).toBeVisible();
  return menu;
}

const MENU_FOOTER = ['Imprint', 'Privacy Policy', 'Code of Conduct', 'Terms and Conditions', 'FAQ'];

test('the menu of an attendee: name, pass badge, profile button, links, footer and logout', async ({ page }) => {
  await signInAt(page, 'attendee@demo.cloudfest.example');
  await expect(page).toHaveURL(/\/$/);

  // Small screens: a 70 px bottom bar (docs/behaviour.md §2, §9) without the Lead Scanner tab.
  const tabs = page.getByRole('navigation', { name: 'Main tabs' });
  await expect(tabs.getByRole('link', { name: 'Lead Scanner' })).toHaveCount(0);
  expect(await tabs.locator('.tab-bar__list').evaluate((list) => list.getBoundingClientRect().height)).toBe(70);

  const menu = await openMenu(page);
  await expect(menu.getByText('Lena Hoffmann')).toBeVisible();
  await expect(menu.locator('.avatar--initials')).toHaveText('LH');
  const badge = menu.getByRole('link', { name: 'Standard Pass' });
  await expect(badge).toHaveAttribute('href', '/pass');
  await expect(menu.getByText('No Pass | Get a pass')).toHaveCount(0);
  for (const name of ['Accommodation', 'Invoices', 'Visa Invitation Letter']) {
    await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await expect(menu.getByRole('link', { name: 'Lead Scanner' })).toHaveCount(0);
  const footer = menu.getByRole('navigation', { name: 'Legal' });
  for (const name of MENU_FOOTER) await expect(footer.getByRole('link', { name })).toBeVisible();

  // 'Edit your profile' leads to /profile and the menu closes on the route change.
  await menu.getByRole('button', { name: 'Edit your profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The badge leads to the pass.
  await (await openMenu(page)).getByRole('link', { name: 'Standard Pass' }).click();
  await expect(page).toHaveURL(/\/pass$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // A footer link to the information page.
  await (await openMenu(page)).getByRole('link', { name: 'Code of Conduct' }).click();
  await expect(page).toHaveURL(/\/information#code-of-conduct$/);
  await expect(page.getByRole('heading', { name: 'Code of Conduct', level: 2 })).toBeVisible();

  // Logout clears the session and goes to /sign-in.
  await (await openMenu(page)).getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fprofile$/);
});

test('the menu of a lead scanner has the Lead Scanner link', async ({ page }) => {
  await signInAt(page, 'vendor@demo.cloudfest.example');
  await expect(page).toHaveURL(/\/$/);
  const menu = await openMenu(page);
  await expect(menu.getByText('Tobias Krüger')).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Partner Pass' })).toHaveAttribute('href', '/pass');
  await expect(menu.getByRole('link', { name: 'Lead Scanner' })).toHaveAttribute('href', '/contacts?currentTab=scan');
  await menu.getByRole('link', { name: 'Lead Scanner' }).click();
  await expect(page).toHaveURL(/\/contacts\?currentTab=scan$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test("a vendor without a pass sees 'No Pass | Get a pass' in the menu", async ({ page }) => {
  await signInAt(page, 'vendor-nopass@demo.cloudfest.example');
  await expect(page).toHaveURL(/\/pass$/);
  const menu = await openMenu(page);
  await expect(menu.getByText('Mia Schneider')).toBeVisible();
  const badge = menu.getByRole('link', { name: 'No Pass | Get a pass', exact: true });
  await expect(badge).toHaveAttribute('href', '/pass');
  await expect(menu.getByRole('link', { name: 'Lead Scanner' })).toHaveCount(0);
});

test('home: greeting, pass, next steps, news and quick links; the countdown only in an active phase', async ({ page }) => {
  // Outside every countdown phase of the seed (Cyber Week 2022, Early Bird Nov–Dec 2026).
  await page.clock.install({ time: new Date('2026-06-01T10:00:00Z') });
  await page.goto('/sign-in');
  await page.context().addCookies([{ name: 'survey', value: 'skip', url: page.url() }]);
  await signIn(page, 'attendee036@demo.cloudfest.example');
  await expect(page).toHaveURL(/\/$/);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Welcome, /);
  await expect(page.getByRole('region', { name: 'Your pass' })).toContainText('Approved');

  const steps = page.getByRole('region', { name: 'Next steps' });
  // Skipped survey, no hotel, no visa letter; the seeded billing address is complete.
  await expect(steps.getByRole('link', { name: 'Answer the survey' })).toHaveAttribute('href', '/survey');
  await expect(steps.getByRole('link', { name: 'Book a hotel' })).toHaveAttribute('href', '/accommodation/book');
  await expect(steps.getByRole('link', { name: 'Request the letter' })).toHaveAttribute('href', '/visa-invitation-letter');
  await expect(steps.getByRole('link', { name: 'Add billing address' })).toHaveCount(0);

  // The three newest announcements; all of them on the information page.
  const news = page.getByRole('region', { name: 'News' });
  await expect(news.getByRole('listitem')).toHaveCount(3);
  await expect(news.getByRole('link', { name: 'All news' })).toHaveAttribute('href', '/information#news');
  const links = page.getByRole('navigation', { name: 'Quick links' });
  for (const name of ['Agenda', 'Floor Plan', 'Site Plan', 'Train Ticket', 'Invoices', 'Information']) {
    await expect(links.getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await expect(page.getByTestId('countdown-clock')).toHaveCount(0);

  // During a phase the countdown shows and ticks.
  await page.clock.setSystemTime(new Date('2026-12-01T10:00:00Z'));
  await page.reload();
  const clock = page.getByTestId('countdown-clock');
  await expect(clock).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Early Bird 2026' })).toBeVisible();
  const first = await clock.textContent();
  await expect.poll(() => clock.textContent(), { timeout: 5000 }).not.toBe(first);

  await page.getByRole('link', { name: 'All news' }).click();
  await expect(page).toHaveURL(/\/information#news$/);
  await expect(page.getByRole('region', { name: 'News' }).getByRole('listitem').nth(3)).toBeVisible();
});

test('the survey redirect round trip: to /survey, answered, back to the page; /survey then goes home', async ({ page }) => {
  await signInAt(page, 'attendee032@demo.cloudfest.example', '/invoices');
  await expect(page).toHaveURL(/\/survey$/);
  const redirect = (await page.context().cookies()).find((cookie) => cookie.name === 'surveyRedirect');
  expect(decodeURIComponent(redirect?.value ?? '')).toBe('/invoices');

  // Six questions; 1 and 5 are required.
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('This question is required.')).toBeVisible();
  await page.getByLabel('DevOps / SRE').check();
  await page.getByRole('button', { name: 'Next' }).click();
  for (let question = 2; question <= 4; question++) {
    await expect(page.getByText(`Question ${question} of 6`)).toBeVisible();
    await page.getByRole('button', { name: 'Next' }).click();
  }
  await expect(page.getByText('Question 5 of 6')).toBeVisible();
  await page.getByLabel('Networking').check();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Question 6 of 6')).toBeVisible();
  await page.getByRole('button', { name: 'Submit' }).click();

  await expect(page).toHaveURL(/\/invoices$/);
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'surveyRedirect')).toBeUndefined();
  // Answered for this edition: no more redirects, and /survey itself sends home.
  await page.goto('/pass');
  await expect(page).toHaveURL(/\/pass$/);
  await page.goto('/survey');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('region', { name: 'Next steps' }).getByRole('link', { name: 'Answer the survey' })).toHaveCount(0);
});
