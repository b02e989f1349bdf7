import { describe, expect, it } from 'vitest';
import { preferredLanguage } from './language.ts';

describe('preferredLanguage', () => {
  it('takes German when the header prefers it', () => {
    expect(preferredLanguage('de')).toBe('de');
    expect(preferredLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(preferredLanguage('DE-at')).toBe('de');
  });

  it('respects q-values, not only the order', () => {
    expect(preferredLanguage('en;q=0.5, de;q=0.9')).toBe('de');
    expect(preferredLanguage('de;q=0.4, en-US;q=0.6')).toBe('en');
    // A range with q=0 is a refusal.
    expect(preferredLanguage('de;q=0, en;q=0.1')).toBe('en');
    expect(preferredLanguage('de;q=0')).toBe('en');
  });

  it('skips languages we have no texts for', () => {
    expect(preferredLanguage('fr-FR, de;q=0.8, en;q=0.5')).toBe('de');
    expect(preferredLanguage('fr, it')).toBe('en');
  });

  it('stays English for English, nothing, wildcards and nonsense', () => {
    expect(preferredLanguage('en-US')).toBe('en');
    expect(preferredLanguage('en-US,de;q=0.9')).toBe('en');
    expect(preferredLanguage(undefined)).toBe('en');
    expect(preferredLanguage('')).toBe('en');
    expect(preferredLanguage('*')).toBe('en');
    expect(preferredLanguage('de;q=banana')).toBe('de');
    expect(preferredLanguage(';;;,,,')).toBe('en');
    expect(preferredLanguage(`${'x,'.repeat(1000)}de`)).toBe('en');
  });
});
