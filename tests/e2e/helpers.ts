import { type APIRequestContext, expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo-Pass-2026!';
export const STRONG_PASSWORD = 'Kangaroo-Tuesday-88!';

/** A unique address per test run, so reruns against one database never collide. */
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@company.example`;

/** Reads the newest mail to `to` from the local outbox and returns its first link's path. */
export async function mailedLink(request: APIRequestContext, to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      const [mail] = (await res.json()) as { text: string }[];
      link = mail?.text.match(/https?:\/\/[^/\s]+(\/\S+)/)?.[1];
      return link;
    })
    .toBeTruthy();
  return link as string;
}

/**
 * Follows a mailed confirmation link and types the password chosen at sign-up or registration: the
 * link proves the inbox, the password that it was its holder who chose it.
 */
export async function confirmWithPassword(page: Page, link: string, password = STRONG_PASSWORD) {
  await page.goto(link);
  await page.getByLabel('Your chosen password').fill(password);
  await page.getByRole('button', { name: 'Confirm e-mail address' }).click();
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Skips the survey redirect for demo users that have not answered (cookie `survey=skip`, docs/behaviour.md §4). */
export async function skipSurvey(page: Page) {
  const url = new URL(page.url());
  await page.context().addCookies([{ name: 'survey', value: 'skip', domain: url.hostname, path: '/' }]);
}

/** A demo account's e-mail address by role or name (`vendor`, `attendee016`...). */
export const demo = (name: string) => `${name}@demo.cloudfest.example`;

/** Signs in through the API and returns the session token. */
export async function bearer(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/** The badge token a user shows as their QR code, what it says, and a copy with a forged name. */
export async function badgeOf(request: APIRequestContext, email: string) {
  const response = await request.get('/api/pass/barcode', {
    headers: { Authorization: `Bearer ${await bearer(request, email)}` },
  });
  expect(response.status()).toBe(200);
  const { token } = (await response.json()) as { token: string };
  const [payload = '', signature = ''] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as {
    pid: string;
    n: string;
    c: string;
    t: string;
  };
  const forged = Buffer.from(JSON.stringify({ ...claims, n: 'Eve Forger' })).toString('base64url');
  return {
    token,
    barcodeId: claims.pid,
    name: claims.n,
    company: claims.c,
    passType: claims.t,
    /** The same badge with another name and the old signature. */
    tampered: `${forged}.${signature}`,
  };
}

/** Pays an open order through the sandbox provider, as its payment page would on success. */
export async function payInSandbox(
  request: APIRequestContext,
  headers: Record<string, string>,
  order: { id: string; gross: number },
  returnPath = '/pass',
): Promise<void> {
  const session = await request.post('/api/payment/session', {
    headers,
    data: { item: order.id, amount: order.gross, redirectSuccess: returnPath, redirectCancel: returnPath },
  });
  expect(session.status(), await session.text()).toBe(200);
  const { paymentSessionId } = (await session.json()) as { paymentSessionId: string };
  const paid = await request.post(`/payment/sandbox/${paymentSessionId}/complete`, {
    form: { outcome: 'succeeded' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
}
