import { deflateSync } from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { STRONG_PASSWORD, signIn } from './helpers.ts';

// Each test changes its own seeded attendee (attendee031, 033, 034, 035 and 039 are reserved for this file), so the
// tests stay independent of each other and of other spec files sharing the server.
const user = (n: number) => `attendee0${n}@demo.cloudfest.example`;

async function openProfile(page: Page, email: string) {
  await page.goto('/sign-in?redirect=%2Fprofile');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Your profile', level: 1 })).toBeVisible();
}

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Menu' }).click();
  return page.getByRole('dialog');
}

// --- a small PNG, built here so the test needs no fixture file ------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A width×height RGB PNG with a colour gradient (not square, so the server has to crop). */
function pngImage(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3); // filter byte 0, then pixels
    for (let x = 0; x < width; x++) {
      row[1 + x * 3] = Math.round((255 * x) / width);
      row[2 + x * 3] = Math.round((255 * y) / height);
      row[3 + x * 3] = 160;
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ------------------------------------------------------------------------------------------------

test('name and company are saved and the menu shows the new name', async ({ page }) => {
  await openProfile(page, user(31));
  const details = page.getByRole('region', { name: 'Personal details' });
  await expect(details.getByLabel('E-mail address')).toHaveValue(user(31));
  await expect(details.getByLabel('E-mail address')).toHaveAttribute('readonly', '');

  // An empty first name is refused on the field, in the danger style (docs/behaviour.md §5).
  await details.getByLabel('First name').fill('');
  await details.getByRole('button', { name: 'Save details' }).click();
  await expect(details.getByLabel('First name')).toHaveAttribute('aria-invalid', 'true');
  await expect(details.getByLabel('First name')).toHaveClass(/is-danger/);
  await expect(details.getByText('Please enter your first name.')).toBeVisible();

  await details.getByLabel('First name').fill('Henrietta');
  await details.getByLabel('Last name').fill('Lacks-Profile');
  await details.getByLabel('Company (optional)').fill('Profile Test GmbH');
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/user/') && r.request().method() === 'PATCH');
  await details.getByRole('button', { name: 'Save details' }).click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Operation completed successfully.').first()).toBeVisible();

  const menu = await openMenu(page);
  await expect(menu.getByText('Henrietta Lacks-Profile')).toBeVisible();
  await menu.getByRole('button', { name: 'Close menu' }).click();

  // Stored on the server: still there after a reload.
  await page.reload();
  await expect(details.getByLabel('First name')).toHaveValue('Henrietta');
  await expect(details.getByLabel('Company (optional)')).toHaveValue('Profile Test GmbH');
});

test('a picture is checked, previewed, uploaded, shown in the menu as a 56 px crop and removed', async ({ page }) => {
  await openProfile(page, user(33));
  const section = page.getByRole('region', { name: 'Profile picture' });
  await expect(section.getByText('No picture yet.')).toBeVisible();

  // Wrong type and too large are refused before anything is sent.
  await section
    .getByLabel('Choose a picture')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hi') });
  await expect(section.getByRole('alert')).toHaveText('Please choose a JPEG, PNG or WebP picture.');
  await section.getByLabel('Choose a picture').setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
  });
  await expect(section.getByRole('alert')).toContainText('too large');

  await section
    .getByLabel('Choose a picture')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: pngImage(200, 150) });
  await expect(section.getByText('Preview: this is how your picture will look.')).toBeVisible();
  await expect(section.locator('img.avatar')).toHaveAttribute('src', /^blob:/);
  const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/user/avatar') && r.request().method() === 'POST');
  await section.getByRole('button', { name: 'Save picture' }).click();
  expect((await uploaded).status()).toBe(200);
  await expect(section.getByText('Your current picture.')).toBeVisible();

  const menu = await openMenu(page);
  const avatar = menu.locator('img.avatar');
  await expect(avatar).toHaveAttribute('src', /\/api\/image\/[^?]+\?width=56&height=56&fit=crop&dpr=2$/);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(112);
  expect(await avatar.evaluate((img: HTMLImageElement) => img.naturalHeight)).toBe(112);
  const box = await avatar.boundingBox();
  expect(Math.round(box?.width ?? 0)).toBe(56);
  await menu.getByRole('button', { name: 'Close menu' }).click();

  await section.getByRole('button', { name: 'Remove picture' }).click();
  await expect(section.getByText('No picture yet.')).toBeVisible();
  const menuAfter = await openMenu(page);
  await expect(menuAfter.locator('img.avatar')).toHaveCount(0);
  await expect(menuAfter.locator('.avatar--initials')).toBeVisible();
});

