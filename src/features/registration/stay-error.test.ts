import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/i18n.ts';
import { stayError } from '../../lib/hotel-search.ts';
import { stayErrorText } from './stay-error.ts';

const t = (key: string, values?: Record<string, unknown>) => translate('registration', key, values);

describe('stayErrorText', () => {
  it('says what the shared stay rules say, through the catalogue', () => {
    for (const stay of [
      { start: '2026-02-30', end: '2026-03-25' },
      { start: '2026-03-23', end: 'soon' },
      { start: '2026-03-25', end: '2026-03-23' },
      { start: '2026-03-01', end: '2026-03-20' },
      { start: '2026-03-21', end: '2026-03-30' },
    ]) {
      const text = stayErrorText(stay, t);
      expect(text).toBe(stayError(stay));
      // Each one comes from the catalogue, not passed through.
      expect(text).not.toBeNull();
    }
    expect(stayErrorText({ start: '2026-03-23', end: '2026-03-27' }, t)).toBeNull();
  });

  it('finds a key for every message', () => {
    const keys: string[] = [];
    const record = (key: string, values?: Record<string, unknown>) => {
      keys.push(key);
      return translate('registration', key, values);
    };
    stayErrorText({ start: 'x', end: '2026-03-23' }, record);
    stayErrorText({ start: '2026-03-25', end: '2026-03-23' }, record);
    stayErrorText({ start: '2026-03-01', end: '2026-03-20' }, record);
    stayErrorText({ start: '2026-03-21', end: '2026-03-30' }, record);
    expect(keys).toEqual(['stayInvalidDate', 'stayCheckOutBeforeCheckIn', 'stayTooLong', 'stayOutsideWindow']);
  });
});
