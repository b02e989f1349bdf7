import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Locator, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { decodePassToken, verifyPassToken } from '#shared/pass-token.ts';
import { confirmWithPassword, mailedLink, STRONG_PASSWORD, signIn, skipSurvey, uniqueEmail } from './helpers.ts';

/*
 * /pass and /pass/upgrade. attendee@ is only looked at; every purchase uses its own seeded
 * Standard Pass holder (attendee013 and attendee014 are reserved for this file) or a brand-new
 * account, so the tests are independent of each other and of other spec files on the same server.
 */

const user = (n: string) => `attendee${n}@demo.cloudfest.example`;

async function openPass(page: Page, email: string, password?: string) {
  await page.goto('/sign-in?redirect=%2Fpass');
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/pass$/);
}

/** The token GET /api/pass/barcode issues now (the session cookie authenticates the GET). */
async function barcodeToken(page: Page): Promise<string> {
  const response = await page.request.get('/api/pass/barcode');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

async function publicKeys(page: Page): Promise<Record<string, string>> {
  const { keys } = (await (await page.request.get('/api/pass/keys')).json()) as { keys: { kid: string; publicKey: string }[] };
  return Object.fromEntries(keys.map((key) => [key.kid, key.publicKey]));
}

let readerReady: Promise<unknown> | null = null;

/** Reads the QR code drawn on screen the way a scanner would: screenshot, then zxing. */
async function scanQrCode(code: Locator): Promise<string | undefined> {
  readerReady ??= prepareZXingModule({
    overrides: { wasmBinary: readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer },
    fireImmediately: true,
  });
  await readerReady;
  const { data, info } = await sharp(await code.screenshot())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const image = { data: new Uint8ClampedArray(data), width: info.width, height: info.height, colorSpace: 'srgb' } as ImageData;
  const [result] = await readBarcodes(image, { formats: ['QRCode'] });
  return result?.text;
}

/** The sandbox provider's hosted page: pay, or simulate a failure. */
async function finishOnSandbox(page: Page, outcome: 'pay' | 'fail') {
  await expect(page).toHaveURL(/\/payment\/sandbox\/sbx_/);
  if (outcome === 'pay') await page.getByRole('button', { name: /^Pay .*€$/ }).click();
  else await page.getByRole('button', { name: 'Simulate a failed payment' }).click();
}

test('an attendee sees the approved pass with a QR code that scans to a verifiable signed token', async ({ page }) => {
  await openPass(page, 'attendee@demo.cloudfest.example');

  await expect(page.getByRole('heading', { name: 'Standard Pass', level: 2 })).toBeVisible();
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  const code = page.getByRole('img', { name: 'Entry barcode of Lena Hoffmann' });
  await expect(code).toBeVisible();
  await expect(page.locator('.pass-badge__holder')).toHaveText('Lena Hoffmann');
  await expect(page.getByText('Pixelhaus Digital GmbH')).toBeVisible();
  await expect(page.getByText(/^24\s?–\s?26 March 2026$/)).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();

  // Large enough to scan at arm's length.
  const box = await code.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(250);

  const token = await barcodeToken(page);
  expect(await scanQrCode(code)).toBe(token);
  const { payload } = decodePassToken(token);
  expect(payload).toMatchObject({ n: 'Lena Hoffmann', c: 'Pixelhaus Digital GmbH', t: 'Standard Pass' });
  // Checked at a moment inside the pass's validity, as a scanner in the hall would.
  const verdict = await verifyPassToken(token, await publicKeys(page), (payload.vf + 3600) * 1000);
  expect(verdict.valid).toBe(true);

  // A Standard Pass has paid upgrades (docs/behaviour.md §7 upgradeableBy).
  await expect(page.getByRole('link', { name: 'Upgrade your pass' })).toBeVisible();
});

test('an upgrade is paid through the provider: new pass type, re-issued barcode, invoice with a PDF', async ({ page }) => {
  await openPass(page, user('013'));
  await expect(page.getByRole('heading', { name: 'Standard Pass', level: 2 })).toBeVisible();
  await expect(page.getByText('Verified', { exact: true })).toBeVisible();
  const oldToken = await barcodeToken(page);

  await page.getByRole('link', { name: 'Upgrade your pass' }).click();
  await expect(page).toHaveURL(/\/pass\/upgrade$/);
  await expect(page.getByRole('heading', { name: 'Upgrade your Pass', level: 1 })).toBeVisible();
  const upgrades = page.getByRole('list', { name: 'Available upgrades' });
  await expect(upgrades.getByRole('heading', { name: 'Business Upgrade' })).toBeVisible();
  await expect(upgrades.getByRole('heading', { name: 'Premium Upgrade' })).toBeVisible();
  await expect(upgrades.getByText('€299.00')).toBeVisible();

  await page.getByRole('button', { name: 'Choose Business Upgrade' }).click();
  const review = page.getByRole('region', { name: 'Your order' });
  await expect(review.getByRole('row', { name: /^Net €299\.00$/ })).toBeVisible();
  const total =
    (await review
      .getByRole('row', { name: /^Total / })
      .getByRole('cell')
      .textContent()) ?? '';
  expect(total).toMatch(/^€\d[\d,]*\.\d\d$/);
  await expect(review.getByRole('row', { name: /^VAT/ })).toBeVisible();

  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await finishOnSandbox(page, 'pay');

  await expect(page).toHaveURL(/\/pass\?session=sbx_/);
  await expect(page.getByText('Payment received.')).toBeVisible();
  const pass = (await (await page.request.get('/api/pass')).json()) as { passType: { name: string } };
  expect(pass.passType.name).not.toBe('Standard Pass');
  await expect(page.getByRole('heading', { name: pass.passType.name, level: 2 })).toBeVisible();
  await expect(page.getByText(`Your pass is now the ${pass.passType.name}.`)).toBeVisible();
  await expect(page.getByRole('img', { name: /^Entry barcode of / })).toBeVisible();

  // The barcode is re-issued with the new type; the old one is on the revocation list.
  const newToken = await barcodeToken(page);
  expect(newToken).not.toBe(oldToken);
  expect(decodePassToken(newToken).payload.t).toBe(pass.passType.name);
  expect(await scanQrCode(page.getByRole('img', { name: /^Entry barcode of / }))).toBe(newToken);
  const revocations = (await (await page.request.get('/api/pass/revocations')).json()) as { revoked: string[] };
  expect(revocations.revoked).toContain(decodePassToken(oldToken).payload.pid);

  // The invoice of the upgrade, with its PDF.
  const notice = page.getByRole('alert').filter({ hasText: 'Payment received.' });
  const invoiceNumber = (await notice.textContent())?.match(/Invoice (\S+) is in/)?.[1];
  expect(invoiceNumber).toBeTruthy();
  await page.getByRole('link', { name: 'your invoices' }).click();
  await expect(page).toHaveURL(/\/invoices$/);
  const invoice = page.getByRole('article', { name: invoiceNumber });
  await expect(invoice).toBeVisible();
  await expect(invoice.getByText(total)).toBeVisible();
  await expect(invoice.getByText('Paid', { exact: true })).toBeVisible();

  const download = page.waitForEvent('download');
  await invoice.getByRole('link', { name: /^Download PDF/ }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  expect(
    readFileSync(await file.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');
  const href = (await invoice.getByRole('link', { name: /^Download PDF/ }).getAttribute('href')) ?? '';
  const pdf = await page.request.get(href);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
});

test('a failed payment says so on /pass/upgrade and the same order can be paid again', async ({ page }) => {
  await openPass(page, user('014'));
  await page.getByRole('link', { name: 'Upgrade your pass' }).click();
  await page.getByRole('button', { name: 'Choose Premium Upgrade' }).click();
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await finishOnSandbox(page, 'fail');

  await expect(page).toHaveURL(/\/pass\/upgrade\?payment=failed&session=sbx_/);
  await expect(page.getByText('Your payment was not successful.')).toBeVisible();
  // The unpaid order is offered again as it was.
  await expect(page.getByRole('heading', { name: 'Your order' })).toBeVisible();
  await expect(page.getByRole('row', { name: /Premium Upgrade/ })).toBeVisible();
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await finishOnSandbox(page, 'pay');

  await expect(page).toHaveURL(/\/pass\?session=sbx_/);
  await expect(page.getByText('Payment received.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Standard Pass', level: 2 })).toHaveCount(0);
});

test('a signed-in user without a pass gets one on /pass/upgrade', async ({ page }) => {
  // A new account has no pass; buying one must not change a seeded user other specs rely on.
  const email = uniqueEmail('no-pass');
  const signUp = await page.request.post('/api/user/sign-up', {
    data: { email, password: STRONG_PASSWORD, firstName: 'Nora', lastName: 'Passless' },
  });
  // 202 "check your inbox", the same answer as for an address with an account.
  expect(signUp.status()).toBe(202);
  await confirmWithPassword(page, await mailedLink(page.request, email));
  await expect(page).toHaveURL(/\/sign-in\?confirmed=1$/);
  await skipSurvey(page);
  await openPass(page, email, STRONG_PASSWORD);

  await expect(page.getByRole('heading', { name: 'No Pass | Get a pass' })).toBeVisible();
  await page.getByRole('link', { name: 'Get a pass' }).click();
  await expect(page).toHaveURL(/\/pass\/upgrade$/);
  await expect(page.getByRole('heading', { name: 'Get a pass', level: 1 })).toBeVisible();
  const passes = page.getByRole('list', { name: 'Available passes' });
  // The free Standard Pass comes through the registration's pool, not through a purchase.
  await expect(passes.getByRole('heading', { name: 'Standard Pass' })).toHaveCount(0);
  await passes.getByRole('button', { name: 'Choose Business Pass' }).click();
  await page.getByRole('button', { name: /^Pay €/ }).click();
  await finishOnSandbox(page, 'pay');

  await expect(page).toHaveURL(/\/pass\?session=sbx_/);
  await expect(page.getByText('Your Business Pass is ready: your entry barcode is below.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Business Pass', level: 2 })).toBeVisible();
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Entry barcode of Nora Passless' })).toBeVisible();
});
