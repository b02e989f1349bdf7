import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadScannersOnly, staffOnly } from '../plugins/access.ts';
import { createTestApp } from '../testing/test-app.ts';
import { eventDevicesOnly } from './devices/index.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let attendee: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  attendee = await t.login('attendee@demo.cloudfest.example');
});
afterAll(async () => t?.close());

const hooksOf = (route: RouteOptions) => [route.onRequest ?? []].flat();
const methodsOf = (route: RouteOptions) => [route.method].flat().filter((m) => m !== 'HEAD' && m !== 'OPTIONS');

/** The route's URL with every parameter filled: the router matches any value, validation comes later. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'not-a-valid-value').replace(/\*$/, 'x');

/** A body no route accepts, sent as JSON wherever a body may be sent. */
function junk(method: string, url: string, headers: Record<string, string> = {}) {
  const withBody = method !== 'GET' && method !== 'DELETE';
  return t.app.inject({
    method: method as 'GET',
    url: `${concrete(url)}?junk=${'x'.repeat(10)}`,
    headers,
    ...(withBody ? { payload: { junk: true, ops: 'nope' } } : {}),
  });
}

function apiRoutes() {
  return t.app.routeTable.filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs'));
}

describe('the route table', () => {
  it('has every protected route answer an anonymous caller 401 before looking at the request', async () => {
    const signedIn = new Set<unknown>([t.app.authenticate, t.app.authenticateRegistration]);
    const protectedRoutes = apiRoutes().filter((route) => hooksOf(route).some((hook) => signedIn.has(hook)));
    // The walk is only worth something if it finds the app's protected routes.
    expect(protectedRoutes.length).toBeGreaterThan(40);
    for (const route of protectedRoutes) {
      for (const method of methodsOf(route)) {
        const res = await junk(method, route.url);
        expect({ route: `${method} ${route.url}`, status: res.statusCode }).toEqual({
          route: `${method} ${route.url}`,
          status: 401,
        });
        // The 401 says nothing about what the route expects.
        expect(res.json().errors).toBeUndefined();
      }
    }
  });

  it('has role-limited routes refuse a signed-in user without the role before validating the body', async () => {
    const roleHooks = new Set<unknown>([staffOnly, leadScannersOnly, eventDevicesOnly]);
    const roleRoutes = apiRoutes().filter((route) => hooksOf(route).some((hook) => roleHooks.has(hook)));
    expect(roleRoutes.length).toBeGreaterThanOrEqual(4);
    for (const route of roleRoutes) {
      for (const method of methodsOf(route)) {
        const res = await junk(method, route.url, attendee);
        expect({ route: `${method} ${route.url}`, status: res.statusCode }).toEqual({
          route: `${method} ${route.url}`,
          status: 403,
        });
      }
    }
  });

  it('authenticates only on onRequest, where it runs before the body is parsed and validated', () => {
    const signedIn = new Set<unknown>([t.app.authenticate, t.app.authenticateRegistration]);
    const late = t.app.routeTable.flatMap((route) =>
      (['preParsing', 'preValidation', 'preHandler'] as const)
        .filter((hook) => [route[hook] ?? []].flat().some((fn) => signedIn.has(fn)))
        .map((hook) => `${hook}: ${[route.method].flat().join(',')} ${route.url}`),
    );
    expect(late).toEqual([]);
  });

  it('never answers 500 to junk on a public route', async () => {
    const signedIn = new Set<unknown>([t.app.authenticate, t.app.authenticateRegistration]);
    const publicRoutes = apiRoutes().filter((route) => !hooksOf(route).some((hook) => signedIn.has(hook)));
    expect(publicRoutes.length).toBeGreaterThan(5);
    for (const route of publicRoutes) {
      for (const method of methodsOf(route)) {
        const res = await junk(method, route.url);
        expect({ route: `${method} ${route.url}`, ok: res.statusCode < 500 }).toEqual({
          route: `${method} ${route.url}`,
          ok: true,
        });
      }
    }
  });
});
