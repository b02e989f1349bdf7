import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { organizerRoutes } from './organizer-routes.ts';

/*
 * Issue 14's budget: the organizer pages add nothing to the first load of /sign-in and /registration.
 * The router imports this table statically, so the table itself must carry no page: each page is a
 * lazy chunk, and the module imports nothing but types.
 */
describe('the organizer console routes', () => {
  it('loads every page lazily and renders none from the main bundle', () => {
    expect(organizerRoutes.length).toBeGreaterThan(5);
    for (const route of organizerRoutes) {
      const name = route.path ?? '(index)';
      expect({ name, lazy: typeof route.lazy }).toEqual({ name, lazy: 'function' });
      expect({ name, eager: [route.Component, route.element, route.loader, route.children].filter(Boolean) }).toEqual({
        name,
        eager: [],
      });
    }
  });

  it('imports nothing but types at the top of the module', () => {
    const source = readFileSync(new URL('./organizer-routes.ts', import.meta.url), 'utf8');
    const imports = source.split('\n').filter((line) => /^import\s/.test(line));
    expect(imports.filter((line) => !/^import type\s/.test(line))).toEqual([]);
  });
});
