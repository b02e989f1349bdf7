import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import type { Database } from '../db/client.ts';
import { createTestDatabase, testConfig } from '../testing/test-app.ts';

/**
 * A miniature dist laid out as `vite build` leaves it: each compressible file with its .br and .gz
 * siblings (vite.config.ts), so the server's content negotiation is tested without a 30 s build.
 */
const VENDOR = 'assets/vendor-Ab12Cd34.js';
const FILES: Record<string, string> = {
  'index.html': `<!doctype html><html><head><link rel="manifest" href="/manifest.webmanifest"></head><body>${'<!-- shell -->'.repeat(40)}</body></html>`,
  'registration.html': '<!doctype html><html><head><link rel="modulepreload" href="/assets/registration-page.js"></head></html>',
  'sw.js': `self.__WB_MANIFEST=${JSON.stringify(Array.from({ length: 40 }, (_, i) => ({ url: `assets/chunk-${i}.js` })))};`,
  'manifest.webmanifest': JSON.stringify({
    name: 'CloudFest',
    icons: Array.from({ length: 10 }, (_, i) => ({ src: `/icons/${i}.png` })),
  }),
  [VENDOR]: `export const rows=${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, label: `row ${i}` })))};`,
};

let distDir: string;
let database: Database;
let app: App;

beforeAll(async () => {
  distDir = mkdtempSync(join(tmpdir(), 'cf-dist-'));
  mkdirSync(join(distDir, 'assets'));
  for (const [name, text] of Object.entries(FILES)) {
    const file = join(distDir, name);
    writeFileSync(file, text);
    writeFileSync(`${file}.br`, brotliCompressSync(text));
    writeFileSync(`${file}.gz`, gzipSync(text));
  }
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, distDir });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(distDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

const IMMUTABLE = 'public, max-age=31536000, immutable';

describe('static files: pre-compressed variants by content negotiation', () => {
  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)(
    'a hashed asset comes %s-encoded, immutable, varying on Accept-Encoding, and decodes to the original',
    async (encoding, decode) => {
      const plain = await get(`/${VENDOR}`);
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.toString()).toBe(FILES[VENDOR]);

      const res = await get(`/${VENDOR}`, encoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control']).toBe(IMMUTABLE);
      expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
      expect(decode(res.rawPayload).equals(plain.rawPayload)).toBe(true);
      // The identity answer varies too: a shared cache must not hand it to a client that takes br.
      expect(plain.headers.vary).toMatch(/accept-encoding/i);
      expect(plain.headers['cache-control']).toBe(IMMUTABLE);
    },
  );

  it("prefers brotli for a browser's usual Accept-Encoding", async () => {
    expect((await get(`/${VENDOR}`, 'gzip, deflate, br, zstd')).headers['content-encoding']).toBe('br');
  });

  it.each(['/', '/index.html', '/agenda/some-session'])(
    'the shell at %s is revalidated every time and compressed',
    async (url) => {
      const res = await get(url, 'br');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(FILES['index.html']);
    },
  );

  it('a route page (index.html plus preload hints) answers exactly its path, other paths get index.html', async () => {
    for (const url of ['/registration', '/registration/', '/registration?voucher=CF26']) {
      const res = await get(url, 'br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(FILES['registration.html']);
    }
    expect((await get('/registration/account')).body).toBe(FILES['index.html']);
  });

  it('the service worker and the manifest are revalidated every time, with their own content types', async () => {
    const sw = await get('/sw.js', 'gzip');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(sw.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(sw.rawPayload).toString()).toBe(FILES['sw.js']);

    for (const encoding of [undefined, 'br']) {
      const manifest = await get('/manifest.webmanifest', encoding);
      expect(manifest.headers['cache-control']).toBe('no-cache');
      expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
      expect(manifest.headers['content-encoding']).toBe(encoding);
    }
  });
});

describe('API JSON: compressed per request above 1 KB', () => {
  it.each([
    ['br', brotliDecompressSync],
    ['gzip', gunzipSync],
  ] as const)('a large JSON answer comes %s-encoded and decodes to the identity answer', async (encoding, decode) => {
    const plain = await get('/api/country');
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const res = await get('/api/country', `${encoding}, identity`);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(decode(res.rawPayload).toString())).toEqual(plain.json());
  });

  it('a small JSON answer is sent as it is', async () => {
    const res = await get('/api/health', 'gzip, deflate, br, zstd');
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('a small problem+json answer is sent as it is', async () => {
    const res = await get('/api/user/', 'br');
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
