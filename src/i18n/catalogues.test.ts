import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkCatalogues, describeProblems } from '../../server/i18n/check-catalogues.ts';
import { detectLanguage } from './i18n.ts';

describe("the app's catalogues (src/locales)", () => {
  it('have the same keys in English and German, no empty message, and only valid ICU messages', () => {
    const root = fileURLToPath(new URL('../locales', import.meta.url));
    expect(describeProblems(checkCatalogues(root))).toBe('');
  });
});

/** Every message of a language's catalogues, as 'namespace:key' and its text. */
function messagesOf(language: 'en' | 'de'): [string, string][] {
  const folder = new URL(`../locales/${language}/`, import.meta.url);
  return readdirSync(folder).flatMap((file) =>
    Object.entries(JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as Record<string, string>).map(
      ([key, text]): [string, string] => [`${file.replace('.json', '')}:${key}`, text],
    ),
  );
}

describe('words a German accountant accepts', () => {
  it('calls the correction of an invoice a Rechnungskorrektur, never a Gutschrift (a self-billed invoice, § 14 (2) UStG)', () => {
    const german = messagesOf('de');
    expect(german.filter(([, text]) => /Gutschrift/i.test(text)).map(([id]) => id)).toEqual([]);
    expect(german.filter(([, text]) => /Rechnungskorrektur/.test(text)).length).toBeGreaterThanOrEqual(9);
    // English says 'credit note' throughout, never a second word for the same document.
    expect(messagesOf('en').filter(([, text]) => /invoice correction|cancellation invoice/i.test(text))).toEqual([]);
  });

  it('never offers a reverse charge: nothing the event sells is reverse-charged', () => {
    for (const language of ['en', 'de'] as const) {
      const found = messagesOf(language).filter(([, text]) => /reverse.charge|Steuerschuldnerschaft|VIES/i.test(text));
      expect(
        found.map(([id]) => id),
        language,
      ).toEqual([]);
    }
  });
});

describe('detectLanguage', () => {
  it("keeps the device's choice", () => {
    expect(detectLanguage('de', ['en-US'])).toBe('de');
    expect(detectLanguage('en', ['de-DE'])).toBe('en');
  });

  it("takes the first of the browser's languages the app speaks, else English", () => {
    expect(detectLanguage(null, ['fr-FR', 'de-AT', 'en'])).toBe('de');
    expect(detectLanguage(null, ['EN-gb'])).toBe('en');
    expect(detectLanguage('fr', ['it-IT'])).toBe('en');
    expect(detectLanguage(null, [])).toBe('en');
  });
});
