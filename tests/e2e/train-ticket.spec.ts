import { expect, type Page, test } from '@playwright/test';
import { signIn } from './helpers.ts';

/*
 * /train-ticket and /train-ticket/buy/return. vip@ (who has a ticket) is only looked at; the
 * purchase uses its own seeded attendee (attendee017 is reserved for this file).
 */

async function open(page: Page, email: string, path: string) {
  await page.goto(`/sign-in?redirect=${encodeURIComponent(path)}`);
  await signIn(page, email);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
}

test('a user with a ticket sees it, with its code, and is not offered a second one', async ({ page }) => {
  await open(page, 'vip@demo.cloudfest.example', '/train-ticket');
  await expect(page.getByRole('heading', { name: 'Deutsche Bahn Event Ticket – Return, 1st class' })).toBeVisible();
  await expect(page.getByText('DB-EVT-26-4QX7KM')).toBeVisible();
  await expect(page.getByText(/^Bought on /)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Buy a return ticket' })).toHaveCount(0);

  await page.goto('/train-ticket/buy/return');
  await expect(page.getByText('You already have a train ticket')).toBeVisible();
  await expect(page.getByText('DB-EVT-26-4QX7KM')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Review your order' })).toHaveCount(0);
});

test('a return ticket is bought through the provider, after a failed first payment', async ({ page }) => {
  await open(page, 'attendee017@demo.cloudfest.example', '/train-ticket');
  await expect(page.getByRole('heading', { name: 'You have no train ticket yet' })).toBeVisible();
  const offer = page.getByRole('list', { name: 'Tickets on sale' });
  await expect(offer.getByRole('heading', { name: 'Deutsche Bahn Event Ticket – Return, 2nd class' })).toBeVisible();
  await expect(offer.getByText('€109.90')).toBeVisible();

  await page.getByRole('link', { name: 'Buy a return ticket' }).click();
  await expect(page).toHaveURL(/\/train-ticket\/buy\/return$/);
  await page.getByRole('radio', { name: /1st class/ }).check();
  await expect(page.getByText('€179.90 plus VAT')).toBeVisible();
  await page.getByRole('button', { name: 'Review your order' }).click();

  const review = page.getByRole('region', { name: 'Your order' });
  await expect(review.getByRole('row', { name: /1st class .*€179\.90$/ })).toBeVisible();
  await expect(review.getByRole('row', { name: /^VAT/ })).toBeVisible();
  const total =
    (await review
      .getByRole('row', { name: /^Total / })
      .getByRole('cell')
      .textContent()) ?? '';

  // First attempt fails on the provider's page.
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/payment\/sandbox\/sbx_/);
  await page.getByRole('button', { name: 'Simulate a failed payment' }).click();
  await expect(page).toHaveURL(/\/train-ticket\/buy\/return\?payment=failed&session=sbx_/);
  await expect(page.getByText('Your payment was not successful.')).toBeVisible();

  // The same order is offered again; this time the payment goes through.
  await page.getByRole('button', { name: `Pay ${total}` }).click();
  await expect(page).toHaveURL(/\/payment\/sandbox\/sbx_/);
  await page.getByRole('button', { name: /^Pay .*€$/ }).click();

  await expect(page).toHaveURL(/\/train-ticket\/buy\/return\?session=sbx_/);
  await expect(page.getByText('Payment received.')).toBeVisible();
  const ticket = page.getByRole('article', { name: 'Deutsche Bahn Event Ticket – Return, 1st class' });
  await expect(ticket).toBeVisible();
  const code = (await ticket.locator('.train-ticket__code').textContent()) ?? '';
  expect(code).toMatch(/^[A-Z0-9-]{6,}$/);

  await page.getByRole('link', { name: 'Go to your train ticket' }).click();
  await expect(page).toHaveURL(/\/train-ticket$/);
  await expect(page.getByText(code)).toBeVisible();

  // One ticket per attendee: the buy page now shows the ticket instead of the form.
  await page.goto('/train-ticket/buy/return');
  await expect(page.getByText('You already have a train ticket')).toBeVisible();
  await expect(page.getByText(code)).toBeVisible();

  // The invoice is listed.
  await page.goto('/invoices');
  await expect(page.getByRole('article').filter({ hasText: '1st class' }).getByText(total)).toBeVisible();
});
