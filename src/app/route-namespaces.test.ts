import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Every page's catalogues load with its code (lazyPage's namespaces, src/app/route-loads.tsx). A
 * component that needs one more would wait for it after the page is on screen, and the whole app
 * would blink to the loading screen (and lose the focus on the new page's heading). So each route's
 * list must hold every namespace its module graph uses, `common` aside (it loads at start).
 */

const SRC = fileURLToPath(new URL('..', import.meta.url));
const STATIC_IMPORT = /^(?:import|export)\s(?!type\b)[^'"]*?from\s+['"](\.[^'"]+)['"]/gm;
const NAMESPACE_USE = /useT\(\s*'([\w-]+)'\s*\)|ns="([\w-]+)"|translate\(\s*'([\w-]+)'/g;
const LAZY_PAGE = /lazyPage\(\(\) => import\('([^']+)'\),\s*'(\w+)'(?:,\s*\[([^\]]*)\])?\s*\)/g;

function graph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || !/\.tsx?$/.test(file)) return seen;
  seen.add(file);
  for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
    const target = normalize(join(dirname(file), match[1] ?? ''));
    if (existsSync(target)) graph(target, seen);
  }
  return seen;
}

function namespacesOf(file: string): Set<string> {
  const used = new Set<string>();
  for (const module of graph(file)) {
    for (const match of readFileSync(module, 'utf8').matchAll(NAMESPACE_USE)) used.add(match[1] ?? match[2] ?? match[3] ?? '');
  }
  used.delete('common');
  return used;
}

describe('route namespaces', () => {
  for (const table of ['app/router.tsx', 'app/organizer-routes.ts']) {
    it(`${table} preloads every catalogue its pages use`, () => {
      const file = join(SRC, table);
      const routes = [...readFileSync(file, 'utf8').matchAll(LAZY_PAGE)];
      expect(routes.length).toBeGreaterThan(5);
      for (const [, path = '', name, list = ''] of routes) {
        const declared = new Set([...list.matchAll(/'([\w-]+)'/g)].map((m) => m[1]));
        const missing = [...namespacesOf(normalize(join(dirname(file), path)))].filter((ns) => !declared.has(ns));
        expect({ page: name, missing }).toEqual({ page: name, missing: [] });
      }
    });
  }
});
