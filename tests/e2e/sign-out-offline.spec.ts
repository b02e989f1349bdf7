import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { genericAttendeeEmail } from '../../server/db/seed/demo-accounts.ts';
import { signIn, skipSurvey } from './helpers.ts';

/*
 * Signing out offline must end every credential the device holds. The app's
 * token and cookies go at once; the server session (also carried by the HttpOnly cookie) ends at
 * the next online moment, before any other request.
 */
test('a sign-out made offline ends the server session at the next online moment', async ({ page, request }) => {
  await page.goto('/sign-in');
  await skipSurvey(page);
  await signIn(page, genericAttendeeEmail(7));
  await expect(page).toHaveURL(/\/$/);
  // The address changes as the navigation starts: wait for the page and its sync bar (a lazy chunk)
  // before the network goes, or the chunk would fail to load.
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('status', { name: 'Sync status' }).waitFor({ state: 'attached' });
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const session = (await page.context().cookies()).find((cookie) => cookie.name === 'session')?.value;
  expect(token).toBeTruthy();
  expect(session).toBe(token);
  const asBearer = () => request.get('/api/user/', { headers: { authorization: `Bearer ${token}` } });
  const asCookie = () => request.get('/api/user/', { headers: { cookie: `session=${session}` } });
  expect((await asBearer()).status()).toBe(200);

  await page.context().setOffline(true);
  await page.getByRole('button', { name: /menu/i }).first().click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  // The device forgets at once; the server could not be told yet.
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'token')).toBeUndefined();
  expect((await asBearer()).status()).toBe(200);

  const apiCalls: string[] = [];
  page.on('request', (req) => {
    if (new URL(req.url()).pathname.startsWith('/api/')) apiCalls.push(`${req.method()} ${new URL(req.url()).pathname}`);
  });
  await page.context().setOffline(false);
  // The next person on the device signs in: the old session ends first.
  await signIn(page, genericAttendeeEmail(8));
  await expect(page).toHaveURL(/\/$/);
  expect(apiCalls[0]).toBe('POST /api/user/logout');
  expect((await asBearer()).status()).toBe(401);
  expect((await asCookie()).status()).toBe(401);
});

test('the script-readable token cookie is SameSite=Strict', async ({ page }) => {
  await page.goto('/sign-in');
  await skipSurvey(page);
  await signIn(page, genericAttendeeEmail(9));
  await expect(page).toHaveURL(/\/$/);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'token');
  expect(cookie?.sameSite).toBe('Strict');
  // Secure whenever the page is served over https (production); this test server speaks http.
  expect(cookie?.secure).toBe(false);
});

/*
 * A queued logout ends only when the server answers 204 (or 401: the session
 * is already gone). A proxy's 502 keeps it queued and it is tried again; and it goes out on any
 * online start of the app, whatever page that opens on, not only once somebody signs in.
 */

/** Signs `email` in, waits for the signed-in page (its lazy chunks load online) and returns the token. */
async function signedInToken(page: Page, email: string): Promise<string> {
  await page.goto('/sign-in');
  await skipSurvey(page);
  await signIn(page, email);
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByRole('status', { name: 'Sync status' }).waitFor({ state: 'attached' });
  const token = await page.evaluate(() => localStorage.getItem('token'));
  expect(token).toBeTruthy();
  return token ?? '';
}

async function signOutOffline(page: Page): Promise<void> {
  await page.context().setOffline(true);
  await page.getByRole('button', { name: /menu/i }).first().click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
}

const statusAs = async (request: APIRequestContext, token: string) =>
  (await request.get('/api/user/', { headers: { authorization: `Bearer ${token}` } })).status();

// attendee020 and attendee024: no other spec signs them in or changes their password.
test("a proxy's 502 to the queued logout keeps it queued; the retry ends the session", async ({ page, request }) => {
  const token = await signedInToken(page, genericAttendeeEmail(20));
  await signOutOffline(page);

  const logouts: number[] = [];
  await page.route('**/api/user/logout', async (route) => {
    if (logouts.length === 0) {
      logouts.push(502);
      await route.fulfill({ status: 502, contentType: 'text/html', body: '<html><body><h1>502 Bad Gateway</h1></body></html>' });
      return;
    }
    const response = await route.fetch();
    logouts.push(response.status());
    await route.fulfill({ response });
  });
  await page.context().setOffline(false);
  await expect.poll(() => logouts.length).toBeGreaterThanOrEqual(1);
  // The proxy answered, not the server: the session is still valid and the logout stays queued.
  expect(await statusAs(request, token)).toBe(200);
  expect(await page.evaluate(() => localStorage.getItem('pendingLogouts'))).toContain(token);

  // Tried again (backoff) without anybody signing in: the server ends the session.
  await expect.poll(() => logouts, { timeout: 20_000 }).toEqual([502, 204]);
  expect(await statusAs(request, token)).toBe(401);
  expect(await page.evaluate(() => localStorage.getItem('pendingLogouts'))).toBeNull();
});

test('the app opened online at /sign-in sends the logout queued offline, before any other request', async ({ page, request }) => {
  const context = page.context();
  const token = await signedInToken(page, genericAttendeeEmail(24));
  await signOutOffline(page);
  expect(await page.evaluate(() => localStorage.getItem('pendingLogouts'))).toContain(token);
  // Closed while still offline: the logout waits in this device's storage. (Whether Chromium lets a
  // request of the closing page out once its offline emulation ends is Chromium's business, not the
  // app's: the reopened app's first request below is what this test holds.)
  await page.close();

  await context.setOffline(false);
  const reopened = await context.newPage();
  const apiCalls: string[] = [];
  reopened.on('request', (req) => {
    const { pathname } = new URL(req.url());
    if (pathname.startsWith('/api/')) apiCalls.push(`${req.method()} ${pathname}`);
  });
  await reopened.goto('/sign-in');
  await expect(reopened.getByRole('heading', { level: 1 })).toBeVisible();
  // Nobody signs in: the start-up alone sends it.
  await expect.poll(() => statusAs(request, token)).toBe(401);
  expect(apiCalls[0]).toBe('POST /api/user/logout');
  await expect.poll(() => reopened.evaluate(() => localStorage.getItem('pendingLogouts'))).toBeNull();
});
