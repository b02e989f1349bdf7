import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from '@playwright/test';
import { build } from 'esbuild';
import { launchChromium, report } from './report.ts';
import { runStandalone } from './standalone.ts';

/**
 * The pass page's budgets: the JavaScript the /pass route adds to the signed-in shell
 * (≤ 40 KB gzip) and the time to draw the pass's QR code in the browser (≤ 20 ms).
 */

const DEMO_EMAIL = 'attendee@demo.cloudfest.example';
const DEMO_PASSWORD = 'Demo-Pass-2026!';
const QR_DRAWS = 30;

const isScript = (url: string) => new URL(url).pathname.endsWith('.js');

async function signIn(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/sign-in`);
  await page.getByLabel('E-mail address').fill(DEMO_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/`);
  await page.waitForLoadState('networkidle');
}

/**
 * Signed in on the dashboard (the shell: layouts, session, API client, home page), then a click on
 * the Pass tab: the gzip size of every script that navigation loads and the shell had not, until
 * the QR code is on screen and the network is idle. The service worker is blocked so its precache
 * downloads do not count.
 */
async function passRouteJs(browser: Browser, baseUrl: string): Promise<number> {
  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const seen = new Set<string>();
    const added: Promise<Buffer>[] = [];
    let navigating = false;
    page.on('response', (response) => {
      const url = response.url();
      if (!isScript(url) || seen.has(url)) return;
      seen.add(url);
      if (navigating) added.push(response.body());
    });
    await signIn(page, baseUrl);
    navigating = true;
    await page.getByRole('link', { name: 'Pass', exact: true }).first().click();
    await page.getByRole('img', { name: /^Entry barcode of / }).waitFor();
    await page.waitForLoadState('networkidle');
    const bodies = await Promise.all(added);
    if (bodies.length === 0) throw new Error('The /pass navigation loaded no script: is the route chunk inlined in the shell?');
    return bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0) / 1024;
  } finally {
    await context.close();
  }
}

/**
 * The app's own QR drawing (src/lib/qr-code.ts, bundled and minified like the build does) run in
 * the page on the signed-in user's real token: encode, write the path into an SVG in the document
 * and force layout, timed with performance.now(). The first draw warms the JIT and is left out.
 */
async function qrDrawMs(browser: Browser, baseUrl: string): Promise<{ median: number; first: number }> {
  const bundle = await build({
    entryPoints: [join(import.meta.dirname, '../../src/lib/qr-code.ts')],
    bundle: true,
    format: 'iife',
    globalName: '__passQr',
    platform: 'browser',
    minify: true,
    write: false,
  });
  const source = bundle.outputFiles[0]?.text;
  if (!source) throw new Error('esbuild produced no bundle for src/lib/qr-code.ts');

  const context = await browser.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await signIn(page, baseUrl);
    // Evaluated through the DevTools protocol, so the page's CSP (no inline scripts) does not apply;
    // the bundle's top-level `var` stays local to that evaluation, hence the explicit global.
    await page.evaluate(`${source}\nglobalThis.__passQr = __passQr;`);
    return await page.evaluate(async (draws) => {
      const qr = (globalThis as unknown as { __passQr: typeof import('../../src/lib/qr-code.ts') }).__passQr;
      const response = await fetch('/api/pass/barcode', {
        headers: { Authorization: `Bearer ${localStorage.getItem('token')}` },
      });
      const { token } = (await response.json()) as { token: string };
      const svgNs = 'http://www.w3.org/2000/svg';
      const svg = document.createElementNS(svgNs, 'svg');
      svg.setAttribute('width', '320');
      svg.setAttribute('height', '320');
      const path = document.createElementNS(svgNs, 'path');
      svg.append(path);
      document.body.append(svg);
      const times: number[] = [];
      for (let i = 0; i <= draws; i++) {
        // A different last character each time so nothing can be reused between draws.
        const text = i === 0 ? token : `${token.slice(0, -1)}${'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefgh'[i % 34]}`;
        const started = performance.now();
        const drawn = qr.qrCodeSvg(text);
        svg.setAttribute('viewBox', `0 0 ${drawn.size} ${drawn.size}`);
        path.setAttribute('d', drawn.path);
        svg.getBoundingClientRect();
        times.push(performance.now() - started);
      }
      svg.remove();
      const [first = Number.NaN, ...rest] = times;
      rest.sort((a, b) => a - b);
      return { first, median: rest[Math.floor(rest.length / 2)] ?? Number.NaN };
    }, QR_DRAWS);
  } finally {
    await context.close();
  }
}

export async function benchPassPage(baseUrl: string) {
  const browser = await launchChromium();
  try {
    report('pass_route_js_gzip', await passRouteJs(browser, baseUrl), 'KB', '<= 40 KB');
    const draw = await qrDrawMs(browser, baseUrl);
    report('pass_qr_draw_ms_median', draw.median, 'ms', '<= 20 ms');
    console.log(`  (first QR draw, cold JIT: ${draw.first.toFixed(2)} ms)`);
  } finally {
    await browser.close();
  }
}

// `node --import tsx tests/bench/pass-page.ts` measures this bench alone.
await runStandalone(import.meta.url, benchPassPage);
