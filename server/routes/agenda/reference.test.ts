import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { type AgendaSession, agendaSessionSchema, type Exhibitor, exhibitorSchema } from '#shared/contracts/agenda.ts';
import { agendaSessions } from '../../db/schema/index.ts';
import { acceptsGzip, matchesEtag, SERVER_CACHE_MS } from '../../plugins/public-json.ts';
import { createTestApp } from '../../testing/test-app.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());
afterEach(() => {
  vi.useRealTimers();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/agenda', () => {
  it('lists every seeded session in the contract shape, ordered by start then room', async () => {
    const res = await get('/api/agenda');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const sessions = z.array(agendaSessionSchema).parse(res.json());
    expect(sessions.length).toBeGreaterThanOrEqual(300);
    for (const s of sessions) {
      expect(new Date(s.startsAt).toISOString()).toBe(s.startsAt);
      expect(Date.parse(s.endsAt)).toBeGreaterThan(Date.parse(s.startsAt));
    }
    const keys = sessions.map((s) => `${s.startsAt} ${s.room}`);
    expect(keys).toEqual([...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(sessions.some((s) => s.speakers.length > 0)).toBe(true);
  });

  it('is public: no sign-in needed, cacheable for five minutes, with a weak ETag', async () => {
    const res = await get('/api/agenda');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers.etag).toMatch(/^W\/"[\w-]{27}"$/);
    // A signed-in device gets the same shared answer (the service worker keeps it in the public cache).
    const signedIn = await get('/api/agenda', await t.login('attendee@demo.cloudfest.example'));
    expect(signedIn.headers.etag).toBe(res.headers.etag);
    expect(signedIn.headers['cache-control']).toBe('public, max-age=300');
    expect(signedIn.body).toBe(res.body);
  });

  it('answers 304 without a body to a matching If-None-Match (weak, strong, in a list, or *)', async () => {
    const etag = String((await get('/api/agenda')).headers.etag);
    for (const header of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
      const res = await get('/api/agenda', { 'if-none-match': header });
      expect(res.statusCode, header).toBe(304);
      expect(res.body).toBe('');
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
    }
    expect((await get('/api/agenda', { 'if-none-match': 'W/"stale"' })).statusCode).toBe(200);
  });

  it('shows a changed session once the server cache expires, under a new ETag', async () => {
    const before = await get('/api/agenda');
    const first = (before.json() as AgendaSession[])[0] as AgendaSession;
    await t.database.db.update(agendaSessions).set({ title: 'Renamed keynote' }).where(eq(agendaSessions.id, first.id));

    // Within the cache lifetime the serialized answer is reused as it is.
    expect((await get('/api/agenda')).headers.etag).toBe(before.headers.etag);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + SERVER_CACHE_MS + 1);
    const after = await get('/api/agenda', { 'if-none-match': String(before.headers.etag) });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect((after.json() as AgendaSession[]).find((s) => s.id === first.id)?.title).toBe('Renamed keynote');
  });

  it('sends the same JSON gzipped to clients that accept it, under the same ETag', async () => {
    const plain = await get('/api/agenda');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toContain('accept-encoding');
    const zipped = await get('/api/agenda', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(zipped.headers.etag).toBe(plain.headers.etag);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
  });

  it('answers HEAD with the headers only', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: '/api/agenda' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toMatch(/^W\//);
    expect(res.body).toBe('');
  });
});

describe('GET /api/exhibitors', () => {
  it('lists every exhibitor in the contract shape, ordered by name', async () => {
    const res = await get('/api/exhibitors');
    expect(res.statusCode).toBe(200);
    const list = z.array(exhibitorSchema).parse(res.json()) as Exhibitor[];
    expect(list.length).toBeGreaterThanOrEqual(150);
    expect(Object.keys(list[0] ?? {}).sort()).toEqual(['booth', 'category', 'description', 'hall', 'id', 'name', 'website']);
    const names = list.map((e) => e.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set(list.map((e) => e.booth)).size).toBe(list.length);
  });

  it('is public and cacheable with an ETag, and answers 304 when it matches', async () => {
    const res = await get('/api/exhibitors/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const etag = String(res.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(etag).not.toBe((await get('/api/agenda')).headers.etag);
    const again = await get('/api/exhibitors', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('OpenAPI', () => {
  it('describes the agenda, favourites and exhibitors', async () => {
    const paths = Object.keys((await get('/api/docs/json')).json().paths);
    for (const path of ['/api/agenda', '/api/agenda/favourites', '/api/exhibitors']) {
      expect(
        paths.some((p) => p.replace(/\/$/, '') === path),
        path,
      ).toBe(true);
    }
  });
});

describe('acceptsGzip', () => {
  it('reads Accept-Encoding with q-values and the wildcard', () => {
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip('identity')).toBe(false);
    expect(acceptsGzip('gzip')).toBe(true);
    expect(acceptsGzip('br;q=1.0, GZIP;q=0.5')).toBe(true);
    expect(acceptsGzip('gzip;q=0, *')).toBe(false);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('*;q=0')).toBe(false);
    expect(acceptsGzip('*;q=0, gzip')).toBe(true);
  });
});

describe('matchesEtag', () => {
  it('compares weakly and ignores spacing', () => {
    expect(matchesEtag(undefined, 'W/"a"')).toBe(false);
    expect(matchesEtag('"a"', 'W/"a"')).toBe(true);
    expect(matchesEtag(' "b" ,W/"a" ', 'W/"a"')).toBe(true);
    expect(matchesEtag('"b"', 'W/"a"')).toBe(false);
    expect(matchesEtag('W/"ab"', 'W/"a"')).toBe(false);
  });
});
