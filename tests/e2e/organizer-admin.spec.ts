import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { demo, signIn, skipSurvey, uniqueEmail } from './helpers.ts';

/*
 * The organizer's vouchers, badges and team pages: a batch of codes is made and one code
 * disabled (the public voucher check then calls it invalid), badges download as a PDF, and an
 * unknown address is invited to the staff. Only additive changes: no exhibitor team is made here,
 * since the contacts specs rely on vendor@'s own lead list.
 */

async function signInAsOrganizer(page: Page, path: string) {
  await page.goto(`/sign-in?redirect=${encodeURIComponent(path)}`);
  await skipSurvey(page);
  await signIn(page, demo('organizer'));
  await expect(page).toHaveURL(new RegExp(`${path}$`));
}

test('an organizer makes voucher codes and disables one; the public check then refuses it', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signInAsOrganizer(page, '/organizer/vouchers');
  await expect(page.getByRole('heading', { level: 1, name: 'Vouchers' })).toBeVisible();
  const form = page.getByRole('form', { name: 'New batch' });
  await form.getByLabel('Pass type').selectOption({ label: 'Speaker Pass' });
  await form.getByLabel('Number of codes').fill('3');
  await form.getByLabel('Prefix').fill('e2e');
  await expect(form.getByLabel('Prefix')).toHaveValue('E2E');
  await form.getByRole('button', { name: 'Make codes' }).click();

  const codes = page.getByRole('region', { name: /Codes of/ });
  await expect(codes.getByRole('row')).toHaveCount(4);
  const first = (await codes.getByRole('row').nth(1).getByRole('cell').first().textContent())?.trim() ?? '';
  expect(first).toMatch(/^E2E-[A-Z2-9]{12}$/);
  expect(((await (await request.get(`/api/pass/voucher/${first}`)).json()) as { valid: boolean }).valid).toBe(true);

  await codes.getByRole('row').nth(1).getByRole('button', { name: 'Disable' }).click();
  await expect(codes.getByRole('row').nth(1)).toContainText('Disabled');
  expect(((await (await request.get(`/api/pass/voucher/${first}`)).json()) as { valid: boolean }).valid).toBe(false);

  const batchRow = page
    .getByRole('region', { name: 'Batches' })
    .getByRole('row')
    .filter({ hasText: /E2E-\d{8}/ })
    .first();
  const [download] = await Promise.all([page.waitForEvent('download'), batchRow.getByRole('link', { name: 'CSV' }).click()]);
  const csv = await readFile((await download.path()) as string, 'utf8');
  expect(csv.startsWith('\uFEFFCode,')).toBe(true);
  expect(csv).toContain(first);
});

test('an organizer downloads badges as a PDF', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsOrganizer(page, '/organizer/badges');
  await page.getByLabel(/A4 label sheet/).check();
  await page.getByLabel('One pass type').check();
  await page.getByLabel('Pass type', { exact: true }).selectOption({ label: 'Speaker Pass' });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download badges (PDF)' }).click(),
  ]);
  const pdf = await readFile((await download.path()) as string);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.toString('latin1')).toContain('/Subtype /Image');
});

test('an organizer invites an unknown address to the staff', async ({ page }) => {
  test.setTimeout(90_000);
  await signInAsOrganizer(page, '/organizer/team');
  const email = uniqueEmail('crew');
  const form = page.getByRole('form', { name: 'Invite to the team' });
  await form.getByLabel('E-mail address').fill('not an address');
  await form.getByRole('button', { name: 'Invite' }).click();
  await expect(form.getByText('Please enter a valid e-mail address.')).toBeVisible();
  await form.getByLabel('E-mail address').fill(email);
  await form.getByRole('button', { name: 'Invite' }).click();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('invited');
  await expect(row).toContainText('staff');
});
