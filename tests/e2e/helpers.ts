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

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Skips the survey redirect for demo users that have not answered (cookie `survey=skip`, SPEC §4). */
export async function skipSurvey(page: Page) {
  const url = new URL(page.url());
  await page.context().addCookies([{ name: 'survey', value: 'skip', domain: url.hostname, path: '/' }]);
}
