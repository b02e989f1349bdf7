import { expect, type Locator, test } from '@playwright/test';
import { confirmWithPassword, mailedLink, STRONG_PASSWORD, signIn, uniqueEmail } from './helpers.ts';

// attendee037 (approved pass, no letter yet) is reserved for this file.
const APPROVED = 'attendee037@demo.cloudfest.example';

/** Types an ISO date into a date field's Day, Month and Year (the group named by the field's legend). */
async function fillDate(group: Locator, iso: string) {
  const [year = '', month = '', day = ''] = iso.split('-');
  await group.getByLabel('Day', { exact: true }).fill(String(Number(day)));
  await group.getByLabel('Month', { exact: true }).selectOption(month);
  await group.getByLabel('Year', { exact: true }).fill(year);
}

test('an approved attendee requests a letter, downloads the PDF and edits the details', async ({ page }) => {
  await page.goto('/sign-in?redirect=%2Fvisa-invitation-letter');
  await signIn(page, APPROVED);
  await expect(page).toHaveURL(/\/visa-invitation-letter$/);
  await expect(page.getByRole('heading', { name: 'Visa Invitation Letter', level: 1 })).toBeVisible();

  const form = page.getByRole('form', { name: 'Your details' });
  // Starts with the profile name; everything else is asked for.
  await expect(form.getByLabel('Full name as in passport')).not.toHaveValue('');
  await form.getByRole('button', { name: 'Create letter' }).click();
  await expect(form.getByText('Please enter the passport number as printed: 5 to 20 letters and digits.')).toBeVisible();
  await expect(form.getByLabel('Nationality')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Full name as in passport').fill('Priya Ananya Sharma');
  await form.getByLabel('Passport number').fill('z 8812345');
  await form.getByLabel('Nationality').selectOption({ label: 'India' });
  // Too young for the server's rule: its errors[] land on the field.
  const dateOfBirth = form.getByRole('group', { name: 'Date of birth' });
  await fillDate(dateOfBirth, '2020-02-02');
  await fillDate(form.getByRole('group', { name: 'Passport expiry date' }), '2032-06-30');
  await form.getByLabel('City of the embassy or consulate').fill('Mumbai');
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/visa-letter') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Create letter' }).click();
  expect((await refused).status()).toBe(400);
  for (const part of ['Day', 'Month', 'Year']) {
    await expect(dateOfBirth.getByLabel(part, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  }
  await expect(form.getByText(/at least 14 years old/)).toBeVisible();

  await fillDate(dateOfBirth, '1991-07-14');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/visa-letter') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Create letter' }).click();
  expect((await created).status()).toBe(201);

  const letter = page.getByRole('region', { name: 'Your invitation letter' });
  await expect(letter.getByText('Your letter is ready.', { exact: false })).toBeVisible();
  const reference = (await letter.getByTestId('visa-reference').textContent()) ?? '';
  expect(reference).toMatch(/^CF26-VISA-\d{6}$/);
  await expect(letter.getByText('Z8812345')).toBeVisible();
  await expect(letter.getByText('India')).toBeVisible();

  const download = letter.getByRole('link', { name: 'Download PDF' });
  const href = (await download.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/api\/visa-letter\/[0-9a-f-]{36}\/pdf$/);
  // A plain link: the session cookie authenticates it.
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(file.suggestedFilename()).toMatch(/\.pdf$/);

  // Coming back shows the letter; editing keeps its reference.
  await page.reload();
  await expect(letter.getByTestId('visa-reference')).toHaveText(reference);
  await letter.getByRole('button', { name: 'Edit details' }).click();
  const edit = page.getByRole('form', { name: 'Edit your details' });
  await expect(edit.getByLabel('Passport number')).toHaveValue('Z8812345');
  await expect(edit.getByLabel('Nationality')).not.toHaveValue('');
  // The saved dates are back in their parts.
  const savedBirth = edit.getByRole('group', { name: 'Date of birth' });
  await expect(savedBirth.getByLabel('Day', { exact: true })).toHaveValue('14');
  await expect(savedBirth.getByLabel('Month', { exact: true })).toHaveValue('07');
  await expect(savedBirth.getByLabel('Year', { exact: true })).toHaveValue('1991');
  await edit.getByLabel('City of the embassy or consulate').fill('New Delhi');
  await edit.getByRole('button', { name: 'Save and renew letter' }).click();
  await expect(letter.getByText('New Delhi')).toBeVisible();
  await expect(letter.getByTestId('visa-reference')).toHaveText(reference);
});

test('a user without a pass is told why and led to /pass', async ({ page, request }) => {
  // A fresh account has no pass at all (sign-up without registration).
  const email = uniqueEmail('visa-nopass');
  await page.goto('/sign-up');
  await page.getByLabel('First name').fill('Noor');
  await page.getByLabel('Last name').fill('Passless');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel('Repeat password').fill(STRONG_PASSWORD);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: /create account/i }).click();
  await expect(page).toHaveURL(/\/sign-up\/success$/);
  await confirmWithPassword(page, await mailedLink(request, email));
  await expect(page).toHaveURL(/\/sign-in\?confirmed=1$/);

  // The survey cookie 'skip' keeps the survey redirect out of the way (docs/behaviour.md §4).
  await page.context().addCookies([{ name: 'survey', value: 'skip', url: page.url() }]);
  await signIn(page, email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/visa-invitation-letter');
  await expect(page.getByRole('heading', { name: 'You need a pass first' })).toBeVisible();
  await expect(page.getByRole('form')).toHaveCount(0);
  await page.getByRole('link', { name: 'Get a pass' }).last().click();
  await expect(page).toHaveURL(/\/pass$/);
  // The server refuses too.
  const refused = await page.evaluate(async () => {
    const res = await fetch('/api/visa-letter', {
      method: 'POST',
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        fullName: 'Noor Passless',
        passportNumber: 'X1234567',
        nationalityId: 1,
        dateOfBirth: '1990-01-01',
        passportExpiry: '2033-01-01',
        embassyCity: 'Cairo',
      }),
    });
    return res.status;
  });
  expect(refused).toBe(403);
});

test('a vendor without a pass is sent to /pass', async ({ page }) => {
  await page.goto('/sign-in?redirect=%2Fvisa-invitation-letter');
  await signIn(page, 'vendor-nopass@demo.cloudfest.example');
  await expect(page).toHaveURL(/\/pass$/);
  await expect(page.getByText('No Pass | Get a pass').first()).toBeVisible();
});
