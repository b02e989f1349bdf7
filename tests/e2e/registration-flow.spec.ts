import { expect, type Page, test } from '@playwright/test';
import { cancellationVerdict } from '#shared/booking-rules.ts';
import { readCii } from '../../server/testing/en16931.ts';
import { facturXml } from '../../server/testing/pdf-attachments.ts';
import { confirmWithPassword, mailedLink, STRONG_PASSWORD, signIn, uniqueEmail } from './helpers.ts';

/*
 * The registration from the Your Account step on: the free Standard Pass without a hotel,
 * a paid pass with a hotel room and an EU company VAT ID (German VAT by what is sold) paid
 * on the sandbox provider, a failed payment and its retry, the e-mail checks (gray-listed provider, blacklist,
 * host code) and the verbatim messages of docs/behaviour.md §5. Everything goes through the real UI.
 */

const PASSWORD_RULE =
  'Your password must be at least 8 characters long, contain at least one number, one special character and have a mixture of uppercase and lowercase letters.';
const INVALID_VAT_ID = 'Invalid VAT ID (Please fill in only if located in Europe)';

interface Address {
  street: string;
  zip: string;
  city: string;
  country: string;
  company?: string;
  vatId?: string;
}

const GERMAN_ADDRESS: Address = { street: 'Europa-Park-Straße 2', zip: '77977', city: 'Rust', country: 'Germany' };
const AUSTRIAN_COMPANY: Address = {
  company: 'Alpen Hosting GmbH',
  street: 'Mariahilfer Straße 1',
  zip: '1060',
  city: 'Wien',
  country: 'Austria',
  vatId: 'ATU 135 856 27',
};

/** Pass step: a code selects its pass (CF26 → the free Standard Pass), then on to the hotel step. */
async function choosePassWithCode(page: Page, code: string, passName: string) {
  await page.goto('/registration');
  await page.getByLabel(/voucher or discount code/i).fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  await page.getByRole('button', { name: `Continue with ${passName}` }).click();
  await expect(page).toHaveURL(/\/registration\/hotel$/);
}

/** Pass step: a pass card ('Choose Standard Pass' is the free card), then on to the hotel step. */
async function choosePassCard(page: Page, passName: string) {
  await page.goto('/registration');
  await page.getByRole('button', { name: `Choose ${passName}` }).click();
  await expect(page).toHaveURL(/\/registration\/hotel$/);
}

/** Hotel step: 'No hotel'. */
async function chooseNoHotel(page: Page) {
  await page.getByRole('button', { name: /no hotel/i }).click();
  await expect(page).toHaveURL(/\/registration\/account$/);
}

/** Hotel step: the cheapest bookable room of the default stay (the first hotel with rooms, opened). */
async function chooseFirstRoom(page: Page) {
  await page
    .getByRole('button', { name: /^Show rooms/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Select room' }).first().click();
  await expect(page).toHaveURL(/\/registration\/account$/);
}

async function fillAccount(page: Page, email: string, address: Address = GERMAN_ADDRESS) {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(STRONG_PASSWORD);
  await page.getByLabel('Repeat password').fill(STRONG_PASSWORD);
  await page.getByLabel('First name').fill('Erika');
  await page.getByLabel('Last name').fill('Mustermann');
  if (address.company) await page.getByLabel('Company (optional)').fill(address.company);
  await page.getByLabel('Street and house number').fill(address.street);
  await page.getByLabel('Postcode').fill(address.zip);
  await page.getByLabel('City').fill(address.city);
  await page.getByLabel('Country').selectOption({ label: address.country });
  if (address.vatId) {
    const vat = page.getByLabel('VAT ID (optional)');
    await vat.fill(address.vatId);
    await vat.blur();
    await expect(page.getByText('VAT ID verified')).toBeVisible();
    await expect(vat).toHaveValue(address.vatId.replace(/\s+/g, ''));
  }
  await page.getByRole('checkbox', { name: /terms and conditions/ }).check();
}

/**
 * Submits the account form, which always asks to check the inbox ("confirm first"), and
 * follows the confirmation link from the outbox: the registration goes on with the survey.
 */
async function createAccount(page: Page, email: string, address?: Address) {
  await fillAccount(page, email, address);
  await page.getByRole('button', { name: 'Create account and continue' }).click();
  await expect(page.getByText(/Follow the link in it to confirm your address and continue your registration/)).toBeVisible();
  await expect(page).toHaveURL(/\/registration\/account$/);
  await confirmWithPassword(page, await mailedLink(page.request, email));
  await expect(page).toHaveURL(/\/registration\/survey$/);
}

/** The two required questions of the seeded survey. */
async function answerSurvey(page: Page) {
  await page.getByRole('radio', { name: 'Developer / Engineer' }).check();
  await page.getByRole('checkbox', { name: 'Networking' }).check();
  await page.getByRole('button', { name: 'Save answers and continue' }).click();
  await expect(page).toHaveURL(/\/registration\/checkout$/);
}

async function registrationState(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('registration') ?? 'null') as Record<string, unknown> | null);
}

