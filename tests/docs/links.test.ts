import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The reader test: someone who clones only this repository must find everything the README and
 * docs/ point at. For README.md and every docs/*.md:
 *
 * - Links ([text](target) and <target>) either go to a public website over http(s) (never
 *   localhost or a loopback address) or to a file or folder of this repository. A relative target
 *   is read from the Markdown file's own folder, a target starting with `/` from the repository
 *   root; a target starting with `..` is refused (it climbs out of where the reader stands).
 *   `#anchor` links within the page are fine; any other scheme (mailto:, file:, …) is refused.
 * - Backticked repository paths must exist: an inline code span whose text starts with one of the
 *   top-level folders below and a slash, and holds no space, wildcard (`*`, `?`), placeholder
 *   (`<…>`, `{…}`, `…`, `$`) or `=`. A `#anchor` and a `:line` suffix are dropped first.
 *   Spans inside fenced code blocks are examples, not references, and are not read.
 * - Nothing anywhere in the text may mention `../shared`: the repository must stand alone.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const TOP_FOLDERS = ['src', 'server', 'sw', 'tests', 'docs', 'scripts', 'public'];
const REPO_PATH = new RegExp(`^(?:${TOP_FOLDERS.join('|')})/`);
const PLACEHOLDER = /[\s*?<>{}…$=]/;
const LOCAL_HOSTS = /^(?:localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|\[::1?\])$/i;

/** The text outside fenced code blocks (``` or ~~~), line breaks kept. */
function withoutFences(text: string): string {
  let fence: string | null = null;
  return text
    .split('\n')
    .map((line) => {
      const marker = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (marker && (fence === null || marker.startsWith(fence))) {
        fence = fence === null ? marker : null;
        return '';
      }
      return fence === null ? line : '';
    })
    .join('\n');
}

/** Drops a `#anchor` and a `:12` or `:12-30` line suffix. */
const bare = (target: string) => target.replace(/#.*$/, '').replace(/:\d+(?:-\d+)?$/, '');

/**
 * Problems of one Markdown text, each naming the file. `file` is its path relative to the
 * repository root (links are read from its folder); `exists` answers for a path relative to the root.
 */
function checkMarkdown(text: string, file: string, exists: (relative: string) => boolean): string[] {
  const problems: string[] = [];
  if (text.includes('../shared')) problems.push(`${file}: mentions ../shared, which is outside this repository`);
  const body = withoutFences(text);

  const links = [
    ...[...body.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1] ?? ''),
    ...[...body.matchAll(/<((?:[a-z][a-z0-9+.-]*:|\/)[^>\s]*)>/gi)].map((m) => m[1] ?? ''),
  ];
  for (const link of links) {
    if (/^https?:\/\//i.test(link)) {
      const host = new URL(link).hostname;
      if (LOCAL_HOSTS.test(host) || LOCAL_HOSTS.test(`[${host}]`))
        problems.push(`${file}: link ${link} points at the reader's own machine`);
      continue;
    }
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) {
      problems.push(`${file}: link ${link} leaves the repository other than by http(s)`);
      continue;
    }
    if (link.startsWith('#')) continue;
    if (link.startsWith('..')) {
      problems.push(`${file}: link ${link} starts with ..`);
      continue;
    }
    const target = bare(link);
    const relative = target.startsWith('/')
      ? target.slice(1)
      : path.posix.normalize(path.posix.join(path.posix.dirname(file), target));
    if (relative.startsWith('..') || !exists(relative)) problems.push(`${file}: link ${link} names nothing in the repository`);
  }

  for (const match of body.matchAll(/(`+)([^`]+?)\1(?!`)/g)) {
    const code = (match[2] ?? '').trim();
    if (code.startsWith('..')) {
      problems.push(`${file}: path \`${code}\` starts with ..`);
      continue;
    }
    if (!REPO_PATH.test(code) || PLACEHOLDER.test(code)) continue;
    const target = bare(code);
    if (!exists(target)) problems.push(`${file}: path \`${code}\` does not exist in the repository`);
  }
  return problems;
}

const existsInRepo = (relative: string) => existsSync(path.join(ROOT, relative));

function documents(): string[] {
  const docs = existsSync(path.join(ROOT, 'docs'))
    ? readdirSync(path.join(ROOT, 'docs'))
        .filter((name) => name.endsWith('.md'))
        .map((name) => `docs/${name}`)
    : [];
  return ['README.md', ...docs.sort()];
}

describe('README and docs/: everything they point at is in this repository', () => {
  it.each(documents())('%s', (file) => {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    expect(checkMarkdown(text, file, existsInRepo)).toEqual([]);
  });

  it('the README links every document of docs/', () => {
    const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
    for (const doc of ['behaviour', 'architecture', 'operations', 'organizer-guide', 'glossary']) {
      expect(readme, doc).toContain(`](docs/${doc}.md`);
    }
  });

  it('reports what a reader could not find', () => {
    const sample = [
      'See `src/app/router.tsx` and `server/no-such-file.ts:12`, the [spec](../shared/spec.md),',
      'the [guide](docs/missing.md), [the app](http://localhost:3000) and [Fastify](https://fastify.dev).',
      '```sh',
      'cat src/only-an-example.ts',
      '```',
      'Placeholders are not paths: `src/locales/<language>/common.json`, `tests/docs/**/*.test.ts`.',
    ].join('\n');
    const problems = checkMarkdown(sample, 'README.md', existsInRepo);
    expect(problems).toEqual([
      'README.md: mentions ../shared, which is outside this repository',
      'README.md: link ../shared/spec.md starts with ..',
      'README.md: link docs/missing.md names nothing in the repository',
      "README.md: link http://localhost:3000 points at the reader's own machine",
      'README.md: path `server/no-such-file.ts:12` does not exist in the repository',
    ]);
  });
});
