import { gzipSync } from 'node:zlib';
import { launchChromium, report } from './report.ts';

/**
 * Gzip size of every script a cold visit of `path` loads (the page's own, not the service worker's),
 * and whether zxcvbn (its chunk carries the 'zxcvbn' frequency lists) was among them.
 */
export async function coldJs(baseUrl: string, path: string): Promise<{ kb: number; zxcvbn: boolean }> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const bodies: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.body());
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    const scripts = await Promise.all(bodies);
    const bytes = scripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    // zxcvbn's password list starts with these words; no other chunk carries them.
    const zxcvbn = scripts.some((body) => body.includes('123456,password,12345678,qwerty'));
    return { kb: bytes / 1024, zxcvbn };
  } finally {
    await browser.close();
  }
}

export async function benchBundle(baseUrl: string) {
  const signIn = await coldJs(baseUrl, '/sign-in');
  report('cold_js_sign_in_gzip', signIn.kb, 'KB', '<= 120 KB');
  const registration = await coldJs(baseUrl, '/registration');
  report('cold_js_registration_gzip', registration.kb, 'KB', '<= 130 KB');
  report('zxcvbn_loaded_on_registration_landing', registration.zxcvbn ? 1 : 0, 'bool', '0 (only the account step loads it)');
}