async function storedOrderId(page: Page): Promise<string | undefined> {
  const order = (await registrationState(page))?.order as { id?: string } | null | undefined;
  return order?.id;
}

/** The sandbox provider's hosted page: 'Pay … €' or 'Simulate a failed payment'. */
async function payOnSandbox(page: Page, outcome: 'succeed' | 'fail') {
  await page.getByRole('button', { name: /^Pay now/ }).click();
  await expect(page).not.toHaveURL(/\/registration\/checkout/);
  if (outcome === 'succeed') await page.getByRole('button', { name: /^Pay .*€/ }).click();
  else await page.getByRole('button', { name: 'Simulate a failed payment' }).click();
}

test('a free Standard Pass with a business e-mail and no hotel ends with the pass awaiting approval', async ({ page }) => {
  const email = uniqueEmail('free-pass');
  await choosePassWithCode(page, 'CF26', 'Standard Pass');
  await chooseNoHotel(page);
  await createAccount(page, email);
  await answerSurvey(page);

  await expect(page.getByText('Standard Pass').first()).toBeVisible();
  // A free order: 'Free', no net or VAT lines; the Checkout step is not complete before it is placed.
  await expect(page.getByRole('row', { name: /Total/ })).toContainText('Free');
  await expect(page.getByText(/VAT 19 %/)).toHaveCount(0);
  await expect(page.locator('[data-step="checkout"]')).not.toHaveClass(/is-complete/);
  expect(((await registrationState(page))?.order as { status?: string } | null)?.status).toBe('open');
  await page.getByRole('button', { name: 'Complete registration' }).click();

  await expect(page).toHaveURL(/\/registration\/finish$/);
  await expect(page.getByRole('heading', { name: 'Thank you for registering!' })).toBeVisible();
  await expect(page.getByText('Awaiting approval', { exact: true })).toBeVisible();
  await expect(page.getByText(/Your pass is awaiting approval/)).toBeVisible();
  await expect.poll(async () => (await registrationState(page))?.finished).toBe(true);

  // Leaving for the sign-in resets the registration.
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await expect(page).toHaveURL(/\/sign-in$/);
  expect(await registrationState(page)).toBeNull();
});

/** The amounts of an order's total rows as the page shows them ('€1,079.13' → 107913). */
const cents = (text: string) => Number((/€([\d,]+\.\d{2})/.exec(text)?.[1] ?? 'NaN').replace(/,/g, '').replace('.', ''));

/*
 * A company with a VAT ID pays German VAT by what it buys (19 % on the pass, 7 % on the
 * nights, no reverse charge); the invoice is a ZUGFeRD / Factur-X PDF whose embedded EN 16931 XML
 * says what the pages say, and cancelling the hotel issues a credit note (type 381) naming it.
 */
