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
