import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { signIn } from './helpers.ts';

/*
 * /floor-plan and /site-plan: vector plans drawn from data, pan and pinch-zoom, the
 * exhibitor search that highlights a booth, room and hotel deep links, and the plans offline.
 * attendee040 and attendee003 are reserved for this file.
 */

const user = (n: string) => `attendee${n}@demo.cloudfest.example`;

interface Exhibitor {
  id: number;
  name: string;
  description: string;
  category: string;
  hall: string;
  booth: string;
  website: string;
}

async function exhibitors(request: APIRequestContext): Promise<Exhibitor[]> {
  const response = await request.get('/api/exhibitors');
  expect(response.status()).toBe(200);
  return (await response.json()) as Exhibitor[];
}

async function open(page: Page, email: string, path: string) {
  // Seeded attendees may not have answered the survey; its redirect is not under test here (docs/behaviour.md §4).
  await page.context().addCookies([{ name: 'survey', value: 'skip', domain: 'localhost', path: '/' }]);
  await page.goto(`/sign-in?redirect=${encodeURIComponent(path)}`);
  await signIn(page, email);
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === path);
}

const viewport = (page: Page) => page.getByRole('application', { name: /plan$/ });
const transformOf = (page: Page) => page.locator('[data-pan-zoom-content]').getAttribute('transform');
const scaleOf = async (page: Page) => Number(await viewport(page).getAttribute('data-scale'));

/** Waits until a running pan/zoom animation has settled, then returns the transform. */
async function settledTransform(page: Page): Promise<string> {
  let last: string | null = null;
  await expect
    .poll(async () => {
      const now = await transformOf(page);
      const settled = now !== null && now === last;
      last = now;
      return settled;
    })
    .toBe(true);
  return last ?? '';
}

/** Two fingers on the touch screen, through the DevTools protocol (real touch → pointer events). */
async function pinch(page: Page, target: Locator, fromGap: number, toGap: number) {
  const box = await target.boundingBox();
  if (!box) throw new Error('viewport not visible');
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const fingers = (gap: number) => [
    { x: cx - gap / 2, y: cy, id: 1 },
    { x: cx + gap / 2, y: cy, id: 2 },
  ];
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(fromGap) });
  const steps = 8;
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: fingers(fromGap + ((toGap - fromGap) * i) / steps),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Where a point of the plan (in plan units) is on the screen now. */
async function onScreen(page: Page, x: number, y: number) {
  const box = await viewport(page).boundingBox();
  const [k, , , , tx, ty] = ((await transformOf(page)) ?? '').match(/-?[\d.]+/g)?.map(Number) ?? [];
  if (!box || k === undefined || tx === undefined || ty === undefined) throw new Error('plan not drawn');
  return { x: box.x + tx + x * k, y: box.y + ty + y * k };
}