test('the billing address is created with POST, changed with PATCH and deleted', async ({ page }) => {
  await openProfile(page, user(34));
  const section = page.getByRole('region', { name: 'Billing address' });
  // The seeded address is loaded into the form.
  await expect(section.getByLabel('Street and house number')).not.toHaveValue('');

  // Start from no address at all.
  const firstDelete = page.waitForResponse((r) => /\/api\/address\/\d+$/.test(r.url()) && r.request().method() === 'DELETE');
  await section.getByRole('button', { name: 'Delete address' }).click();
  await section.getByRole('button', { name: 'Yes, delete it' }).click();
  expect((await firstDelete).status()).toBe(204);
  await expect(section.getByLabel('Street and house number')).toHaveValue('');
  await expect(section.getByRole('button', { name: 'Delete address' })).toHaveCount(0);

  // Required fields in the danger style.
  await section.getByRole('button', { name: 'Add address' }).click();
  for (const label of ['Street and house number', 'Postcode', 'City', 'Country']) {
    await expect(section.getByLabel(label, { exact: true })).toHaveAttribute('aria-invalid', 'true');
  }

  await section.getByLabel('Company (optional)').fill('Rheinblick Hosting GmbH');
  await section.getByLabel('Street and house number').fill('Rheinallee 5');
  await section.getByLabel('Postcode').fill('55116');
  await section.getByLabel('City', { exact: true }).fill('Mainz');
  await section.getByLabel('Country').selectOption({ label: 'Germany' });
  const created = page.waitForRequest((r) => r.url().endsWith('/api/address/') && r.method() === 'POST');
  await section.getByRole('button', { name: 'Add address' }).click();
  expect((await created).postDataJSON()).toMatchObject({ type: 'billingAddress', city: 'Mainz', addressLine1: 'Rheinallee 5' });
  await expect(page.getByText('Your billing address is saved.').first()).toBeVisible();

  await section.getByLabel('City', { exact: true }).fill('Wiesbaden');
  const updated = page.waitForRequest((r) => r.url().endsWith('/api/address/') && r.method() === 'PATCH');
  await section.getByRole('button', { name: 'Save address' }).click();
  expect((await updated).postDataJSON()).toMatchObject({ city: 'Wiesbaden' });
  await expect(page.getByText('Your billing address is saved.').first()).toBeVisible();

  await page.reload();
  await expect(section.getByLabel('City', { exact: true })).toHaveValue('Wiesbaden');
  await expect(section.getByLabel('Country')).toHaveValue(/\d+/);

  const deleted = page.waitForResponse((r) => /\/api\/address\/\d+$/.test(r.url()) && r.request().method() === 'DELETE');
  await section.getByRole('button', { name: 'Delete address' }).click();
  await section.getByRole('button', { name: 'Yes, delete it' }).click();
  expect((await deleted).status()).toBe(204);
  await expect(page.getByText('Your billing address is deleted.').first()).toBeVisible();
  const stored = await page.evaluate(async () => {
    const res = await fetch('/api/address/?type=billingAddress', {
      headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
    });
    return res.json();
  });
  expect(stored).toBeNull();

  // Without a billing address, the home page asks for it.
  await page.getByRole('link', { name: 'Home' }).click();
  await expect(page.getByRole('link', { name: 'Add billing address' })).toHaveAttribute('href', '/profile');
});

