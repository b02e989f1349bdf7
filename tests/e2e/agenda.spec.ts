import { readFileSync } from 'node:fs';
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers.ts';

/*
 * /agenda: the programme by day with search and filters, favourites kept on the device
 * and synced through the outbox (also when made offline), the personal agenda with overlap hints,
 * the live now/next view and the ICS exports. attendee005 to attendee008 are reserved for this file.
 */

const user = (n: string) => `attendee${n}@demo.cloudfest.example`;

interface Session {
  id: number;
  title: string;
  abstract: string;
  startsAt: string;
  endsAt: string;
  room: string;
  track: string;
  speakers: { name: string; company: string; title: string }[];
}

const berlinDay = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date(iso));

async function programme(request: APIRequestContext): Promise<Session[]> {
  const response = await request.get('/api/agenda');
  expect(response.status()).toBe(200);
  return (await response.json()) as Session[];
}

/** What the page's search should find: every word somewhere in title, abstract, speakers, room or track. */
function searchMatches(session: Session, query: string): boolean {
  const text = [
    session.title,
    session.abstract,
    ...session.speakers.flatMap((s) => [s.name, s.company]),
    session.room,
    session.track,
  ]
    .join('\n')
    .toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .every((word) => text.includes(word));
}

async function surveySkipped(context: BrowserContext) {
  // Seeded attendees may not have answered the survey; its redirect is not under test here (docs/behaviour.md §4).
  await context.addCookies([{ name: 'survey', value: 'skip', domain: 'localhost', path: '/' }]);
}

async function openAgenda(page: Page, email: string) {
  await surveySkipped(page.context());
  await page.goto('/sign-in?redirect=%2Fagenda');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/agenda$/);
  await expect(page.getByRole('heading', { name: 'Agenda', level: 1 })).toBeVisible();
  await expect(page.locator('.agenda-session').first()).toBeAttached();
}

async function serverFavourites(request: APIRequestContext, token: string): Promise<number[]> {
  const response = await request.get('/api/agenda/favourites', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { sessionIds: number[] }).sessionIds;
}

const token = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');
const sessions = (page: Page) => page.locator('.agenda-session');
const star = (page: Page, title: string) => page.getByRole('button', { name: `Save to my agenda: ${title}`, exact: true });

async function downloadText(page: Page, button: string): Promise<{ name: string; text: string }> {
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  return { name: download.suggestedFilename(), text: readFileSync(await download.path(), 'utf8') };
}

