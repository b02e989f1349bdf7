import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Download, devices, expect, type Page, test } from '@playwright/test';
import { badgeOf, bearer, demo, payInSandbox, signIn } from './helpers.ts';

/*
 * The lead scanner (/contacts) with vendor@ as the scanner. Scanned people: attendee003 (first
 * test) and attendee011 (revoked by a pass upgrade after an offline scan); the edit test edits the
 * seeded lead of host@, which the device never scanned. attendee012 is reserved too but unused: its
 * seeded pass type has no upgrade, the only real path that revokes a barcode.
 */

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
  await page.getByLabel('Badge code').fill(badge.tampered);
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

interface ServerLead {
  passiveUser?: { firstName: string; lastName: string };
  notes?: string;
  rating?: number;
  tags?: string[];
  answers?: { question: string; answer: string }[];
}

async function serverLeadNamed(request: APIRequestContext, token: string, name: string): Promise<ServerLead | undefined> {
  const response = await request.get('/api/lead?active=true', { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status()).toBe(200);
  const leads = (await response.json()) as ServerLead[];
  return leads.find((lead) => `${lead.passiveUser?.firstName} ${lead.passiveUser?.lastName}` === name);
}

/** Revokes the user's barcode the way it happens for real: a paid pass upgrade (sandbox payment). */
async function upgradePass(request: APIRequestContext, email: string) {
  const headers = { Authorization: `Bearer ${await bearer(request, email)}` };
  const pass = (await (await request.get('/api/pass', { headers })).json()) as { passType: { id: number } };
  const upgrades = (await (await request.get(`/api/pass/type/paid-upgrade?upgradeableBy=${pass.passType.id}`)).json()) as {
    id: number;
  }[];
  const placed = await request.post('/api/pass/upgrade', { headers, data: { passTypeId: upgrades[0]?.id } });
  expect(placed.status(), await placed.text()).toBe(201);
  const order = (await placed.json()) as { id: string; gross: number };
  await payInSandbox(request, headers, order);
}

/** Signs vendor@ in straight onto /contacts (the scan tab when told). */
async function openContacts(page: Page, tab: 'leads' | 'scan') {
  const target = tab === 'scan' ? '/contacts?currentTab=scan' : '/contacts';
  await page.context().addCookies([{ name: 'survey', value: 'skip', domain: 'localhost', path: '/' }]);
  await page.goto(`/sign-in?redirect=${encodeURIComponent(target)}`);
  await signIn(page, demo('vendor'));
  await expect(page).toHaveURL(tab === 'scan' ? /\/contacts\?currentTab=scan$/ : /\/contacts$/);
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel('Badge code').fill(code);
  await page.getByRole('button', { name: 'Use code' }).click();
}

/** A value of the signed-in user's Dexie meta table, read straight from IndexedDB. */
function storedMeta(page: Page, key: string): Promise<unknown> {
  return page.evaluate(
    (wanted) =>
      new Promise((resolve) => {
        const opening = indexedDB.open('cloudfest');
        opening.onerror = () => resolve(null);
        opening.onsuccess = () => {
          const database = opening.result;
          const reading = database.transaction('meta').objectStore('meta').getAll();
          reading.onsuccess = () => {
            database.close();
            resolve((reading.result as { key: string; value: unknown }[]).find((row) => row.key === wanted)?.value ?? null);
          };
          reading.onerror = () => resolve(null);
        };
      }),
    key,
  );
}

const decodePid = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as { pid: string }).pid;

const downloaded = async (download: Download) => readFileSync((await download.path()) ?? '');