test('an invalid VAT ID is refused with the validation message', async ({ page }) => {
  await openProfile(page, user(39));
  const section = page.getByRole('region', { name: 'Billing address' });
  await section.getByLabel('VAT ID (optional)').fill('XX 12');
  await section.getByLabel('VAT ID (optional)').blur();
  await expect(section.getByText('Invalid VAT ID (Please fill in only if located in Europe)')).toBeVisible();
  await expect(section.getByLabel('VAT ID (optional)')).toHaveAttribute('aria-invalid', 'true');
});

test('what is typed while the stored address loads stays, with its message', async ({ page }) => {
  // The address answers late, as on a slow venue network: the person has started typing by then.
  let release: () => void = () => {};
  const answered = new Promise<void>((resolve) => {
    release = resolve;
  });
  await openProfile(page, user(39));
  // Signed in (the start-up load reads the address too), away and back to the page by its link.
  await page.getByRole('link', { name: 'Home' }).click();
  await page.route('**/api/address/**', async (route) => {
    await answered;
    await route.continue();
  });
  await (await openMenu(page)).getByRole('button', { name: 'Edit your profile' }).click();
  const section = page.getByRole('region', { name: 'Billing address' });
  await expect(section).toHaveAttribute('aria-busy', 'true');
  await section.getByLabel('VAT ID (optional)').fill('XX 12');
  await section.getByLabel('VAT ID (optional)').blur();
  await expect(section.getByText('Invalid VAT ID (Please fill in only if located in Europe)')).toBeVisible();

  release();
  await expect(section).toHaveAttribute('aria-busy', 'false');
  // The stored address fills the fields not touched; the VAT ID typed and its message stay.
  await expect(section.getByLabel('Street and house number')).not.toHaveValue('');
  await expect(section.getByLabel('VAT ID (optional)')).toHaveValue('XX12');
  await expect(section.getByText('Invalid VAT ID (Please fill in only if located in Europe)')).toBeVisible();
});

test('the password is changed and the new one signs in', async ({ page }) => {
  await openProfile(page, user(35));
  const section = page.getByRole('region', { name: 'Change password' });
  await expect(
    section.getByText(
      'Your password must be at least 8 characters long, contain at least one number, one special character and have a mixture of uppercase and lowercase letters.',
    ),
  ).toBeVisible();

  await section.getByLabel('Current password').fill('Not-The-Password-1!');
  await section.getByLabel('New password', { exact: true }).fill(STRONG_PASSWORD);
  await expect(section.getByText(/Password strength: (Strong|Very strong)/)).toBeVisible();
  await section.getByLabel('Repeat new password').fill(STRONG_PASSWORD);
  await section.getByRole('button', { name: 'Change password' }).click();
  await expect(section.getByText('Your current password is not correct.')).toBeVisible();
  await expect(section.getByLabel('Current password')).toHaveAttribute('aria-invalid', 'true');

  await section.getByLabel('Current password').fill('Demo-Pass-2026!');
  const changed = page.waitForResponse((r) => r.url().endsWith('/api/user/password'));
  await section.getByRole('button', { name: 'Change password' }).click();
  expect((await changed).status()).toBe(204);
  await expect(page.getByText('Your password is changed. Other devices have been signed out.').first()).toBeVisible();
  await expect(section.getByLabel('Current password')).toHaveValue('');

  const menu = await openMenu(page);
  await menu.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  await signIn(page, user(35), 'Demo-Pass-2026!');
  // The notice, not the toasts' live region (also role alert, empty here).
  await expect(page.getByRole('alert').filter({ hasText: 'The e-mail address or password is wrong.' })).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);
  await signIn(page, user(35), STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
});