/** Two quick taps in the same place. */
async function doubleTap(page: Page, at: { x: number; y: number }) {
  const point = { ...at, id: 1 };
  const cdp = await page.context().newCDPSession(page);
  for (let i = 0; i < 2; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
  await cdp.detach();
}

/** One finger dragged across the plan. */
async function drag(page: Page, target: Locator, dx: number, dy: number) {
  const box = await target.boundingBox();
  if (!box) throw new Error('viewport not visible');
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y, id: 1 }] });
  for (let i = 1; i <= 6; i++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: [{ x: x + (dx * i) / 6, y: y + (dy * i) / 6, id: 1 }],
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('the floor plan draws the halls, rooms and every booth, and the search highlights an exhibitor', async ({
  page,
  request,
}) => {
  const list = await exhibitors(request);
  await open(page, user('040'), '/floor-plan');
  await expect(page.getByRole('heading', { name: 'Floor Plan', level: 1 })).toBeVisible();

  for (const hall of ['Dome', 'Hall A', 'Hall B', 'Hall C', 'Hall D'])
    await expect(page.locator(`[data-hall="${hall}"]`)).toHaveCount(1);
  for (const room of [
    'Dome',
    'Colosseo',
    'Arena',
    'Europa Hall',
    'Teatro',
    'Globe Stage',
    'Silver Star Stage',
    'Workshop 1',
    'Workshop 2',
  ]) {
    await expect(page.locator(`rect[data-room="${room}"]`)).toHaveCount(1);
  }
  await expect(page.locator('rect[data-booth]')).toHaveCount(list.length);
  await expect(page.locator('[data-facility="registration"]')).toHaveCount(1);
  const before = await settledTransform(page);

  // An exhibitor from the middle of Hall C, found by the first word of its name.
  const hallC = list.filter((e) => e.hall === 'Hall C').sort((a, b) => a.booth.localeCompare(b.booth));
  const chosen = hallC[Math.floor(hallC.length / 2)];
  if (!chosen) throw new Error('no exhibitor in Hall C');
  const search = page.getByRole('combobox', { name: 'Find an exhibitor' });
  await search.fill(chosen.name.split(' ').slice(0, 2).join(' '));
  const options = page.getByRole('listbox', { name: 'Matching exhibitors' });
  await options.getByRole('option', { name: new RegExp(`^${chosen.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) }).click();

  await expect(page).toHaveURL(new RegExp(`/floor-plan\\?exhibitor=${chosen.id}$`));
  const booth = page.locator(`#booth-${chosen.booth}`);
  await expect(booth).toHaveAttribute('data-booth', chosen.booth);
  await expect(page.locator(`.plan-booth[data-selected] rect[data-booth="${chosen.booth}"]`)).toHaveCount(1);
  await expect(page.locator('.plan-booth[data-selected]')).toHaveCount(1);
  await expect(page.locator('.plan-highlight__ring')).toHaveCount(1);

  const card = page.getByRole('region', { name: chosen.name });
  await expect(card).toBeVisible();
  await expect(card.getByText(`Booth ${chosen.booth} · Hall C`)).toBeVisible();
  await expect(card.getByText(chosen.category, { exact: true })).toBeVisible();
  await expect(card.getByText(chosen.description)).toBeVisible();
  await expect(card.getByRole('link', { name: /^Visit / })).toHaveAttribute('href', new URL(chosen.website).href);

  // The plan moved to the booth and zoomed in; the booth is on screen.
  const after = await settledTransform(page);
  expect(after).not.toBe(before);
  const boothBox = await booth.boundingBox();
  const mapBox = await viewport(page).boundingBox();
  expect(boothBox && mapBox).toBeTruthy();
  if (boothBox && mapBox) {
    expect(boothBox.x).toBeGreaterThanOrEqual(mapBox.x);
    expect(boothBox.x + boothBox.width).toBeLessThanOrEqual(mapBox.x + mapBox.width);
    expect(boothBox.y).toBeGreaterThanOrEqual(mapBox.y);
    expect(boothBox.y + boothBox.height).toBeLessThanOrEqual(mapBox.y + mapBox.height);
    expect(boothBox.width).toBeGreaterThan(40);
  }

  // Closing the card clears the highlight and the address.
  await card.getByRole('button', { name: 'Close details' }).click();
  await expect(page).toHaveURL(/\/floor-plan$/);
  await expect(page.locator('.plan-booth[data-selected]')).toHaveCount(0);

  // Tapping a booth on the plan selects it too.
  const anchor = list.find((e) => e.booth === 'A01');
  await page.goto('/floor-plan?booth=A01');
  await expect(page.getByRole('region', { name: anchor?.name ?? 'Nordlicht Hosting GmbH' })).toBeVisible();
  await settledTransform(page);
  const other = list.find((e) => e.booth === 'A02') ?? list.find((e) => e.hall === 'Hall A' && e.booth !== 'A01');
  if (!other) throw new Error('no second booth in Hall A');
  await page.locator(`#booth-${other.booth}`).tap();
  await expect(page).toHaveURL(new RegExp(`booth=${other.booth}$`));
  await expect(page.getByRole('region', { name: other.name })).toBeVisible();
});

test('?room= highlights a room, the zoom buttons and a pinch change the view', async ({ page }) => {
  await open(page, user('003'), '/floor-plan?room=Colosseo');
  await expect(page.locator('.plan-room[data-selected] rect[data-room="Colosseo"]')).toHaveCount(1);
  const card = page.getByRole('region', { name: 'Colosseo' });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: 'Sessions in Colosseo' })).toHaveAttribute('href', '/agenda?room=Colosseo');
  await expect(page.getByRole('button', { name: 'Colosseo', pressed: true })).toBeVisible();

  // Another room from the list.
  await page.getByRole('button', { name: 'Workshop 2' }).click();
  await expect(page).toHaveURL(/\?room=Workshop\+2$/);
  await expect(page.locator('.plan-room[data-selected] rect[data-room="Workshop 2"]')).toHaveCount(1);

  // Zoom buttons.
  await page.getByRole('button', { name: 'Reset view' }).click();
  const fitted = await settledTransform(page);
  const fittedScale = await scaleOf(page);
  await expect(page.getByRole('button', { name: 'Zoom out' })).toHaveAttribute('aria-disabled', 'true');
  await page.getByRole('button', { name: 'Zoom in' }).click();
  const zoomed = await settledTransform(page);
  expect(zoomed).not.toBe(fitted);
  expect(await scaleOf(page)).toBeCloseTo(fittedScale * 1.6, 2);
  await page.getByRole('button', { name: 'Zoom out' }).click();
  expect(await settledTransform(page)).toBe(fitted);

  // Keyboard on the focused viewport: + zooms, 0 resets.
  await viewport(page).focus();
  await page.keyboard.press('+');
  await settledTransform(page);
  expect(await scaleOf(page)).toBeGreaterThan(fittedScale * 1.5);
  await page.keyboard.press('0');
  expect(await settledTransform(page)).toBe(fitted);

  // A double tap (on the empty ground west of the Dome) zooms in twice as close; the wheel (or a
  // trackpad) zooms at the cursor.
  await doubleTap(page, await onScreen(page, 100, 150));
  await settledTransform(page);
  expect(await scaleOf(page)).toBeCloseTo(fittedScale * 2, 3);
  const box = await viewport(page).boundingBox();
  if (!box) throw new Error('viewport not visible');
  await page.mouse.move(box.x + box.width / 3, box.y + box.height / 3);
  await page.mouse.wheel(0, 200);
  await expect.poll(() => scaleOf(page)).toBeLessThan(fittedScale * 2);
  await page.getByRole('button', { name: 'Reset view' }).click();
  expect(await settledTransform(page)).toBe(fitted);

  // A two-finger pinch zooms in around its midpoint; one finger then pans.
  await pinch(page, viewport(page), 60, 240);
  const pinched = await settledTransform(page);
  expect(await scaleOf(page)).toBeGreaterThan(fittedScale * 2.5);
  await drag(page, viewport(page), -120, -80);
  expect(await settledTransform(page)).not.toBe(pinched);
  // A pinch inwards cannot make the plan smaller than the whole plan.
  await pinch(page, viewport(page), 300, 20);
  await settledTransform(page);
  expect(await scaleOf(page)).toBeCloseTo(fittedScale, 3);
});

interface ShownLabel {
  kind: string;
  text: string;
  /** Font size on screen. */
  px: number;
  onScreen: boolean;
}

/** Every label the plan shows now (icon letters aside): its size on screen and whether it is in view. */
function shownLabels(page: Page): Promise<ShownLabel[]> {
  return page.evaluate(() => {
    const viewport = document.querySelector<HTMLElement>('[data-pan-zoom]');
    if (!viewport) throw new Error('no plan');
    const box = viewport.getBoundingClientRect();
    const k = Number(viewport.dataset.scale);
    return [...viewport.querySelectorAll('text')]
      .filter((text) => !text.matches('.map-symbol__text, .shuttle-badge__text') && getComputedStyle(text).display !== 'none')
      .map((text) => {
        const rect = text.getBoundingClientRect();
        return {
          kind: text.getAttribute('class') ?? '',
          text: text.textContent ?? '',
          px: Number.parseFloat(getComputedStyle(text).fontSize) * k,
          onScreen: rect.right > box.left && rect.left < box.right && rect.bottom > box.top && rect.top < box.bottom,
        };
      });
  });
}

const smallest = (labels: ShownLabel[]) => Math.min(...labels.map((label) => label.px));
const inView = (labels: ShownLabel[], kind: string) => labels.filter((label) => label.kind === kind && label.onScreen);

test('the plans open at a readable zoom, with booth numbers, and labels show only while readable', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, user('040'), '/floor-plan');
  await expect(page.locator('rect[data-booth]').first()).toBeAttached();
  await settledTransform(page);

  // Opened closer than the whole plan: rooms, halls and booth numbers in view, every label 11 px or more.
  const start = await shownLabels(page);
  expect(smallest(start)).toBeGreaterThanOrEqual(11);
  expect(inView(start, 'plan-booth__code').length).toBeGreaterThanOrEqual(10);
  expect(inView(start, 'plan-room__label').length).toBeGreaterThanOrEqual(1);
  expect(inView(start, 'plan-hall__label').length).toBeGreaterThanOrEqual(1);
  await expect(page.getByRole('button', { name: 'Zoom out' })).toHaveAttribute('aria-disabled', 'false');
  // Each booth carries its number, drawn inside it.
  const a01 = await page.locator('#booth-A01').boundingBox();
  const a01Code = await page.locator('.plan-booth__code', { hasText: /^A01$/ }).boundingBox();
  if (!a01 || !a01Code) throw new Error('booth A01 not drawn');
  expect(a01Code.x).toBeGreaterThanOrEqual(a01.x);
  expect(a01Code.x + a01Code.width).toBeLessThanOrEqual(a01.x + a01.width);

  // Labels scale with the zoom.
  const scale = await scaleOf(page);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await settledTransform(page);
  const boothPx = (labels: ShownLabel[]) => Math.max(...inView(labels, 'plan-booth__code').map((label) => label.px));
  expect(boothPx(await shownLabels(page))).toBeCloseTo(boothPx(start) * 1.6, 0);
  expect(await scaleOf(page)).toBeCloseTo(scale * 1.6, 2);

  // The whole plan: what would be unreadable is not shown; the hall names stay at a readable size.
  await page.getByRole('button', { name: 'Reset view' }).click();
  await settledTransform(page);
  const whole = await shownLabels(page);
  expect(await scaleOf(page)).toBeLessThan(scale);
  expect(whole.filter((label) => label.kind === 'plan-booth__code')).toHaveLength(0);
  expect(whole.filter((label) => label.kind === 'plan-room__label')).toHaveLength(0);
  expect(
    whole
      .filter((label) => label.kind === 'plan-hall__label')
      .map((label) => label.text)
      .sort(),
  ).toEqual(['Dome', 'Hall A', 'Hall B', 'Hall C', 'Hall D']);
  expect(smallest(whole)).toBeGreaterThanOrEqual(11);

  // The site plan opens readable too: hotel names of 11 px or more in view.
  await page.goto('/site-plan');
  await expect(page.getByRole('heading', { name: 'Site Plan', level: 1 })).toBeVisible();
  await settledTransform(page);
  const site = await shownLabels(page);
  expect(smallest(site)).toBeGreaterThanOrEqual(11);
  expect(inView(site, 'site-hotel__label').length).toBeGreaterThanOrEqual(1);
  await page.getByRole('button', { name: 'Reset view' }).click();
  await settledTransform(page);
  const siteWhole = await shownLabels(page);
  expect(siteWhole.filter((label) => label.kind === 'site-hotel__label')).toHaveLength(0);
  if (siteWhole.length > 0) expect(smallest(siteWhole)).toBeGreaterThanOrEqual(11);
});

