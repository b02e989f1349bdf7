import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { demo, signIn, skipSurvey } from './helpers.ts';

/*
 * WCAG 2.2 AA with axe-core: every route each kind of user reaches, on a phone (390 × 844)
 * and a desktop (1280 × 900), in the light and the dark theme, with 0 violations of any impact.
 * One sign-in per role and viewport; the pages of a role are visited in one test and every page is
 * checked in both themes in the same visit (the themes are pure CSS, prefers-color-scheme, so
 * switching the emulated scheme repaints the page as it is); every page's violations are collected
 * first, so one run reports all of them.
 *
 * The signed-in roles share most pages (the same components with other data). Each role visits the
 * pages that differ for it; A11Y_ALL_ROUTES=1 visits every route with every role.
 */

// Each role and viewport is its own test: two workers share them.
test.describe.configure({ mode: 'parallel' });

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BEST_PRACTICE_RULES = ['region', 'heading-order'];

const VIEWPORTS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false },
] as const;
const THEMES = ['light', 'dark'] as const;

type Role = 'signed-out' | 'attendee' | 'attendee (agenda)' | 'vendor' | 'staff' | 'organizer';

/** The demo account of each role; the attendee's agenda (360 sessions, the slowest check) is a test of its own. */
const ACCOUNT: Record<Exclude<Role, 'signed-out'>, string> = {
  attendee: demo('attendee'),
  'attendee (agenda)': demo('attendee'),
  vendor: demo('vendor'),
  staff: demo('staff'),
  organizer: demo('organizer'),
};

/** A page to check: its path, and optionally what to do there before the check (open a menu, a step). */
interface Stop {
  path: string;
  /** A label for the report when the path alone does not say what was checked. */
  label?: string;
  prepare?: (page: Page) => Promise<void>;
  /** Further pages found on this one (the organizer console lists its pages in its own navigation). */
  more?: (page: Page) => Promise<string[]>;
}

const SIGNED_IN_COMMON: Stop[] = [
  { path: '/' },
  { path: '/', label: '/ (menu open)', prepare: openMenu },
  { path: '/pass' },
  { path: '/pass/upgrade' },
  { path: '/accommodation' },
  { path: '/accommodation/book' },
  { path: '/floor-plan' },
  { path: '/site-plan' },
  { path: '/invoices' },
  { path: '/profile' },
  { path: '/survey' },
  { path: '/train-ticket' },
  { path: '/visa-invitation-letter' },
  { path: '/information' },
  { path: '/no-such-page', label: '404 (signed in)' },
];

const ALL = process.env.A11Y_ALL_ROUTES === '1';

const STOPS: Record<Role, Stop[]> = {
  'signed-out': [
    { path: '/sign-in' },
    { path: '/sign-in', label: '/sign-in (failed submit)', prepare: submitEmptySignIn },
    { path: '/sign-in/forgotpassword' },
    { path: '/sign-in/changepassword/not-a-real-token' },
    { path: '/sign-up' },
    { path: '/sign-up/success' },
    { path: '/sign-up/confirm/00000000-0000-4000-8000-000000000000' },
    // A well-formed link: the form asking for the chosen password.
    { path: `/sign-up/confirm/00000000-0000-4000-8000-000000000000?token=${'a'.repeat(43)}`, label: '/sign-up/confirm (form)' },
    { path: '/registration' },
    { path: '/registration', label: '/registration/hotel', prepare: toHotelStep },
    { path: '/registration', label: '/registration/account', prepare: toAccountStep },
    { path: '/information' },
    { path: '/no-such-page', label: '404' },
  ],
  attendee: [...SIGNED_IN_COMMON, { path: '/accommodation', label: '/accommodation/{id}', prepare: openFirstBooking }],
  'attendee (agenda)': [{ path: '/agenda' }],
  vendor: ALL
    ? [...SIGNED_IN_COMMON, { path: '/agenda' }, { path: '/contacts' }, { path: '/contacts?currentTab=scan' }]
    : [{ path: '/' }, { path: '/pass' }, { path: '/contacts' }, { path: '/contacts?currentTab=scan' }],
  staff: ALL
    ? [...SIGNED_IN_COMMON, { path: '/agenda' }, { path: '/check-in' }]
    : [{ path: '/' }, { path: '/pass' }, { path: '/check-in' }],
  organizer: [
    ...(ALL ? [...SIGNED_IN_COMMON, { path: '/agenda' }] : [{ path: '/' }]),
    { path: '/organizer', more: organizerPages },
  ],
};

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

async function toHotelStep(page: Page) {
  await page.getByRole('button', { name: 'Choose Standard Pass' }).click();
  await expect(page).toHaveURL(/\/registration\/hotel$/);
}

/** The danger state of the fields: an empty sign-in form submitted. */
async function submitEmptySignIn(page: Page) {
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
}

async function toAccountStep(page: Page) {
  await toHotelStep(page);
  await page.getByRole('button', { name: /no hotel/i }).click();
  await expect(page).toHaveURL(/\/registration\/account$/);
}

async function organizerPages(page: Page): Promise<string[]> {
  const links = page.getByRole('navigation', { name: 'Organizer console' }).getByRole('link');
  const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((href) => href.startsWith('/organizer/')))];
}

async function openFirstBooking(page: Page) {
  const link = page.locator('main a[href^="/accommodation/"]:not([href="/accommodation/book"])').first();
  if ((await link.count()) === 0) throw new Error('the attendee has no booking to open');
  await link.click();
  await expect(page).toHaveURL(/\/accommodation\/\d+/);
}

