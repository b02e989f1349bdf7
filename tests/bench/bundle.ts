import { request as httpRequest } from 'node:http';
import type { Response } from '@playwright/test';
import { launchChromium, report } from './report.ts';
import { runStandalone } from './standalone.ts';

export interface FirstLoad {
  /** Script bodies as sent (compressed by the server's content negotiation), in KB. */
  jsKb: number;
  /** The same scripts as a browser that takes gzip only gets them, in KB (what the budget counts). */
  jsGzipKb: number;
  /** Every response of the load, body as sent plus response headers, in KB. */
  totalKb: number;
  /** Whether zxcvbn (its chunk carries the 'zxcvbn' frequency lists) was among the scripts. */
  zxcvbn: boolean;
}

/**
 * Bytes on the wire for a first visit of `path` with an empty cache and no service worker: what a
 * phone on the venue Wi-Fi downloads before the page is usable. Chromium asks for br/gzip as every
 * browser does, so the figures are what the server really sends, not what a gzip here would make.
 */
export async function firstLoad(baseUrl: string, path: string): Promise<FirstLoad> {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const responses: Response[] = [];
    page.on('response', (response) => responses.push(response));
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    let js = 0;
    let jsGzip = 0;
    let total = 0;
    let zxcvbn = false;
    for (const response of responses) {
      // Encoded (on-the-wire) body size, as DevTools' "transferred" column counts it.
      const sizes = await response.request().sizes();
      total += sizes.responseBodySize + sizes.responseHeadersSize;
      if (response.request().resourceType() !== 'script') continue;
      // A chunk name the import map did not resolve gets the HTML shell (the SPA fallback): a broken
      // build that would otherwise still be counted.
      if (!/javascript/.test(response.headers()['content-type'] ?? ''))
        throw new Error(`${response.url()} is not JavaScript: is the import map in ${path}'s page?`);
      js += sizes.responseBodySize;
      jsGzip += await gzipBytes(response.url());
      // zxcvbn's password list starts with these words; no other chunk carries them.
      if ((await response.body()).includes('123456,password,12345678,qwerty')) zxcvbn = true;
    }
    return { jsKb: js / 1024, jsGzipKb: jsGzip / 1024, totalKb: total / 1024, zxcvbn };
  } finally {
    await browser.close();
  }
}

/** Bytes of `url`'s body as sent to a client that accepts gzip only (node:http does not decompress). */
function gzipBytes(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve(bytes));
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

export async function benchBundle(baseUrl: string) {
  const signIn = await firstLoad(baseUrl, '/sign-in');
  report('wire_js_sign_in', signIn.jsKb, 'KB', '<= 130 KB');
  report('first_load_js_gzip_sign_in', signIn.jsGzipKb, 'KB', '<= 120 KB');
  report('wire_total_sign_in', signIn.totalKb, 'KB');
  const registration = await firstLoad(baseUrl, '/registration');
  report('wire_js_registration', registration.jsKb, 'KB', '<= 130 KB');
  report('first_load_js_gzip_registration', registration.jsGzipKb, 'KB', '<= 130 KB');
  report('wire_total_registration', registration.totalKb, 'KB');
  report('zxcvbn_loaded_on_registration_landing', registration.zxcvbn ? 1 : 0, 'bool', '0 (only the account step loads it)');
}

await runStandalone(import.meta.url, benchBundle);
