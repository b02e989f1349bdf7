import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { payInSandbox, signIn } from './helpers.ts';

/*
 * /invoices. Each test uses its own seeded attendee (attendee009 and attendee019 are reserved for
 * this file). The purchase behind the invoice is made through the API and the sandbox provider's
 * form, so this file tests the list and the download, not the purchase pages.
 */

const user = (n: string) => `attendee${n}@demo.cloudfest.example`;

async function openInvoices(page: Page, email: string) {
  await page.goto('/sign-in?redirect=%2Finvoices');
  await signIn(page, email);
  await expect(page).toHaveURL(/\/invoices$/);
}

interface OrderAnswer {
  id: string;
  gross: number;
}

/** Buys the cheapest train ticket as the signed-in user (bearer token from the page) and pays it in the sandbox. */
async function buyTrainTicket(page: Page): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const [type] = (await (await page.request.get('/api/train-ticket/type', { headers })).json()) as { id: number }[];
  const orderResponse = await page.request.post('/api/train-ticket', { headers, data: { typeId: type?.id } });
  expect(orderResponse.status()).toBe(201);
  const order = (await orderResponse.json()) as OrderAnswer;
  await payInSandbox(page.request, headers, order, '/invoices');
}

const euro = (cents: number) => `€${(cents / 100).toLocaleString('en-IE', { minimumFractionDigits: 2 })}`;

test('without purchases the invoices page says there is nothing yet', async ({ page }) => {
  await openInvoices(page, user('009'));
  await expect(page.getByRole('heading', { name: 'Invoices', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No invoices yet' })).toBeVisible();
});

test('an invoice is listed with number, date, amount and status, and its PDF downloads', async ({ page }) => {
  await openInvoices(page, user('019'));
  await expect(page.getByRole('heading', { name: 'No invoices yet' })).toBeVisible();
  await buyTrainTicket(page);
  const [invoice] = (await (await page.request.get('/api/invoice')).json()) as {
    number: string;
    issuedAt: string;
    gross: number;
  }[];
  expect(invoice).toBeDefined();
  if (!invoice) return;

  await page.reload();
  const card = page.getByRole('article', { name: invoice.number });
  await expect(card).toBeVisible();
  await expect(card.getByText('Deutsche Bahn Event Ticket')).toBeVisible();
  const issued = new Date(invoice.issuedAt).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
  await expect(card.getByText(issued, { exact: true })).toBeVisible();
  await expect(card.getByText(euro(invoice.gross), { exact: true })).toBeVisible();
  await expect(card.getByText('Paid', { exact: true })).toBeVisible();

  const link = card.getByRole('link', { name: /^Download PDF/ });
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${invoice.number}.pdf`);
  expect(
    readFileSync(await file.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');

  const pdf = await page.request.get((await link.getAttribute('href')) ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).length).toBeGreaterThan(1000);
});