test.describe('without the service worker', () => {
  // page.route cannot see requests a service worker answers; this case is about the page alone.
  test.use({ serviceWorkers: 'block' });

  test('without the exhibitor list the halls and rooms still show, with a clear message', async ({ page }) => {
    await page.route('**/api/exhibitors', (route) => route.abort('internetdisconnected'));
    await open(page, user('003'), '/floor-plan?booth=A01');
    await expect(page.getByRole('alert').filter({ hasText: 'The exhibitor list could not be loaded' })).toBeVisible();
    await expect(page.locator('[data-hall="Hall A"]')).toHaveCount(1);
    await expect(page.locator('rect[data-room="Arena"]')).toHaveCount(1);
    await expect(page.locator('rect[data-booth]')).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Find an exhibitor' })).toBeDisabled();

    await page.unroute('**/api/exhibitors');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('region', { name: 'Nordlicht Hosting GmbH' })).toBeVisible();
    await expect(page.locator('.plan-booth[data-selected] rect[data-booth="A01"]')).toHaveCount(1);
  });
});

test('the site plan shows the hotels with shuttle markers, and ?hotel= highlights one', async ({ page }) => {
  await open(page, user('040'), '/site-plan?hotel=Colosseo');
  await expect(page.getByRole('heading', { name: 'Site Plan', level: 1 })).toBeVisible();
  const hotels = [
    'Hotel Colosseo',
    'Hotel Bell Rock',
    'Hotel Santa Isabel',
    'Hotel Krønasår',
    'Hotel Ringsheimer Hof',
    'Landhotel Herbolzheim',
    'Hotel am Stadtpark Lahr',
    'Hotel Schwarzwaldblick Freiburg',
  ];
  for (const hotel of hotels) await expect(page.locator(`[data-hotel="${hotel}"]`)).toHaveCount(1);
  // Shuttle hotels (badges 28, 30, 31) carry the bus marker with their line; the others do not.
  await expect(page.locator('[data-hotel="Hotel Krønasår"] [data-shuttle="1"]')).toHaveCount(1);
  await expect(page.locator('[data-hotel="Landhotel Herbolzheim"] [data-shuttle="2"]')).toHaveCount(1);
  await expect(page.locator('[data-hotel="Hotel am Stadtpark Lahr"] [data-shuttle="3"]')).toHaveCount(1);
  await expect(page.locator('[data-hotel="Hotel Colosseo"] [data-shuttle]')).toHaveCount(0);
  await expect(viewport(page).locator('[data-shuttle]')).toHaveCount(4);
  for (const point of ['station', 'shuttle-hub', 'parking-conference', 'conference-entrance', 'registration']) {
    await expect(page.locator(`[data-point="${point}"]`)).toHaveCount(1);
  }

  await expect(page.locator('.site-hotel[data-selected]')).toHaveAttribute('data-hotel', 'Hotel Colosseo');
  const card = page.getByRole('region', { name: 'Hotel Colosseo' });
  await expect(card.getByText('Europa-Park-Straße 2, 77977 Rust')).toBeVisible();
  await expect(card.getByText('4-star hotel · 350 m to the venue')).toBeVisible();

  // Tapping a hotel on the plan shows its card with the shuttle line.
  await page.getByRole('button', { name: 'Reset view' }).click();
  await settledTransform(page);
  await page.locator('[data-hotel="Hotel Krønasår"] circle').tap();
  await expect(page).toHaveURL(/\?hotel=Hotel\+Kr%C3%B8nas%C3%A5r$/);
  const shuttleCard = page.getByRole('region', { name: 'Hotel Krønasår' });
  await expect(shuttleCard.getByText(/^Shuttle 1/)).toBeVisible();
  await expect(shuttleCard.getByRole('link', { name: 'Book a room' })).toHaveAttribute('href', '/accommodation/book');

  // The train station from the list.
  await page.getByRole('button', { name: 'Ringsheim/Europa-Park station' }).click();
  await expect(
    page.getByRole('region', { name: 'Ringsheim/Europa-Park station' }).getByText(/train-station shuttle/),
  ).toBeVisible();
});

test('after one online visit the floor plan shows every booth offline', async ({ page, context, request }) => {
  const list = await exhibitors(request);
  await open(page, user('040'), '/floor-plan');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // Once controlled, the worker's own copy of the list is made on this visit.
  await page.reload();
  await expect(page.locator('rect[data-booth]')).toHaveCount(list.length);

  await context.setOffline(true);
  try {
    await page.goto('/floor-plan?booth=A01');
    await expect(page.getByRole('heading', { name: 'Floor Plan', level: 1 })).toBeVisible();
    await expect(page.locator('rect[data-booth]')).toHaveCount(list.length);
    await expect(page.getByRole('region', { name: 'Nordlicht Hosting GmbH' })).toBeVisible();
    await page.goto('/site-plan?hotel=Bell Rock');
    await expect(page.getByRole('region', { name: 'Hotel Bell Rock' })).toBeVisible();
  } finally {
    await context.setOffline(false);
  }
});
