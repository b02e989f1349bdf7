import { readFile } from 'node:fs/promises';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { readZip } from '../../server/testing/zip-reader.ts';
import { mailedLink, payInSandbox, STRONG_PASSWORD, signIn, skipSurvey, uniqueEmail } from './helpers.ts';

/*
 * A person's own data (docs/behaviour.md §17): a fresh attendee (never a shared demo account, the
 * deletion is for good) buys a pass, downloads their data from the profile page and finds their
 * order and its invoice in the ZIP, then deletes the account and can no longer sign in.
 */

/** A new confirmed account that bought a Business Pass through the sandbox: one paid order, one invoice. */
async function buyer(request: APIRequestContext): Promise<string> {
  const email = uniqueEmail('my-data');
  const signUp = await request.post('/api/user/sign-up', {
    data: { email, password: STRONG_PASSWORD, firstName: 'Dana', lastName: 'Datenschutz' },
  });
  expect(signUp.status()).toBe(202);
  const link = new URL(await mailedLink(request, email), 'http://localhost');
  const confirmed = await request.post('/api/user/confirm', {
    data: { uuid: link.pathname.split('/').pop(), token: link.searchParams.get('token'), password: STRONG_PASSWORD },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);

  const login = await request.post('/api/user/login', { data: { email, password: STRONG_PASSWORD } });
  expect(login.status()).toBe(200);
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const types = (await (await request.get('/api/pass/type/paid', { headers })).json()) as { id: number; name: string }[];
  const business = types.find((type) => type.name === 'Business Pass');
  expect(business).toBeTruthy();
  const placed = await request.post('/api/pass/upgrade', { headers, data: { passTypeId: business?.id } });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: string; gross: number };
  await payInSandbox(request, headers, order);
  await expect.poll(async () => ((await (await request.get('/api/invoice', { headers })).json()) as unknown[]).length).toBe(1);
  return email;
}

test('an attendee downloads their data, deletes the account and cannot sign in again', async ({ page, request }) => {
  const email = await buyer(request);

  await page.goto('/sign-in?redirect=%2Fprofile');
  await skipSurvey(page);
  await signIn(page, email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/profile$/);
  const section = page.getByRole('region', { name: 'Your data' });
  await expect(section).toBeVisible();

  // The download: a ZIP with the orders and the invoice as issued.
  const downloading = page.waitForEvent('download');
  await section.getByRole('button', { name: 'Download my data' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^cloudfest-2026-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = readZip(await readFile((await download.path()) as string));
  expect(files.has('orders.json')).toBe(true);
  expect(files.has('account.json')).toBe(true);
  const orders = JSON.parse(files.get('orders.json')?.toString('utf8') ?? '[]') as { invoices: string[] }[];
  const number = orders.flatMap((order) => order.invoices)[0];
  expect(number).toBeTruthy();
  expect(files.get(`invoices/${number}.pdf`)?.subarray(0, 5).toString('latin1')).toBe('%PDF-');

  // The deletion: a wrong password is refused on the field, then the right one after the confirm step.
  const password = section.getByLabel('Your password');
  await password.fill('not-my-password');
  await section.getByRole('button', { name: 'Delete account' }).click();
  await section.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(section.getByText('Your password is not correct. Your account was not deleted.')).toBeVisible();
  await expect(password).toHaveAttribute('aria-invalid', 'true');

  await password.fill(STRONG_PASSWORD);
  await section.getByRole('button', { name: 'Delete account' }).click();
  await expect(section.getByText('Do you really want to delete your account for good?')).toBeVisible();
  await section.getByRole('button', { name: 'Yes, delete my account' }).click();
  await expect(page).toHaveURL(/\/sign-in/);
  await expect(page.getByText('Your account has been deleted.').first()).toBeVisible();

  // The confirmation went out; signing in again fails.
  const mails = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { subject: string }[];
  expect(mails.map((mail) => mail.subject)).toContain('Your CloudFest account has been deleted');
  await signIn(page, email, STRONG_PASSWORD);
  await expect(page.getByText('The e-mail address or password is wrong.')).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
});
