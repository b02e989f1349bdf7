import { describe, expect, it } from 'vitest';
import { formatDistance as englishDistance, formatNight as englishNight } from '../../lib/hotel-search.ts';
import { formatDistance, formatNight } from './hotel-format.ts';

describe('hotel formats', () => {
  it('write English as the shared helpers do', () => {
    for (const meters of [0, 350, 999, 1000, 2400, 9960, 12_000, 125_300]) {
      expect(formatDistance(meters, 'en')).toBe(englishDistance(meters));
    }
    expect(formatNight('2026-03-23', 'en')).toBe(englishNight('2026-03-23'));
  });

  it('write German numbers and dates', () => {
    expect(formatDistance(2400, 'de')).toBe('2,4 km');
    expect(formatDistance(350, 'de')).toBe('350 m');
    expect(formatNight('2026-03-23', 'de')).toMatch(/^Mo\.?,? 23\. März$/);
  });
});
