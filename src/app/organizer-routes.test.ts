import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { organizerRoutes } from './organizer-routes.ts';

/*
 * Budget: the organizer pages add nothing to the first load of /sign-in and /registration.
 * The router imports this table statically, so the table itself must carry no page: each page is a
 * lazy chunk, and the module imports nothing but types and the lazy-page helper.
 */
describe('the organizer console routes', () => {
  it('loads every page lazily and renders none from the main bundle', () => {
    expect(organizerRoutes.length).toBeGreaterThan(5);
    for (const route of organizerRoutes) {
      const name = route.path ?? '(index)';
      const page = route.page as { Component?: { $$typeof?: symbol }; preload?: unknown } | undefined;
      expect({ name, lazy: page?.Component?.$$typeof, preload: typeof page?.preload }).toEqual({
        name,
        lazy: Symbol.for('react.lazy'),
        preload: 'function',
      });
      expect({ name, eager: [route.guard, route.children].filter(Boolean) }).toEqual({ name, eager: [] });
    }
  });

  it('imports nothing but types and the lazy-page helper at the top of the module', () => {
    const source = readFileSync(new URL('./organizer-routes.ts', import.meta.url), 'utf8');
    const imports = source.split('\n').filter((line) => /^import\s/.test(line));
    const eager = imports.filter((line) => !/^import type\s/.test(line));
    expect(eager).toEqual(["import { type AppRoute, lazyPage } from './route-loads.tsx';"]);
  });
});
