import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizersOnly } from '../../plugins/access.ts';
import { createTestApp } from '../../testing/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
const who: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  t = await createTestApp();
  for (const kind of ['attendee', 'vendor', 'staff', 'organizer']) who[kind] = await t.login(`${kind}@demo.cloudfest.example`);
});
afterAll(async () => t?.close());

const methodsOf = (route: RouteOptions) => [route.method].flat().filter((m) => m !== 'HEAD' && m !== 'OPTIONS');
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
const organizerApi = () => t.app.routeTable.filter((route) => route.url.startsWith('/api/organizer'));

function call(method: string, url: string, headers: Record<string, string> = {}) {
  const withBody = method !== 'GET' && method !== 'DELETE';
  return t.app.inject({ method: method as 'GET', url: concrete(url), headers, ...(withBody ? { payload: { junk: true } } : {}) });
}

describe('the organizer API', () => {
  it('has every organizer route signed in and organizer-only on onRequest', () => {
    // The walk is only worth something if it finds the console's routes.
    expect(organizerApi().length).toBeGreaterThan(20);
    const unguarded = organizerApi()
      .filter((route) => {
        const hooks = [route.onRequest ?? []].flat();
        return !(hooks[0] === t.app.authenticate && hooks.includes(organizersOnly));
      })
      .map((route) => `${[route.method].flat().join(',')} ${route.url}`);
    expect(unguarded).toEqual([]);
  });

  it('lists every organizer call in the OpenAPI document, tagged organizer', async () => {
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(docs.statusCode).toBe(200);
    const paths = docs.json().paths as Record<string, Record<string, { tags?: string[] }>>;
    const missing = organizerApi().flatMap((route) =>
      methodsOf(route).flatMap((method) => {
        const path = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
        const operation = paths[path]?.[method.toLowerCase()];
        return operation?.tags?.includes('organizer') ? [] : [`${method} ${path}`];
      }),
    );
    expect(missing).toEqual([]);
  });

  it('refuses anonymous callers (401) and attendees, vendors and staff (403) on every organizer route', async () => {
    for (const route of organizerApi()) {
      for (const method of methodsOf(route)) {
        const name = `${method} ${route.url}`;
        expect({ name, status: (await call(method, route.url)).statusCode }).toEqual({ name, status: 401 });
        for (const kind of ['attendee', 'vendor', 'staff']) {
          const res = await call(method, route.url, who[kind]);
          expect({ name, kind, status: res.statusCode }).toEqual({ name, kind, status: 403 });
        }
      }
    }
  });
});