test('a vendor edits a lead offline: kept after a reload, pending, then uploaded', async ({ page, request }) => {
  const host = await badgeOf(request, demo('host'));
  const vendorToken = await bearer(request, demo('vendor'));
  const vendorId = (
    (await (await request.get('/api/user/', { headers: { Authorization: `Bearer ${vendorToken}` } })).json()) as {
      uuid: string;
    }
  ).uuid;

  await openContacts(page, 'leads');
  const myLeads = page.getByRole('list', { name: 'My leads' });
  // The seeded lead of host@ comes from the server: this device never scanned them.
  const line = myLeads.locator(':scope > li', { hasText: host.name });
  await expect(line).toBeVisible();
  // The worker and its caches are ready, so the page reloads without a network.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.waitForFunction(
    (userId) => (JSON.parse(localStorage.getItem('offlineCache') ?? 'null') as { userId?: string } | null)?.userId === userId,
    vendorId,
    { timeout: 30_000 },
  );

  await page.context().setOffline(true);
  await line.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('form', { name: host.name });
  await editor.getByLabel('Notes').fill('Wants a rack quote – Grüße an das Team');
  await editor.getByRole('radio', { name: '4 stars' }).check();
  await editor.getByLabel('Add a tag').fill('hot');
  await editor.getByLabel('Add a tag').press('Enter');
  await editor.getByLabel('Add a tag').fill('edge');
  await editor.getByRole('button', { name: 'Add', exact: true }).click();
  await editor.getByLabel('Add a tag').fill('rack');
  await editor.getByRole('button', { name: 'Remove tag edge' }).click();
  await editor.getByLabel('Timeframe?').selectOption('Within 3 months');
  await editor.getByLabel('Decision maker?').selectOption('Yes');
  // The typed tag "rack" is added on save.
  await editor.getByRole('button', { name: 'Save lead' }).click();
  await expect(editor).toHaveCount(0);

  const expectEdited = async () => {
    await expect(line.getByText('Pending')).toBeVisible();
    await expect(line.getByText('Wants a rack quote – Grüße an das Team')).toBeVisible();
    await expect(line.getByText('Rating 4/5')).toBeVisible();
    await expect(line.getByText('hot', { exact: true })).toBeVisible();
    await expect(line.getByText('rack', { exact: true })).toBeVisible();
    await expect(line.getByText('edge', { exact: true })).toHaveCount(0);
  };
  await expectEdited();
  expect((await serverLeadNamed(request, vendorToken, host.name))?.notes).toBe('');

  await page.reload();
  await expectEdited();
  // The leads of other devices stay listed from the stored copy of the server's list.
  await expect(myLeads.getByText('Lena Hoffmann')).toBeVisible();
  await line.getByRole('button', { name: 'Edit' }).click();
  await expect(editor.getByLabel('Timeframe?')).toHaveValue('Within 3 months');
  await expect(editor.getByRole('radio', { name: '4 stars' })).toBeChecked();
  await editor.getByRole('button', { name: 'Cancel' }).click();

  await page.context().setOffline(false);
  await expect
    .poll(async () => (await serverLeadNamed(request, vendorToken, host.name))?.notes, { timeout: 15_000 })
    .toBe('Wants a rack quote – Grüße an das Team');
  const uploaded = await serverLeadNamed(request, vendorToken, host.name);
  expect(uploaded).toMatchObject({ rating: 4, tags: ['hot', 'rack'] });
  expect(uploaded?.answers).toEqual([
    { question: 'Timeframe?', answer: 'Within 3 months' },
    { question: 'Decision maker?', answer: 'Yes' },
  ]);
  await expect(line.getByText('Pending')).toHaveCount(0, { timeout: 15_000 });
  await expect(myLeads.locator(':scope > li', { hasText: host.name })).toHaveCount(1);
});

