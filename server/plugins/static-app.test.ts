import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { createTestDatabase, testConfig } from '../testing/test-app.ts';
import { allowScripts, inlineScriptHashes } from './static-app.ts';

/**
 * A miniature dist as `vite build` leaves it with build.chunkImportMap (vite.config.ts): each page
 * carries the import map inline, and the route pages come in English (`<name>.html`) and German.
 */
const IMPORT_MAP = '{"imports":{"/assets/api-AAAAAAAA.js":"/assets/api-BBBBBBBB.js"}}';
const head = (hints: string) =>
  `<!doctype html><html><head><script type="importmap">${IMPORT_MAP}</script>\n<script type="module" crossorigin src="/assets/index-CCCCCCCC.js"></script>${hints}</head><body></body></html>`;
const FILES: Record<string, string> = {
  'index.html': head(''),
  'registration.html': head('<link rel="modulepreload" href="/assets/catalogue-en-registration-DDDDDDDD.js">'),
  'registration.de.html': head('<link rel="modulepreload" href="/assets/catalogue-de-registration-EEEEEEEE.js">'),
  'assets/index-CCCCCCCC.js': 'import "/assets/api-AAAAAAAA.js";',
};
const MAP_SOURCE = `'sha256-${createHash('sha256').update(IMPORT_MAP).digest('base64')}'`;

let distDir: string;
let database: Database;
let app: App;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'cf-dist-'));
  mkdirSync(join(distDir, 'assets'));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(distDir, name), text);
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, distDir });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, acceptLanguage?: string) =>
  app.inject({ method: 'GET', url, headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });

describe('route pages in the language the request prefers', () => {
  it.each([
    ['de-DE,de;q=0.9,en;q=0.8', 'registration.de.html'],
    ['fr, de;q=0.5', 'registration.de.html'],
    ['en-US,en;q=0.9', 'registration.html'],
    ['fr', 'registration.html'],
    [undefined, 'registration.html'],
  ])('Accept-Language %s gets %s, revalidated, varying on the language', async (language, file) => {
    const res = await get('/registration', language);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(FILES[file]);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers.vary).toMatch(/accept-language/i);
  });

  it('other paths keep index.html in every language', async () => {
    expect((await get('/registration/account', 'de')).body).toBe(FILES['index.html']);
    expect((await get('/agenda', 'de')).body).toBe(FILES['index.html']);
  });
});

describe("the pages' inline import map under the strict CSP", () => {
  it.each(['/', '/index.html', '/registration', '/agenda'])('%s allows exactly that script by its hash, once', async (url) => {
    const csp = (await get(url, 'de')).headers['content-security-policy'] as string;
    const scriptSrc = csp.split(';').find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'wasm-unsafe-eval' ${MAP_SOURCE}`);
    expect(csp).toContain("default-src 'self'");
  });

  it('JSON answers keep their own CSP', async () => {
    expect((await get('/api/health')).headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('hashes only inline scripts, by their exact text', () => {
    expect(inlineScriptHashes(FILES['index.html'] as string)).toEqual([MAP_SOURCE]);
    expect(inlineScriptHashes('<noscript>on</noscript><script src="/a.js"></script>')).toEqual([]);
  });

  it('adds the sources to script-src, or to a script-src made from default-src', () => {
    expect(allowScripts("default-src 'self'; script-src 'self'; img-src data:", ["'sha256-x'"])).toBe(
      "default-src 'self'; script-src 'self' 'sha256-x'; img-src data:",
    );
    expect(allowScripts("default-src 'self'; img-src data:", ["'sha256-x'"])).toBe(
      "default-src 'self'; img-src data:; script-src 'self' 'sha256-x'",
    );
  });
});
