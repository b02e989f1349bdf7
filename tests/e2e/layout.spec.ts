import { expect, test } from '@playwright/test';
import { signIn } from './helpers.ts';

// Runs in both projects: phone (bottom tab bar, full-screen menu) and desktop (top tab bar, 460px menu).
test('the main layout shows the tab bar and a slide-in menu that closes on route change', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'vendor@demo.cloudfest.example');
  await expect(page).toHaveURL(/\/$/);

  const tabs = page.getByRole('navigation', { name: /tab/i }).first();
  for (const name of ['Home', 'Pass', 'Accommodation', 'Lead Scanner']) {
    await expect(tabs.getByRole('link', { name })).toBeVisible();
  }
  const box = await tabs.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) throw new Error('no layout');
  if (viewport.width >= 992) expect(box.y).toBeLessThan(200);
  else expect(box.y + box.height).toBeGreaterThan(viewport.height - 5);

  await page.getByRole('button', { name: /menu/i }).first().click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByRole('button', { name: 'Edit your profile' })).toBeVisible();
  for (const name of ['Accommodation', 'Invoices', 'Visa Invitation Letter', 'Lead Scanner']) {
    await expect(menu.getByRole('link', { name })).toBeVisible();
  }
  const menuBox = await menu.boundingBox();
  if (viewport.width >= 992) expect(Math.round(menuBox?.width ?? 0)).toBe(460);
  else expect(Math.round(menuBox?.width ?? 0)).toBe(viewport.width);

  await menu.getByRole('link', { name: 'Invoices' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
});

test('the error page of a signed-in user shows the tab bar and the dashboard link', async ({ page }) => {
  await page.goto('/sign-in');
  await signIn(page, 'attendee@demo.cloudfest.example');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/accommodation/not-a-number');
  await expect(page.getByText('This page could not be found')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to the Dashboard' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pass' }).first()).toBeVisible();
});
