import { describe, expect, it } from 'vitest';
import { formatValidity } from './pass-format.ts';

describe('formatValidity', () => {
  it('joins the event days into one range', () => {
    // ICU versions differ in the (thin) spaces around the dash.
    expect(formatValidity('2026-03-24', '2026-03-26')).toMatch(/^24\s?–\s?26 March 2026$/);
    expect(formatValidity('2026-03-31', '2026-04-02')).toMatch(/^31 March\s–\s2 April 2026$/);
  });

  it('shows a one-day event as one date', () => {
    expect(formatValidity('2026-03-24', '2026-03-24')).toBe('24 March 2026');
  });

  it('gives null for dates it cannot read', () => {
    expect(formatValidity('soon', '2026-03-26')).toBeNull();
  });
});
