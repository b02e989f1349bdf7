import { describe, expect, it } from 'vitest';
import { hasControlCharacter } from './text.ts';

describe('hasControlCharacter', () => {
  it('finds line breaks, tabs, C0/C1 controls, DEL, line separators and bidi overrides', () => {
    for (const value of [
      'a\nb',
      'a\rb',
      'a\tb',
      'a\u0000b',
      'a\u000bb',
      'a\u007fb',
      'a\u0085b',
      'a\u2028b',
      'a\u2029b',
      'a\u202eb',
      'a\u2066b',
    ]) {
      expect(hasControlCharacter(value), JSON.stringify(value)).toBe(true);
    }
  });

  it('lets names of every script, marks and joiners through', () => {
    for (const value of [
      'Zoë',
      "D'Arcy",
      'Jean-Luc',
      'Ngọc',
      'Μαρία',
      '美咲',
      'محمد',
      'नमस्ते',
      'Hauptstraße 1',
      'O\u2019Brien',
      '👩\u200d💻',
    ]) {
      expect(hasControlCharacter(value), value).toBe(false);
    }
  });
});