test('a paid Business Pass with a hotel room and an Austrian VAT ID: 19 % and 7 %, an e-invoice, and a credit note for the cancelled stay', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const email = uniqueEmail('business');
  await choosePassCard(page, 'Business Pass');
  await chooseFirstRoom(page);
  await createAccount(page, email, AUSTRIAN_COMPANY);
  await answerSurvey(page);

  await expect(page.getByText(/nights × €/)).toBeVisible();
  await expect(page.getByText(/reverse charge/i)).toHaveCount(0);
  const vat19 = cents((await page.getByRole('row', { name: /VAT 19 %/ }).textContent()) ?? '');
  const vat7 = cents((await page.getByRole('row', { name: /VAT 7 %/ }).textContent()) ?? '');
  const total = cents((await page.getByRole('row', { name: /Total/ }).textContent()) ?? '');
  expect(vat19).toBeGreaterThan(0);
  expect(vat7).toBeGreaterThan(0);

  await payOnSandbox(page, 'succeed');
  await expect(page).toHaveURL(/\/registration\/finish\?session=/);
  await expect(page.getByRole('heading', { name: 'Thank you for registering!' })).toBeVisible();
  await expect(page.getByText('Approved', { exact: true })).toBeVisible();
  await expect(page.getByText('Invoice number')).toBeVisible();
  const number = ((await page.locator('.reg-finish__invoice').textContent()) ?? '').trim();
  expect(number).toMatch(/^CF-\d{4}-\d{6}$/);

  // /invoices: the card's amount is the checkout's total; its PDF carries the same sale as EN 16931 XML.
  await page.getByRole('link', { name: 'Go to sign in' }).click();
  await page.goto('/sign-in?redirect=%2Finvoices');
  await signIn(page, email, STRONG_PASSWORD);
  await expect(page).toHaveURL(/\/invoices$/);
  const card = page.getByRole('article', { name: number });
  await expect(card.locator('.invoice__amount')).toHaveText(
    `€${(total / 100).toLocaleString('en-IE', { minimumFractionDigits: 2 })}`,
  );
  const pdf = await page.request.get((await card.getByRole('link', { name: /^Download PDF/ }).getAttribute('href')) ?? '');
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  const invoice = readCii((await facturXml(await pdf.body())) ?? '');
  expect(invoice).toMatchObject({ typeCode: '380', number, buyer: { vatId: 'ATU13585627', countryCode: 'AT' } });
  expect(invoice.totals.grandTotal).toBe(total);
  expect(invoice.taxes.map((tax) => [tax.rate, tax.tax])).toEqual([
    [19, vat19],
    [7, vat7],
  ]);
  // The XML alone (for accounting software) is the embedded one.
  const xml = await page.request.get((await card.getByRole('link', { name: /^E-invoice as XML/ }).getAttribute('href')) ?? '');
  expect(readCii(await xml.text())).toEqual(invoice);

  // Cancelling the stay refunds the nights with a credit note naming the invoice, while the rules
  // allow it (never after arrival: once the edition's stay dates have passed, the booking tests of
  // the server suite cover the credit note's XML with a stay in the future).
  await page.goto('/accommodation');
  await page.locator('main a[href^="/accommodation/"]:not([href="/accommodation/book"])').first().click();
  const here = page.getByRole('region', { name: 'Your bookings here' });
  await expect(here.getByText('Confirmed', { exact: true })).toBeVisible();
  const stay = await page.request.get('/api/booking');
  const [booking] = (await stay.json()) as { start: string; end: string; createdAt: string }[];
  if (!booking) throw new Error('the registration booked no room');
  const verdict = cancellationVerdict({ status: 'confirmed', start: booking.start, end: booking.end, createdAt: new Date() });
  if (!verdict.allowed) {
    await expect(here.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
    return;
  }
  await here.getByRole('button', { name: 'Cancel booking' }).click();
  await here.getByRole('button', { name: 'Yes, cancel booking' }).click();
  await expect(here.getByText('Booking cancelled.')).toBeVisible();
  await page.goto('/invoices');
  const note = page.locator('article.invoice--credit-note');
  await expect(note).toHaveCount(1);
  const noteXml = await page.request.get(
    (await note.getByRole('link', { name: /^E-invoice as XML/ }).getAttribute('href')) ?? '',
  );
  const credit = readCii(await noteXml.text());
  expect(credit).toMatchObject({ typeCode: '381', preceding: { number } });
  expect(credit.taxes.map((tax) => [tax.rate, tax.tax])).toEqual([[7, vat7]]);
});

test('a failed payment shows the 402 page, and paying again from the checkout succeeds', async ({ page }) => {
  const email = uniqueEmail('retry');
  await choosePassCard(page, 'Business Pass');
  await chooseNoHotel(page);
  await createAccount(page, email);
  await answerSurvey(page);
  await expect(page.getByText('VAT 19 %')).toBeVisible();
  const orderId = await storedOrderId(page);
  expect(orderId).toBeTruthy();

  await payOnSandbox(page, 'fail');
  await expect(page).toHaveURL(/\/registration\/checkout\?payment=failed(&|$)/);
  await expect(page.getByRole('heading', { name: 'Oops. Payment was not successful.' })).toBeVisible();
  await expect(page.getByText(/something wrong with the supplied payment data/)).toBeVisible();

  // Back to the checkout: the same order, a new payment session.
  await page.getByRole('link', { name: 'Back to checkout' }).click();
  await expect(page.getByRole('button', { name: /^Pay now/ })).toBeVisible();
  expect(await storedOrderId(page)).toBe(orderId);
  await payOnSandbox(page, 'succeed');
  await expect(page).toHaveURL(/\/registration\/finish\?session=/);
  await expect(page.getByText('Invoice number')).toBeVisible();

  // Paid once: the checkout now leads straight to the finish page instead of asking again, and the
  // server refuses another payment session for the order.
  const state = (await registrationState(page)) as {
    account: { registrationToken: string };
    order: { id: string; gross: number; status: string };
  };
  const token = state.account.registrationToken;
  const order = state.order;
  expect(order.id).toBe(orderId);
  expect(order.status).toBe('paid');
  const again = await page.request.post('/api/payment/session', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      item: order.id,
      amount: order.gross,
      redirectSuccess: '/registration/finish',
      redirectCancel: '/registration/checkout',
    },
  });
  expect(again.status()).toBe(409);
  await page.goto('/registration/checkout');
  await expect(page).toHaveURL(/\/registration\/finish/);
});

