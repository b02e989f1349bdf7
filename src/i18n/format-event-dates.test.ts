import { describe, expect, it } from 'vitest';
import { formatEventDates } from './format-event-dates.ts';

// ICU versions differ in the (thin) spaces around the range dash: compare without them.
const plain = (text: string) => text.replace(/\s*–\s*/g, '–').replace(/\s/g, ' ');

describe('formatEventDates', () => {
  it('collapses a range within one month', () => {
    expect(plain(formatEventDates('2026-03-24', '2026-03-26'))).toBe('24–26 March 2026');
  });

  it('spells out both months when they differ', () => {
    expect(plain(formatEventDates('2026-03-30', '2026-04-02'))).toBe('30 March–2 April 2026');
  });

  it('shows one day and rejects bad input', () => {
    expect(formatEventDates('2026-03-24', '2026-03-24')).toBe('24 March 2026');
    expect(formatEventDates('soon', '2026-03-24')).toBe('');
  });
});

describe('formatEventDates in German', () => {
  it('writes German dates', () => {
    expect(plain(formatEventDates('2026-03-24', '2026-03-26', 'de'))).toBe('24.–26. März 2026');
    expect(formatEventDates('2026-03-24', '2026-03-24', 'de')).toBe('24. März 2026');
  });
});
