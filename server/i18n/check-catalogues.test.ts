import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../paths.ts';
import { checkCatalogues, describeProblems } from './check-catalogues.ts';

describe("the server's catalogues", () => {
  it('are complete in both languages, non-empty, valid ICU and use the same values', () => {
    const problems = checkCatalogues(join(ROOT, 'server', 'locales'));
    expect(describeProblems(problems)).toBe('');
  });
});

describe('checkCatalogues', () => {
  const roots: string[] = [];
  afterEach(() => {
    for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
  });

  /** A locales folder made of `{ 'en/mail.json': {...} }`. */
  function folder(files: Record<string, unknown>): string {
    const root = mkdtempSync(join(tmpdir(), 'catalogues-'));
    roots.push(root);
    for (const [file, content] of Object.entries(files)) {
      mkdirSync(join(root, file.split('/')[0] ?? ''), { recursive: true });
      writeFileSync(join(root, file), typeof content === 'string' ? content : JSON.stringify(content));
    }
    return root;
  }
  const lines = (root: string) => describeProblems(checkCatalogues(root)).split('\n');

  it('accepts matching catalogues with plurals and choices', () => {
    const root = folder({
      'en/mail.json': { nights: '{n, plural, one {# night} other {# nights}}', hello: 'Hello {name},' },
      'de/mail.json': { nights: '{n, plural, one {# Nacht} other {# Nächte}}', hello: 'Hallo {name},' },
    });
    expect(checkCatalogues(root)).toEqual([]);
  });

  it('finds a key that exists in one language only', () => {
    const root = folder({
      'en/mail.json': { a: 'A', b: 'B' },
      'de/mail.json': { a: 'A', c: 'C' },
    });
    expect(lines(root)).toEqual(['de/mail.json b: is missing (it exists in en)', 'de/mail.json c: exists only in de, not in en']);
  });

  it('finds a catalogue file that exists in one language only', () => {
    const root = folder({
      'en/mail.json': { a: 'A' },
      'en/pdf.json': { a: 'A' },
      'de/mail.json': { a: 'A' },
      'de/extra.json': { a: 'A' },
    });
    expect(lines(root)).toEqual(['de/extra.json: exists only in de, not in en', 'de/pdf.json: is missing (en/pdf.json exists)']);
  });

  it('finds empty messages, in the source as in a translation', () => {
    const root = folder({ 'en/mail.json': { a: 'A', b: ' ' }, 'de/mail.json': { a: '', b: 'B' } });
    expect(lines(root)).toEqual(['en/mail.json b: is empty', 'de/mail.json a: is empty']);
  });

  it('finds messages that are not valid ICU, and choices without their other case', () => {
    const root = folder({
      'en/mail.json': { a: 'Hello {name', b: '{n, plural, one {# night} other {# nights}}' },
      'de/mail.json': { a: 'Hallo {name}', b: '{n, plural, one {# Nacht}}' },
    });
    const found = lines(root);
    expect(found).toHaveLength(2);
    expect(found[0]).toMatch(/^en\/mail\.json a: is not a valid ICU message: /);
    expect(found[1]).toBe("de/mail.json b: the choice on {n} has no 'other' case");
  });

  it('finds a translation whose values differ from the source', () => {
    const root = folder({
      'en/mail.json': { a: 'Your {pass} is ready: {url}' },
      'de/mail.json': { a: 'Ihr {passName} ist bereit.' },
    });
    expect(lines(root)).toEqual([
      'de/mail.json a: uses {passName}, which en does not',
      'de/mail.json a: leaves out {pass}, {url}, which en uses',
    ]);
  });

  it('finds files that are not flat JSON objects of strings', () => {
    const root = folder({ 'en/mail.json': { a: { nested: 'x' } }, 'de/mail.json': '{ not json' });
    const found = lines(root);
    expect(found[0]).toBe('en/mail.json a: is not a string (catalogues are flat: one message per key)');
    expect(found[1]).toMatch(/^de\/mail\.json: is not valid JSON/);
  });

  it('says so when the source language is missing', () => {
    expect(lines(folder({ 'de/mail.json': { a: 'A' } }))).toEqual(['en: the source language folder en/ is missing']);
  });
});