test('a gray-listed e-mail provider is refused the free Standard Pass', async ({ page }) => {
  await choosePassCard(page, 'Standard Pass');
  await page.goto('/registration/account');
  const emailField = page.getByLabel('E-mail address');
  await emailField.fill(`erika.${Date.now()}@gmail.com`);
  await emailField.blur();
  await expect(page.getByText(/The free Standard Pass is only available with a business e-mail address/)).toBeVisible();
  await expect(emailField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('link', { name: 'Choose another pass' })).toHaveAttribute('href', '/registration');

  // Submitting does not get past it either.
  await fillAccount(page, `erika.${Date.now()}@gmail.com`);
  await page.getByRole('button', { name: 'Create account and continue' }).click();
  await expect(page).toHaveURL(/\/registration\/account$/);
  await expect(page.getByText(/only available with a business e-mail address/)).toBeVisible();
});

test('a blacklisted e-mail address clears the chosen pass', async ({ page }) => {
  await choosePassCard(page, 'Business Pass');
  await page.goto('/registration/account');
  await expect(page.locator('.reg-chosen-pass')).toContainText('Business Pass');
  const emailField = page.getByLabel('E-mail address');
  await emailField.fill(`someone.${Date.now()}@spam-mail.example`);
  await emailField.blur();
  await expect(page.getByText(/Registration is not possible with this e-mail address/).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Choose your pass' })).toBeVisible();
  await expect(page.locator('.reg-chosen-pass')).toHaveCount(0);
  const state = await registrationState(page);
  expect(state?.pass).toBeNull();
  expect(state?.isBlacklisted).toBe(true);
});

test('a host code with an address that is not invited goes back to /registration', async ({ page }) => {
  await choosePassWithCode(page, 'HOST-EUROPA-2026', 'Host Pass');
  await page.goto('/registration/account');
  const emailField = page.getByLabel('E-mail address');
  await emailField.fill(uniqueEmail('uninvited'));
  await emailField.blur();
  await expect(page).toHaveURL(/\/registration$/);
  await expect(page.getByText(/only valid for e-mail addresses invited by the host/)).toBeVisible();
});

test('the validation messages appear verbatim on the account and survey steps', async ({ page }) => {
  await choosePassCard(page, 'Standard Pass');
  await page.goto('/registration/account');
  await expect(page.getByText(PASSWORD_RULE).first()).toBeVisible();

  const passwordField = page.getByLabel('Password', { exact: true });
  await passwordField.fill('Password1!');
  await expect(page.getByText('Password is too weak.').first()).toBeVisible();

  const vat = page.getByLabel('VAT ID (optional)');
  await vat.fill('DE 123');
  await vat.blur();
  await expect(page.getByText(INVALID_VAT_ID)).toBeVisible();
  await expect(vat).toHaveAttribute('aria-invalid', 'true');
  await expect(vat).toHaveValue('DE123');
  await vat.fill('');
  await vat.blur();
  await expect(page.getByText(INVALID_VAT_ID)).toBeHidden();

  await createAccount(page, uniqueEmail('messages'));
  await page.getByRole('button', { name: 'Save answers and continue' }).click();
  await expect(page.getByText('This question is required.').first()).toBeVisible();
  await expect(page.getByText('This question is required.')).toHaveCount(2);

  for (const topic of ['Cloud Native', 'AI & Data', 'Security', 'Sustainability']) {
    await page.getByRole('checkbox', { name: topic }).check();
  }
  await expect(page.getByText('Please select no more than 3 options.')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Sustainability' }).uncheck();
  await expect(page.getByText('Please select no more than 3 options.')).toBeHidden();
  await answerSurvey(page);
});

test('the confirmation link opened on another device restores the pass and details and asks for the hotel again', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('other-device');
  await choosePassCard(page, 'Business Pass');
  await chooseNoHotel(page);
  await fillAccount(page, email);
  await page.getByRole('button', { name: 'Create account and continue' }).click();
  await expect(page.getByText(/continue your registration/)).toBeVisible();

  const phone = await (await browser.newContext({ baseURL })).newPage();
  await confirmWithPassword(phone, await mailedLink(page.request, email));
  await expect(phone).toHaveURL(/\/registration\/hotel$/);
  const state = await registrationState(phone);
  expect(state).toMatchObject({ email, firstName: 'Erika', lastName: 'Mustermann', pass: { name: 'Business Pass' } });
  await chooseNoHotel(phone);
  await phone.getByRole('link', { name: 'Continue' }).click();
  await expect(phone).toHaveURL(/\/registration\/survey$/);
  await answerSurvey(phone);
  await expect(phone.getByText('VAT 19 %')).toBeVisible();
  await phone.context().close();
});
