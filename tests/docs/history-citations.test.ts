import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * Comments and test names say why in the reader's terms. A reader of this repository cannot look up
 * the tracker numbers and review notes the work once went by, nor the specification the product
 * began from (it is not part of the repository): a reason is written out, or cites the repository's
 * own design documents (docs/behaviour.md §N, docs/architecture.md §N). This test reads every
 * git-tracked source file of src/, server/, tests/, sw/ and scripts/ (.ts, .tsx, .css) and names each
 * line that still cites such history. Migrations (server/db/migrations/) are released history and
 * never edited, so they are not read.
 *
 * The patterns are assembled from pieces so that this file does not cite anything itself.
 */

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FOLDERS = ['src/', 'server/', 'tests/', 'sw/', 'scripts/'];
const EXTENSIONS = ['.ts', '.tsx', '.css'];
const SKIPPED = ['server/db/migrations/'];

const CITATIONS = [
  // A tracker or review number: the word, a space, digits.
  new RegExp(`\\b(${'iss'}ue|${'fin'}ding) \\d+\\b`, 'i'),
  // The outside specification, in capitals (lower-case "spec" is the word, e.g. Playwright's spec files).
  new RegExp(`\\b${'SP'}EC\\b`),
];

/** Each line of `text` that cites history, as `file:line: text`. */
function citationsIn(text: string, file: string): string[] {
  return text
    .split('\n')
    .flatMap((line, index) => (CITATIONS.some((pattern) => pattern.test(line)) ? [`${file}:${index + 1}: ${line.trim()}`] : []));
}

/** The git-tracked source files this test reads, relative to the repository root. */
function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--', ...FOLDERS], { cwd: ROOT, encoding: 'utf8' });
  return listed
    .split('\0')
    .filter((file) => file !== '')
    .filter((file) => EXTENSIONS.some((extension) => file.endsWith(extension)))
    .filter((file) => !SKIPPED.some((folder) => file.startsWith(folder)))
    .filter((file) => existsSync(path.join(ROOT, file)));
}

describe('history citations', () => {
  it('finds the citations it is meant to find, and only those', () => {
    const number = ['fin', 'ding 7'].join('');
    const sample = [
      `// The hold becomes a pass once confirmed (${number}).`,
      `it('refuses it (${['iss', 'ue 22'].join('')})', () => {});`,
      `/** Billing address (${['SP', 'EC §5'].join('')}). */`,
      '/** Billing address (docs/behaviour.md §5); see tests/e2e/profile.spec.ts. */',
      '// An issue with the spec: findings are kept, 7 of them.',
    ].join('\n');
    expect(citationsIn(sample, 'sample.ts')).toEqual([
      `sample.ts:1: // The hold becomes a pass once confirmed (${number}).`,
      `sample.ts:2: it('refuses it (${['iss', 'ue 22'].join('')})', () => {});`,
      `sample.ts:3: /** Billing address (${['SP', 'EC §5'].join('')}). */`,
    ]);
  });

  it('reads the source folders', () => {
    const files = sourceFiles();
    expect(files).toContain('server/app.ts');
    expect(files).toContain('tests/docs/links.test.ts');
    expect(files.some((file) => file.startsWith('server/db/migrations/'))).toBe(false);
  });

  it('no comment or test name cites history a reader cannot look up', () => {
    const found = sourceFiles().flatMap((file) => citationsIn(readFileSync(path.join(ROOT, file), 'utf8'), file));
    expect(found).toEqual([]);
  });
});
