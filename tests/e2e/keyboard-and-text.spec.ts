import { expect, type Locator, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, demo, mailedLink, STRONG_PASSWORD, signIn, skipSurvey, uniqueEmail } from './helpers.ts';

/*
 * The app for people who use a keyboard, a screen reader or large text. Focus lands on
 * each new page's heading after a link, a sign-in and every registration step; a failed submit
 * focuses the first invalid field; with the text size doubled no signed-in page scrolls sideways
 * and the tab bar's labels stay whole.
 */

/** Presses Tab until `target` has focus (at most `max` times), as a keyboard user would. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

async function typeInto(page: Page, field: Locator, text: string) {
  await tabTo(page, field);
  await page.keyboard.type(text);
}

/** The new page's main heading has focus. */
async function expectHeadingFocused(page: Page, name: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name })).toBeFocused();
}

test('keyboard only: sign in, then every link lands on the new page heading', async ({ page }) => {
  await page.goto('/sign-in');
  await typeInto(page, page.getByLabel('E-mail address'), demo('attendee'));
  await typeInto(page, page.getByLabel('Password', { exact: true }), DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('main h1')).toBeFocused();

  await tabTo(page, page.getByRole('navigation', { name: 'Main tabs' }).getByRole('link', { name: 'Pass' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pass$/);
  await expect(page.locator('main h1')).toBeFocused();
});

test('keyboard only: the whole registration, focus on each step heading and on the first invalid field', async ({ page }) => {
  await page.goto('/registration');
  await tabTo(page, page.getByRole('button', { name: 'Choose Standard Pass' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/registration\/hotel$/);
  await expect(page.locator('main h1')).toBeFocused();

  await tabTo(page, page.getByRole('button', { name: /no hotel/i }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/registration\/account$/);
  await expect(page.locator('main h1')).toBeFocused();

  // Submitting the empty form: focus goes to the first field that needs an answer.
  await tabTo(page, page.getByRole('button', { name: 'Create account and continue' }));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('E-mail address')).toBeFocused();

  const email = uniqueEmail('keyboard');
  await page.keyboard.type(email);
  await typeInto(page, page.getByLabel('Password', { exact: true }), STRONG_PASSWORD);
  await typeInto(page, page.getByLabel('Repeat password'), STRONG_PASSWORD);
  await typeInto(page, page.getByLabel('First name'), 'Kim');
  await typeInto(page, page.getByLabel('Last name'), 'Keyboard');
  await typeInto(page, page.getByLabel('Street and house number'), 'Europa-Park-Straße 2');
  await typeInto(page, page.getByLabel('Postcode'), '77977');
  await typeInto(page, page.getByLabel('City'), 'Rust');
  const country = page.getByLabel('Country');
  await tabTo(page, country);
  await page.keyboard.type('Germany');
  await expect(country.locator('option:checked')).toHaveText('Germany');
  await tabTo(page, page.getByRole('checkbox', { name: /terms and conditions/ }));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Create account and continue' }));
  await page.keyboard.press('Enter');
  // Confirm first: the mailed link asks for the chosen password, then the survey follows.
  await expect(page.getByText(/Follow the link in it to confirm your address and continue your registration/)).toBeVisible();
  await page.goto(await mailedLink(page.request, email));
  await typeInto(page, page.getByLabel('Your chosen password'), STRONG_PASSWORD);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/registration\/survey$/);
  await expect(page.locator('main h1')).toBeFocused();

  // Radio groups take one Tab stop; the arrow keys move within them.
  const role = page.getByRole('radio', { name: 'Developer / Engineer' });
  await tabTo(page, page.getByRole('radio').first());
  for (let i = 0; i < 20 && !(await role.isChecked()); i++) await page.keyboard.press('ArrowDown');
  await expect(role).toBeChecked();
  await tabTo(page, page.getByRole('checkbox', { name: 'Networking' }));
  await page.keyboard.press('Space');
  await tabTo(page, page.getByRole('button', { name: 'Save answers and continue' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/registration\/checkout$/);
  await expect(page.locator('main h1')).toBeFocused();

  await tabTo(page, page.getByRole('button', { name: 'Complete registration' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/registration\/finish$/);
  await expectHeadingFocused(page, 'Thank you for registering!');
});

/** Pages each kind of user reaches, signed in. */
const PAGES: Record<string, string[]> = {
  attendee: [
    '/',
    '/pass',
    '/pass/upgrade',
    '/accommodation',
    '/accommodation/book',
    '/agenda',
    '/floor-plan',
    '/site-plan',
    '/invoices',
    '/profile',
    '/train-ticket',
    '/visa-invitation-letter',
    '/information',
  ],
  vendor: ['/contacts', '/contacts?currentTab=scan'],
  staff: ['/check-in'],
  organizer: [
    '/organizer',
    '/organizer/approvals',
    '/organizer/attendees',
    '/organizer/checkin-lists',
    '/organizer/devices',
    '/organizer/vouchers',
    '/organizer/badges',
    '/organizer/content',
    '/organizer/exports',
    '/organizer/team',
    '/organizer/audit',
  ],
};

/** Each kind of user on a common phone with 200 % text; the attendee's pages also on the narrowest phone (320 px). */
const CASES = [
  ...Object.entries(PAGES).map(([who, paths]) => ({ who, paths, width: 390, text: 200 })),
  { who: 'attendee', paths: PAGES.attendee ?? [], width: 320, text: 100 },
];

for (const { who, paths, width, text } of CASES) {
  test(`${text} % text at ${width} px: no sideways scroll and whole tab labels for the ${who}`, async ({ browser }) => {
    const context = await browser.newContext({
      viewport: { width, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    // The browser's text-size setting: the root font size doubled before the app draws.
    await context.addInitScript((percent) => {
      document.addEventListener('DOMContentLoaded', () => {
        document.documentElement.style.fontSize = `${percent}%`;
      });
    }, text);
    const page = await context.newPage();
    await page.goto('/sign-in');
    await skipSurvey(page);
    await signIn(page, demo(who));
    await expect(page).not.toHaveURL(/sign-in/);
    const problems: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      await expect(page.locator('h1').first()).toBeVisible();
      // Lazy content (news, lists) settles first.
      await page.waitForLoadState('networkidle');
      const measured = await page.evaluate(() => {
        const root = document.documentElement;
        const clipped = [...document.querySelectorAll<HTMLElement>('.tab-bar__label')]
          .filter((label) => {
            const box = label.getBoundingClientRect();
            const link = (label.closest('a, button') as HTMLElement).getBoundingClientRect();
            return (
              label.scrollWidth > label.clientWidth + 1 ||
              box.left < link.left - 1 ||
              box.right > link.right + 1 ||
              box.right > window.innerWidth + 1 ||
              box.left < -1
            );
          })
          .map((label) => label.textContent);
        const wide = [...document.querySelectorAll<HTMLElement>('body *')]
          .filter((element) => element.getBoundingClientRect().right > root.clientWidth + 1)
          .slice(0, 5)
          .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
        return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, clipped, wide };
      });
      if (measured.scrollWidth > measured.clientWidth) {
        problems.push(`${path}: ${measured.scrollWidth} px wide in ${measured.clientWidth} (${measured.wide.join(', ')})`);
      }
      if (measured.clipped.length > 0) problems.push(`${path}: tab labels clipped: ${measured.clipped.join(', ')}`);
    }
    expect(problems).toEqual([]);
    await context.close();
  });
}