test('browse the days, search narrows the list, filter by track and open the details', async ({ page, request }) => {
  const all = await programme(request);
  const days = [...new Set(all.map((s) => berlinDay(s.startsAt)))].sort();
  expect(days).toEqual(['2026-03-24', '2026-03-25', '2026-03-26']);
  const onDay = (day: string) => all.filter((s) => berlinDay(s.startsAt) === day);

  await openAgenda(page, user('005'));
  const tabs = page.getByRole('tab');
  await expect(tabs).toHaveCount(3);
  await expect(page.getByRole('tab', { name: /^Tue 24 Mar/ })).toHaveAttribute('aria-selected', 'true');
  await expect(sessions(page)).toHaveCount(onDay('2026-03-24').length);
  await expect(page.getByRole('status').filter({ hasText: 'on Tuesday 24 March' })).toHaveText(
    `${onDay('2026-03-24').length} sessions on Tuesday 24 March`,
  );
  const opening = page.getByRole('article', { name: 'Opening Keynote: Building the Sovereign Cloud Continent' });
  await expect(opening).toContainText('09:00–09:45');
  await expect(opening.getByRole('link', { name: /^Dome/ })).toHaveAttribute('href', '/floor-plan?room=Dome');
  await expect(opening).toContainText('Katharina Vogel, CloudFest');

  // The abstract opens on demand.
  const abstract = opening.getByText(/Europe’s hosting industry has never had more customers/);
  await expect(abstract).toBeHidden();
  await opening.getByText('About this session').click();
  await expect(abstract).toBeVisible();

  await page.getByRole('tab', { name: /^Wed 25 Mar/ }).click();
  await expect(page.getByRole('tab', { name: /^Wed 25 Mar/ })).toHaveAttribute('aria-selected', 'true');
  await expect(sessions(page)).toHaveCount(onDay('2026-03-25').length);
  await expect(page.getByRole('article', { name: 'Keynote: The Internet Runs on Hosting' })).toBeAttached();
  // Arrow keys move between days (tabs pattern).
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: /^Thu 26 Mar/ })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: /^Thu 26 Mar/ })).toBeFocused();

  // Search: instant, across title, abstract, speakers, companies, rooms and tracks; the tabs count per day.
  await page.getByRole('tab', { name: /^Tue 24 Mar/ }).click();
  const search = page.getByRole('searchbox', { name: 'Search sessions' });
  await search.fill('kubernetes');
  const kubernetes = onDay('2026-03-24').filter((s) => searchMatches(s, 'kubernetes'));
  expect(kubernetes.length).toBeGreaterThan(0);
  expect(kubernetes.length).toBeLessThan(onDay('2026-03-24').length);
  await expect(sessions(page)).toHaveCount(kubernetes.length);
  await expect(page.getByRole('status').filter({ hasText: 'match' })).toHaveText(
    `${kubernetes.length} ${kubernetes.length === 1 ? 'session' : 'sessions'} match “kubernetes” on Tuesday 24 March`,
  );
  const onWednesday = onDay('2026-03-25').filter((s) => searchMatches(s, 'kubernetes')).length;
  await expect(page.getByRole('tab', { name: /^Wed 25 Mar/ })).toContainText(String(onWednesday));

  const speaker = onDay('2026-03-24')[5]?.speakers[0]?.name ?? '';
  await search.fill(speaker);
  await expect(sessions(page)).toHaveCount(onDay('2026-03-24').filter((s) => searchMatches(s, speaker)).length);

  await search.fill('no session is called this');
  await expect(sessions(page)).toHaveCount(0);
  await expect(page.getByText('No sessions on Tuesday 24 March match your search.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search and filters' }).first().click();
  await expect(search).toHaveValue('');
  await expect(sessions(page)).toHaveCount(onDay('2026-03-24').length);

  // Track filter: only that track's sessions, each with its chip.
  await page.getByLabel('Track').selectOption('Security');
  const security = onDay('2026-03-24').filter((s) => s.track === 'Security');
  await expect(sessions(page)).toHaveCount(security.length);
  await expect(page.locator('.agenda-session .agenda-track')).toHaveText(security.map(() => 'Track: Security'));
  // Room filter on top of it.
  await page.getByLabel('Room').selectOption('Teatro');
  await expect(sessions(page)).toHaveCount(security.filter((s) => s.room === 'Teatro').length);
  await page.getByRole('button', { name: 'Clear search and filters' }).click();
  await expect(sessions(page)).toHaveCount(onDay('2026-03-24').length);

  // The full schedule as a calendar file, made on the device.
  const full = await downloadText(page, 'Download full schedule');
  expect(full.name).toBe('cloudfest-2026-schedule.ics');
  expect(full.text.match(/^BEGIN:VEVENT\r$/gm)).toHaveLength(all.length);
  expect(full.text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
});

