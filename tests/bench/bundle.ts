import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config.ts';
import { report } from './report.ts';

/** Gzip size of every script a cold visit of `path` loads (the page's own, not the service worker's). */
export async function coldJsKb(baseUrl: string, path: string): Promise<number> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const bodies: Promise<Buffer>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') bodies.push(response.body());
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'networkidle' });
    const bytes = (await Promise.all(bodies)).reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    return bytes / 1024;
  } finally {
    await browser.close();
  }
}

export async function benchBundle(baseUrl: string) {
  report('cold_js_sign_in_gzip', await coldJsKb(baseUrl, '/sign-in'), 'KB', '<= 120 KB');
}
