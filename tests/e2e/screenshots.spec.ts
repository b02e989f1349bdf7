import { expect, type Page, test } from '@playwright/test';
import { demo, signIn, skipSurvey } from './helpers.ts';

/*
 * The main phone screens at 390 px in the light and the dark theme, compared with the
 * approved pictures in screenshots.spec.ts-snapshots/ (update them with --update-snapshots after a
 * deliberate change). The clock is fixed, so countdowns and "now" do not move; what differs per
 * run (the pass's signed QR code: each server signs with its own key; avatars) is masked. Tolerant of font rendering noise.
 */

test.use({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true });

/** The day before the conference: the countdown shows, nothing is "now". */
const FIXED_TIME = new Date('2026-03-23T09:00:00+01:00');

async function signInAs(page: Page, who: string) {
  await page.goto('/sign-in');
  await skipSurvey(page);
  await signIn(page, demo(who));
  await expect(page).not.toHaveURL(/sign-in/);
}

async function expectScreen(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  await expect(page).toHaveScreenshot(name, {
    fullPage: false,
    animations: 'disabled',
    caret: 'hide',
    maxDiffPixelRatio: 0.02,
    mask: [page.locator('canvas, .pass-qr, .avatar img, [data-testid="countdown-clock"]')],
  });
}

for (const theme of ['light', 'dark'] as const) {
  test.describe(`${theme} theme`, () => {
    test.use({ colorScheme: theme });

    test(`registration at 390 px, ${theme}`, async ({ page }) => {
      await page.clock.setFixedTime(FIXED_TIME);
      await page.goto('/registration');
      await expect(page.locator('h1').first()).toBeVisible();
      await expectScreen(page, `registration-${theme}.png`);
    });

    test(`home, pass, agenda and floor plan of an attendee at 390 px, ${theme}`, async ({ page }) => {
      await page.clock.setFixedTime(FIXED_TIME);
      await signInAs(page, 'attendee');
      for (const [path, name] of [
        ['/', 'home'],
        ['/pass', 'pass'],
        ['/agenda', 'agenda'],
        ['/floor-plan', 'floor-plan'],
      ] as const) {
        await page.goto(path);
        await expect(page.locator('h1').first()).toBeVisible();
        await expectScreen(page, `${name}-${theme}.png`);
      }
    });

    test(`the lead scanner's scan tab at 390 px, ${theme}`, async ({ page }) => {
      await page.clock.setFixedTime(FIXED_TIME);
      await signInAs(page, 'vendor');
      await page.goto('/contacts?currentTab=scan');
      await expect(page.locator('h1').first()).toBeVisible();
      await expectScreen(page, `contacts-scan-${theme}.png`);
    });
  });
}
