import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';

test('an unknown path shows the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return to login' })).toHaveAttribute('href', '/');
});

test('/pass while signed out goes to /sign-in and back to /pass after sign-in', async ({ page }) => {
  await page.goto('/pass');
  await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fpass$/);
  await signIn(page, 'attendee@demo.cloudfest.example');
  await expect(page).toHaveURL(/\/pass$/);
});

for (const target of ['//evil.example', 'https://evil.example', '/\\evil.example']) {
  test(`a return path of ${target} lands on /`, async ({ page }) => {
    await page.goto(`/sign-in?redirect=${encodeURIComponent(target)}`);
    await signIn(page, 'attendee@demo.cloudfest.example');
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  });
}

test('a signed-in user is sent away from sign-in and registration', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'attendee@demo.cloudfest.example');
  await expect(page).toHaveURL(/\/$/);
  for (const path of ['/sign-in', '/sign-up', '/registration', '/registration/account']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/$/);
  }
});

test('only lead scanners reach /contacts', async ({ page }) => {
  await page.goto('/sign-in?redirect=%2Fcontacts');
  await signIn(page, 'attendee@demo.cloudfest.example');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Lead Scanner' })).toHaveCount(0);
});

test('a lead scanner sees the Lead Scanner tab and reaches /contacts', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'vendor@demo.cloudfest.example');
  await expect(page).not.toHaveURL(/\/sign-in/);
  await page.getByRole('link', { name: 'Lead Scanner' }).first().click();
  await expect(page).toHaveURL(/\/contacts\?currentTab=scan$/);
});

test('a vendor without a pass is sent to /pass', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'vendor-nopass@demo.cloudfest.example');
  await expect(page).toHaveURL(/\/pass$/);
  await expect(page.getByText('No Pass | Get a pass').first()).toBeVisible();
  await page.goto('/accommodation');
  await expect(page).toHaveURL(/\/pass$/);
});

test('a user without survey answers is sent to /survey and then back to the page they wanted', async ({ page }) => {
  await page.goto('/sign-in?redirect=%2Finvoices');
  await signIn(page, 'attendee004@demo.cloudfest.example');
  await expect(page).toHaveURL(/\/survey$/);
  await page.getByRole('button', { name: /skip/i }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name === 'survey')?.value).toBe('skip');
});

test('legacy registration paths go to the new ones keeping the query', async ({ page }) => {
  await page.goto('/registration-old/hotel?voucher=CF26');
  // Deeper registration pages without registration state go to the landing, keeping the query.
  await expect(page).toHaveURL(/\/registration\?voucher=CF26$/);
});
