import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './helpers.ts';

const demo = (name: string) => `${name}@demo.cloudfest.example`;

async function bearer(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** The badge token attendee003@ shows as their QR code, and the name and company it carries. */
async function badgeOf(request: APIRequestContext, email: string) {
  const response = await request.get('/api/pass/barcode', {
    headers: { Authorization: `Bearer ${await bearer(request, email)}` },
  });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  const [payload = ''] = token.split('.');
  const person = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { n: string; c: string };
  return { token, name: person.n, company: person.c, payload, signature: token.split('.')[1] ?? '' };
}

async function serverLeadsNamed(request: APIRequestContext, token: string, name: string) {
  const response = await request.get('/api/lead?active=true', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  const leads = (await response.json()) as { passiveUser?: { firstName: string; lastName: string } }[];
  return leads.filter((lead) => `${lead.passiveUser?.firstName} ${lead.passiveUser?.lastName}` === name).length;
}

test('a vendor scans a badge by code: shown at once, listed pending, uploaded once; a tampered badge is refused', async ({
  page,
  request,
}) => {
  const badge = await badgeOf(request, demo('attendee003'));
  const vendorToken = await bearer(request, demo('vendor'));

  await page.context().addCookies([{ name: 'survey', value: 'skip', domain: 'localhost', path: '/' }]);
  await page.goto('/sign-in?redirect=%2Fcontacts%3FcurrentTab%3Dscan');
  await signIn(page, demo('vendor'));
  await expect(page).toHaveURL(/\/contacts\?currentTab=scan$/);

  // A changed name keeps the old signature: refused offline, nothing stored.
  const forgedPayload = Buffer.from(
    JSON.stringify({ ...JSON.parse(Buffer.from(badge.payload, 'base64url').toString('utf8')), n: 'Eve Forger' }),
  ).toString('base64url');
  await page.getByLabel('Badge code').fill(`${forgedPayload}.${badge.signature}`);
  await page.getByRole('button', { name: 'Use code' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Badge refused' })).toContainText(
    'Badge refused: This badge has been tampered with',
  );

  // In a hall without signal: verified with the cached keys, listed at once as pending.
  await page.context().setOffline(true);
  await page.getByLabel('Badge code').fill(badge.token);
  await page.getByRole('button', { name: 'Use code' }).click();
  const result = page.getByTestId('scan-result');
  await expect(result).toContainText(badge.name);
  await expect(result).toContainText(badge.company);

  await page.getByRole('navigation', { name: 'Contacts' }).getByRole('link', { name: 'Leads', exact: true }).click();
  const myLeads = page.getByRole('list', { name: 'My leads' });
  await expect(myLeads.getByText(badge.name)).toBeVisible();
  await expect(myLeads.locator('li', { hasText: badge.name }).getByText('Pending')).toBeVisible();
  await expect(myLeads.getByText('Eve Forger')).toHaveCount(0);
  expect(await serverLeadsNamed(request, vendorToken, badge.name)).toBe(0);

  await page.context().setOffline(false);

  // The outbox uploads it: exactly one lead for this person on the server, and the marker goes.
  await expect.poll(() => serverLeadsNamed(request, vendorToken, badge.name), { timeout: 15_000 }).toBe(1);
  await expect(myLeads.locator('li', { hasText: badge.name }).getByText('Pending')).toHaveCount(0, { timeout: 15_000 });
  await expect(myLeads.locator('li', { hasText: badge.name })).toHaveCount(1);
  expect(await serverLeadsNamed(request, vendorToken, 'Eve Forger')).toBe(0);
});