test('the leads export as CSV (Excel-ready UTF-8) and vCard, also offline', async ({ page }) => {
  await openContacts(page, 'leads');
  const myLeads = page.getByRole('list', { name: 'My leads' });
  await expect(myLeads.getByText('Lena Hoffmann')).toBeVisible();
  await page.context().setOffline(true);

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const csvFile = await csvDownload;
  expect(csvFile.suggestedFilename()).toMatch(/^cloudfest-leads-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await downloaded(csvFile);
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const text = csv.toString('utf8').slice(1);
  const [header = '', ...rows] = text.split('\r\n');
  expect(header.startsWith('First name,Last name,Company,Pass type,Scanned at,Rating,Tags,')).toBe(true);
  const lena = rows.find((row) => row.startsWith('Lena,Hoffmann,Pixelhaus Digital GmbH,'));
  expect(lena).toContain('"hot, kubernetes"');
  expect(lena).toContain('€20–50k');
  expect(lena).toContain('Runs 40 WordPress sites on shared hosting, wants managed Kubernetes by Q3.');
  expect(rows.at(-1)).toBe('');

  const vcfDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export vCard' }).click();
  const vcfFile = await vcfDownload;
  expect(vcfFile.suggestedFilename()).toMatch(/\.vcf$/);
  const vcf = (await downloaded(vcfFile)).toString('utf8').replaceAll('\r\n ', '');
  const cards = vcf.split('BEGIN:VCARD\r\n').slice(1);
  expect(cards.length).toBe(await myLeads.locator(':scope > li').count());
  const card = cards.find((entry) => entry.includes('FN:Lena Hoffmann\r\n'));
  expect(card).toContain('VERSION:3.0\r\nN:Hoffmann;Lena;;;\r\n');
  expect(card).toContain('ORG:Pixelhaus Digital GmbH\r\n');
  expect(card).toContain('NOTE:Rating: 4/5\\nTags: hot\\, kubernetes\\n');
  expect(card).toContain('Decision maker? Yes');
});

test('a badge scanned offline and revoked before the sync fails with the reason; once the list is fetched, it is refused offline', async ({
  baseURL,
  browser,
  page,
  request,
}) => {
  const badge = await badgeOf(request, demo('attendee011'));
  const vendorToken = await bearer(request, demo('vendor'));
  await openContacts(page, 'scan');
  await expect(page.getByLabel('Badge code')).toBeVisible();

  await page.context().setOffline(true);
  await enterCode(page, badge.token);
  await expect(page.getByTestId('scan-result')).toContainText(badge.name);
  const recent = page.getByRole('list', { name: 'Recent scans' }).locator('li', { hasText: badge.name });
  await expect(recent.getByText('Pending')).toBeVisible();

  // Meanwhile the attendee upgrades the pass: the scanned barcode is revoked.
  await upgradePass(request, demo('attendee011'));
  await page.context().setOffline(false);
  await expect(recent.getByText('Failed: This badge has been revoked.')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('navigation', { name: 'Contacts' }).getByRole('link', { name: 'Leads', exact: true }).click();
  const line = page.getByRole('list', { name: 'My leads' }).locator(':scope > li', { hasText: badge.name });
  await expect(line.getByText('Failed: This badge has been revoked.')).toBeVisible();
  expect(await serverLeadsNamed(request, vendorToken, badge.name)).toBe(0);

  // Another device of the vendor, online once (the list now names the old barcode), then in the hall.
  const { defaultBrowserType: _type, ...pixel } = devices['Pixel 7'];
  const device = await browser.newContext({ ...pixel, baseURL });
  try {
    const other = await device.newPage();
    await openContacts(other, 'scan');
    await expect(other.getByLabel('Badge code')).toBeVisible();
    await device.setOffline(true);
    await enterCode(other, badge.token);
    await expect(other.getByRole('alert').filter({ hasText: 'Badge refused' })).toHaveText(
      'Badge refused: This badge has been revoked. No lead was saved.',
    );
    await expect(other.getByTestId('scan-result')).toHaveCount(0);
    await expect(other.getByRole('list', { name: 'Recent scans' })).toHaveCount(0);
  } finally {
    await device.close();
  }
});

test("the vendor's own badge is refused offline", async ({ page, request }) => {
  const own = await badgeOf(request, demo('vendor'));
  await openContacts(page, 'scan');
  await expect(page.getByLabel('Badge code')).toBeVisible();
  // Online once: the own badge id is kept on the device.
  await expect.poll(() => storedMeta(page, 'ownBadgeId')).toBe(decodePid(own.token));

  await page.context().setOffline(true);
  await enterCode(page, own.token);
  await expect(page.getByRole('alert').filter({ hasText: 'Badge refused' })).toHaveText(
    'Badge refused: You cannot scan your own badge. No lead was saved.',
  );
  await expect(page.getByTestId('scan-result')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Recent scans' })).toHaveCount(0);
});