/**
 * Opens a path: the first with a page load, the others the way the app's own links do (the router
 * follows the history), so each check costs the page and not a reload of the whole app.
 */
async function visit(page: Page, path: string, load: boolean) {
  if (load || new URL(page.url()).pathname === new URL(path, page.url()).pathname) {
    await page.goto(path);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // No wait for the URL here: pushState has set it, and a page that redirects (/survey once answered)
  // may already have moved on. settle() waits for the page itself.
}

/** Waits until the page has settled: its main heading shown, its data loaded, no loading placeholder left. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  // After an in-app navigation the load state is long reached: wait for the route's own requests
  // (no new resource for 400 ms).
  await page.waitForFunction(
    () =>
      new Promise<boolean>((done) => {
        const before = performance.getEntriesByType('resource').length;
        setTimeout(() => done(performance.getEntriesByType('resource').length === before), 400);
      }),
    undefined,
    { polling: 50 },
  );
  await expect(page.locator('main').first()).toBeVisible();
  // Every page has an h1; a page without one still gets checked (and axe's rules say what is missing).
  await page
    .locator('h1')
    .first()
    .waitFor({ timeout: 5_000 })
    .catch(() => undefined);
  await expect(page.locator('[aria-busy="true"]:not(button)')).toHaveCount(0);
  // The context asks for reduced motion (transitions of 0.01 ms); a moment for the last paint.
  await page.waitForTimeout(100);
}

/**
 * Scrolls to where the sticky tab bar takes its own place in the layout: the end of the page on
 * phones (the bar sits at the bottom), the top on large screens (a top bar). Elsewhere the bar
 * floats over content that the user scrolls out from under it, which axe's target-size rule would
 * report as "partially obscured" targets at whatever happens to be under the bar.
 */
async function scrollClearOfTheTabBar(page: Page, toEnd: boolean) {
  await page.evaluate((end) => window.scrollTo(0, end ? document.documentElement.scrollHeight : 0), toEnd);
  await page.waitForTimeout(50);
}

/** The WCAG A/AA rules by tag, plus the best-practice rules switched on by name (an explicit rule beats the tags). */
function axe(page: Page) {
  const rules = Object.fromEntries(BEST_PRACTICE_RULES.map((id) => [id, { enabled: true }]));
  return new AxeBuilder({ page }).options({ runOnly: { type: 'tag', values: TAGS }, rules });
}

interface Finding {
  page: string;
  text: string;
}

function describe(results: Awaited<ReturnType<AxeBuilder['analyze']>>): string[] {
  return results.violations.map((violation) => {
    const nodes = violation.nodes
      .slice(0, 8)
      .map((node) => `      ${node.target.join(' ')}\n        ${(node.failureSummary ?? '').replace(/\n/g, '\n        ')}`)
      .join('\n');
    const more = violation.nodes.length > 8 ? `\n      … and ${violation.nodes.length - 8} more` : '';
    return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length})\n${nodes}${more}`;
  });
}

async function newContext(
  browser: Browser,
  baseURL: string | undefined,
  view: (typeof VIEWPORTS)[number],
): Promise<BrowserContext> {
  return browser.newContext({
    baseURL,
    viewport: view.viewport,
    isMobile: view.isMobile,
    hasTouch: view.hasTouch,
    colorScheme: THEMES[0],
    reducedMotion: 'reduce',
  });
}

for (const view of VIEWPORTS) {
  for (const role of Object.keys(STOPS) as Role[]) {
    test(`axe: ${role}, ${view.name}, ${THEMES.join(' and ')}`, async ({ browser, baseURL }) => {
      // Generous: on a busy 2-core machine axe alone takes over a minute on the agenda.
      test.setTimeout(480_000);
      const context = await newContext(browser, baseURL, view);
      const page = await context.newPage();
      if (role !== 'signed-out') {
        await page.goto('/sign-in');
        await skipSurvey(page);
        await signIn(page, ACCOUNT[role]);
        await expect(page).not.toHaveURL(/\/sign-in/);
      }

      const findings: Finding[] = [];
      const stops = [...STOPS[role]];
      for (let i = 0; i < stops.length; i++) {
        const stop = stops[i] as Stop;
        const label = stop.label ?? stop.path;
        const started = Date.now();
        await visit(page, stop.path, i === 0);
        await settle(page);
        const loaded = Date.now();
        if (stop.prepare) {
          await stop.prepare(page);
          await settle(page);
        }
        if (stop.more) stops.splice(i + 1, 0, ...(await stop.more(page)).map((path) => ({ path })));
        await scrollClearOfTheTabBar(page, view.viewport.width < 992);
        for (const theme of THEMES) {
          await page.emulateMedia({ colorScheme: theme });
          // The context asks for reduced motion (transitions of 0.01 ms); a moment for the repaint.
          await page.waitForTimeout(50);
          const text = describe(await axe(page).analyze());
          if (text.length > 0) findings.push({ page: `${label} (${theme})`, text: text.join('\n') });
        }
        await page.emulateMedia({ colorScheme: THEMES[0] });
        if (process.env.A11Y_TIMING)
          console.log(`${role} ${view.name} ${label}: load ${loaded - started} ms, axe ${Date.now() - loaded} ms`);
      }
      await context.close();

      const report = findings.map((f) => `${f.page} (${role}, ${view.name}):\n${f.text}`).join('\n\n');
      expect(findings.length, `axe violations:\n\n${report}`).toBe(0);
    });
  }
}
