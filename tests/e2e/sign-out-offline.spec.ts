import { expect, test } from '@playwright/test';
import { genericAttendeeEmail } from '../../server/db/seed/demo-accounts.ts';
import { signIn, skipSurvey } from './helpers.ts';

/*
 * Issue 13, finding 3: signing out offline must end every credential the device holds. The app's
 * token and cookies go at once; the server session (also carried by the HttpOnly cookie) ends at
 * the next online moment, before any other request.
 */
test('finding 3: a sign-out made offline ends the server session at the next online moment', async ({ page, request }) => {
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

test('finding 4: the script-readable token cookie is SameSite=Strict', async ({ page }) => {
  await page.goto('/sign-in');
  await skipSurvey(page);
  await signIn(page, genericAttendeeEmail(9));
  await expect(page).toHaveURL(/\/$/);
  const cookie = (await page.context().cookies()).find((c) => c.name === 'token');
  expect(cookie?.sameSite).toBe('Strict');
  // Secure whenever the page is served over https (production); this test server speaks http.
  expect(cookie?.secure).toBe(false);
});