test('three favourites make my agenda, with overlap hints, kept after a reload and exported as ICS', async ({
  page,
  request,
}) => {
  const all = await programme(request);
  const firstDay = all.filter((s) => berlinDay(s.startsAt) === '2026-03-24');
  // Two sessions at 09:00 on the first day (they overlap) and the second day's keynote.
  const [keynote, parallel] = firstDay
    .filter((s) => s.startsAt === firstDay[0]?.startsAt)
    .sort((a, b) => (a.room === 'Dome' ? -1 : b.room === 'Dome' ? 1 : 0));
  const second = all.find((s) => s.title === 'Keynote: The Internet Runs on Hosting');
  if (!keynote || !parallel || !second) throw new Error('seed changed: expected two sessions at 09:00 and the day-2 keynote');
  const picks = [keynote, parallel, second];

  await openAgenda(page, user('006'));
  await expect(page.getByRole('button', { name: 'Export my agenda' })).toBeDisabled();
  for (const pick of [keynote, parallel]) {
    await star(page, pick.title).click();
    await expect(star(page, pick.title)).toHaveAttribute('aria-pressed', 'true');
  }
  await page.getByRole('tab', { name: /^Wed 25 Mar/ }).click();
  await star(page, second.title).click();
  await expect(star(page, second.title)).toHaveAttribute('aria-pressed', 'true');

  await page.getByRole('button', { name: 'My agenda (3)' }).click();
  await expect(sessions(page)).toHaveCount(3);
  await expect(page.getByRole('heading', { name: 'Tuesday 24 March', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Wednesday 25 March', level: 2 })).toBeVisible();
  const keynoteCard = page.getByRole('article', { name: keynote.title });
  await expect(keynoteCard).toContainText(`Overlaps with “${parallel.title}”`);
  await expect(page.getByRole('article', { name: parallel.title })).toContainText(`Overlaps with “${keynote.title}”`);
  await expect(page.getByRole('article', { name: second.title })).not.toContainText('Overlaps with');

  // Uploaded by the sync engine.
  const bearer = await token(page);
  await expect.poll(async () => (await serverFavourites(request, bearer)).sort()).toEqual(picks.map((p) => p.id).sort());

  await page.reload();
  await expect(page.getByRole('button', { name: 'My agenda (3)' })).toHaveAttribute('aria-pressed', 'true');
  await expect(sessions(page)).toHaveCount(3);

  // Unstarring in my agenda removes it from the list at once.
  await star(page, parallel.title).click();
  await expect(sessions(page)).toHaveCount(2);
  await expect(keynoteCard).not.toContainText('Overlaps with');
  await expect.poll(async () => (await serverFavourites(request, bearer)).sort()).toEqual([keynote.id, second.id].sort());

  const mine = await downloadText(page, 'Export my agenda');
  expect(mine.name).toBe('cloudfest-2026-my-agenda.ics');
  expect(mine.text.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:')).toBe(true);
  expect(mine.text.match(/^BEGIN:VEVENT\r$/gm)).toHaveLength(2);
  expect(mine.text).toContain(`UID:session-${keynote.id}@cloudfest2026\r\n`);
  expect(mine.text).toContain(`UID:session-${second.id}@cloudfest2026\r\n`);
  expect(mine.text).toContain('LOCATION:Dome\\, Europa-Park\r\n');
  expect(mine.text).toMatch(/DTSTART:20260324T080000Z\r\n/);
});

test('a favourite made offline shows at once, reaches the server exactly once and follows the user', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  const all = await programme(request);
  const target = all.find((s) => berlinDay(s.startsAt) === '2026-03-24' && s.room === 'Arena');
  if (!target) throw new Error('seed changed: no Arena session on the first day');

  await openAgenda(page, user('007'));
  // The service worker must control the page (and have cached the agenda) before the network goes.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.reload();
  await expect(sessions(page).first()).toBeAttached();
  const bearer = await token(page);
  expect(await serverFavourites(request, bearer)).not.toContain(target.id);

  await page.context().setOffline(true);
  await star(page, target.title).click();
  await expect(star(page, target.title)).toHaveAttribute('aria-pressed', 'true');
  const card = page.getByRole('article', { name: target.title });
  await expect(card).toContainText('Saved on this device, not yet synced');
  await expect(page.getByText(/1 change waiting to sync/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'My agenda (1)' })).toBeVisible();

  // Offline reload: the agenda comes from the service worker's cache, the favourite from the device.
  await page.reload();
  await expect(star(page, target.title)).toHaveAttribute('aria-pressed', 'true');
  expect(await serverFavourites(request, bearer)).not.toContain(target.id);

  await page.context().setOffline(false);
  await expect(card).not.toContainText('not yet synced');
  await expect.poll(async () => (await serverFavourites(request, bearer)).filter((id) => id === target.id)).toEqual([target.id]);
  expect(await serverFavourites(request, bearer)).toEqual([target.id]);

  // Another browser signed in as the same user sees it.
  const other = await browser.newContext({ baseURL });
  try {
    const second = await other.newPage();
    await openAgenda(second, user('007'));
    await expect(star(second, target.title)).toHaveAttribute('aria-pressed', 'true');
    await second.getByRole('button', { name: 'My agenda (1)' }).click();
    await expect(sessions(second)).toHaveCount(1);

    // And a change there comes back to the first device when it pulls again (here: on reload).
    await star(second, target.title).click();
    await expect.poll(async () => serverFavourites(request, bearer)).toEqual([]);
  } finally {
    await other.close();
  }
  await page.reload();
  await expect(page.getByRole('button', { name: 'My agenda (0)' })).toBeVisible();
  await expect(star(page, target.title)).toHaveAttribute('aria-pressed', 'false');
});

test('during the event the live view shows what runs now and what comes next', async ({ page, request }) => {
  await surveySkipped(page.context());
  await page.goto('/sign-in?redirect=%2Fagenda');
  await signIn(page, user('008'));
  await expect(page).toHaveURL(/\/agenda$/);
  // Outside the event days there is no live view, and nothing to jump to.
  await expect(page.getByRole('button', { name: 'Now', exact: true })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'All sessions' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Jump to now' })).toHaveCount(0);

  // Wednesday 25 March, 10:05 in Berlin (CET).
  await page.clock.setFixedTime(new Date('2026-03-25T10:05:00+01:00'));
  await page.evaluate(() => sessionStorage.clear());
  await page.reload();
  await expect(page.getByRole('button', { name: 'Now', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: 'Happening now' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Up next' })).toBeVisible();

  const all = await programme(request);
  const now = Date.parse('2026-03-25T10:05:00+01:00');
  const running = all.filter((s) => Date.parse(s.startsAt) <= now && now < Date.parse(s.endsAt));
  expect(running.length).toBeGreaterThan(0);
  const nowList = page
    .locator('section', { has: page.getByRole('heading', { name: 'Happening now' }) })
    .locator('.agenda-session');
  await expect(nowList).toHaveCount(running.length);
  for (const session of running) await expect(nowList.filter({ hasText: session.title })).toContainText('Now');
  const nextList = page.locator('section', { has: page.getByRole('heading', { name: 'Up next' }) }).locator('.agenda-session');
  const rooms = new Set(
    all.filter((s) => berlinDay(s.startsAt) === '2026-03-25' && Date.parse(s.startsAt) > now).map((s) => s.room),
  );
  await expect(nextList).toHaveCount(rooms.size);

  // The other views stay one tap away; the day tab opens on today.
  await page.getByRole('button', { name: 'All sessions' }).click();
  await expect(page.getByRole('tab', { name: /^Wed 25 Mar/ })).toHaveAttribute('aria-selected', 'true');

  // "Jump to now", from another day and from the live view: today's list, scrolled to the
  // current time slot (the latest that started while one of its sessions runs, else the next), its heading focused.
  const today = all.filter((s) => berlinDay(s.startsAt) === '2026-03-25');
  const starts = [...new Set(today.map((s) => Date.parse(s.startsAt)))].sort((a, b) => a - b);
  const started = starts.filter((t) => t <= now).at(-1);
  const stillRunning = today.some((s) => Date.parse(s.startsAt) === started && now < Date.parse(s.endsAt));
  const expected = stillRunning ? started : (starts.find((t) => t > now) ?? started);
  if (expected === undefined) throw new Error('seed changed: no sessions on 25 March');
  const slotTime = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Berlin',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(expected);
  expect(slotTime).not.toBe('09:00');

  for (const from of ['Thu 26 Mar', 'Now']) {
    if (from === 'Now') await page.getByRole('button', { name: 'Now', exact: true }).click();
    else await page.getByRole('tab', { name: new RegExp(`^${from}`) }).click();
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('button', { name: 'Jump to now' }).click();
    await expect(page.getByRole('button', { name: 'All sessions' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByRole('tab', { name: /^Wed 25 Mar/ })).toHaveAttribute('aria-selected', 'true');
    const heading = page.getByRole('heading', { name: slotTime, level: 2, exact: true });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
    // Scrolled to the slot: its heading at the top of the screen, its sessions right below.
    await expect.poll(async () => Math.round((await heading.boundingBox())?.y ?? -1)).toBe(0);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  }
});

test('compact rows: a day at 390 px is a fraction of its old height, and the time headings stick', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAgenda(page, user('005'));
  const panel = page.locator('#agenda-day-panel');
  const rows = await sessions(page).count();
  expect(rows).toBeGreaterThan(100);

  // Each session is one row: time, title, room, track and star; abstract and speakers behind "About this session".
  const row = page.getByRole('article', { name: 'Opening Keynote: Building the Sovereign Cloud Continent' });
  const rowBox = await row.boundingBox();
  expect(rowBox?.height).toBeLessThan(120);
  await expect(row.getByText(/Europe’s hosting industry has never had more customers/)).toBeHidden();
  await expect(row.getByText('Katharina Vogel')).toBeHidden();
  await row.getByRole('button', { name: /^About this session/ }).click();
  await expect(row.getByRole('button', { name: /^About this session/ })).toHaveAttribute('aria-expanded', 'true');
  await expect(row.getByText('Katharina Vogel')).toBeVisible();
  await row.getByRole('button', { name: /^About this session/ }).click();
  await expect(row.getByText('Katharina Vogel')).toBeHidden();

  // The whole day laid out (off-screen slots otherwise keep estimated sizes): was ~42,600 px of cards.
  await page.addStyleTag({ content: '.agenda-slot { content-visibility: visible !important; }' });
  const height = await panel.evaluate((element) => element.getBoundingClientRect().height);
  console.log(`agenda: ${rows} sessions on 24 March take ${Math.round(height)} px at 390 px`);
  expect(height).toBeLessThan(42_600 / 3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);

  // A slot's time heading sticks to the top of the screen while its rows scroll under it.
  // The second slot with at least four sessions (taller than the scroll below).
  const slot = page
    .locator('.agenda-slot')
    .filter({ has: page.locator('li:nth-child(4)') })
    .nth(1);
  const heading = slot.getByRole('heading', { level: 2 });
  const stuckAt = async (offset: number) => {
    await slot.evaluate((element, by) => window.scrollTo(0, element.getBoundingClientRect().top + window.scrollY + by), offset);
    return Math.round((await heading.boundingBox())?.y ?? -1);
  };
  expect(await stuckAt(-100)).toBe(100);
  expect(await stuckAt(200)).toBe(0);
  const firstRow = await slot.locator('.agenda-session').first().boundingBox();
  expect(firstRow?.y ?? 0).toBeLessThan(0);

  // On a large screen the sticky top bar stays above it: the heading sticks just below the bar.
  await page.setViewportSize({ width: 1280, height: 900 });
  const bar = await page.locator('.tab-bar').boundingBox();
  expect(bar?.y).toBe(0);
  await expect.poll(() => stuckAt(200)).toBe(Math.round(bar?.height ?? 0));
});
