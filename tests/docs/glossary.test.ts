import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const glossary = readFileSync(join(root, 'docs/glossary.md'), 'utf8');

const backticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1] as string);

/** The glossary's rules: wrong variants per language, and the names the check skips. */
function glossaryRules(markdown: string) {
  const rows = markdown.split('\n').filter((line) => /^\|(?!\s*-)/.test(line) && !line.startsWith('| Concept'));
  const german = rows.flatMap((row) => backticked(row.split('|').at(-2) ?? ''));
  const englishLine = markdown.split('\n').find((line) => line.startsWith('Wrong in English:')) ?? '';
  const keptParagraph = markdown.slice(
    markdown.indexOf('Names of products'),
    markdown.indexOf('\n\n', markdown.indexOf('Names of products')),
  );
  return { wrong: { de: german, en: backticked(englishLine) }, kept: backticked(keptParagraph) };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The wrong variants a text uses, as whole words, after the kept names are taken out. */
function wrongWordsIn(text: string, wrong: readonly string[], kept: readonly string[]): string[] {
  const cleaned = kept.reduce((rest, name) => rest.replaceAll(name, ' '), text);
  return wrong.filter((variant) => new RegExp(`(?<![\\p{L}])${escapeRegExp(variant)}(?![\\p{L}])`, 'u').test(cleaned));
}

/** Every message of every catalogue in a language: app and server. */
function messages(language: 'en' | 'de'): { where: string; text: string }[] {
  return ['src/locales', 'server/locales'].flatMap((dir) => {
    const folder = join(root, dir, language);
    return readdirSync(folder)
      .filter((file) => file.endsWith('.json'))
      .flatMap((file) =>
        Object.entries(JSON.parse(readFileSync(join(folder, file), 'utf8')) as Record<string, string>).map(([key, text]) => ({
          where: `${dir}/${language}/${file} ${key}`,
          text,
        })),
      );
  });
}

describe('the glossary (docs/glossary.md)', () => {
  const rules = glossaryRules(glossary);

  it('lists wrong variants for both languages and the names it keeps', () => {
    expect(rules.wrong.de).toEqual(expect.arrayContaining(['Namensschild', 'Check-in-Liste', 'Firma', 'Hoppla']));
    expect(rules.wrong.en).toContain('organiser');
    expect(rules.kept).toContain('CloudFest GmbH');
  });

  it('finds a wrong variant as a whole word, and not inside a kept name', () => {
    expect(wrongWordsIn('Bitte zeigen Sie Ihr Namensschild.', rules.wrong.de, rules.kept)).toEqual(['Namensschild']);
    expect(wrongWordsIn('Die CloudFest GmbH betreibt diese App.', rules.wrong.de, rules.kept)).toEqual([]);
    expect(wrongWordsIn('Keynotes und Track-Sessions', rules.wrong.de, rules.kept)).toEqual([]);
    expect(wrongWordsIn('Firmen-E-Mail', rules.wrong.de, rules.kept)).toEqual([]);
  });

  for (const language of ['de', 'en'] as const) {
    it(`is followed by every ${language} catalogue`, () => {
      const found = messages(language).flatMap(({ where, text }) =>
        wrongWordsIn(text, rules.wrong[language], rules.kept).map((variant) => `${where}: ${variant}`),
      );
      expect(found).toEqual([]);
    });
  }

  it('puts a non-breaking space between a number and % in every German text (app, mails, PDFs)', () => {
    const plain = messages('de')
      .filter(({ text }) => /[\d}] %/.test(text))
      .map(({ where }) => where);
    expect(plain).toEqual([]);
  });
});
