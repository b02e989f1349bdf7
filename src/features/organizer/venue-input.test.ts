import { describe, expect, it } from 'vitest';
import { isoToVenueInput, venueInputToIso } from './venue-input.ts';

describe('datetime-local values on the venue clock', () => {
  it('reads a wall time in Berlin, winter and summer', () => {
    expect(venueInputToIso('2026-03-24T09:00')).toBe('2026-03-24T08:00:00.000Z');
    expect(venueInputToIso('2026-07-01T09:00')).toBe('2026-07-01T07:00:00.000Z');
    // The night the clocks go forward (29 March 2026, 02:00 → 03:00).
    expect(venueInputToIso('2026-03-29T01:30')).toBe('2026-03-29T00:30:00.000Z');
    expect(venueInputToIso('2026-03-29T03:30')).toBe('2026-03-29T01:30:00.000Z');
  });

  it('reads an empty field as no limit and refuses what is not a time', () => {
    expect(venueInputToIso('')).toBeNull();
    expect(venueInputToIso('tomorrow')).toBeUndefined();
    expect(venueInputToIso('2026-02-30T10:00')).toBeUndefined();
    expect(venueInputToIso('2026-13-01T10:00')).toBeUndefined();
  });

  it('writes an instant back as the venue clock shows it', () => {
    expect(isoToVenueInput('2026-03-24T08:00:00.000Z')).toBe('2026-03-24T09:00');
    expect(isoToVenueInput('2026-07-01T07:00:00Z')).toBe('2026-07-01T09:00');
    expect(isoToVenueInput(null)).toBe('');
    expect(isoToVenueInput('nonsense')).toBe('');
    for (const value of ['2026-03-24T18:45', '2026-10-25T12:00', '2026-12-31T23:59']) {
      expect(isoToVenueInput(venueInputToIso(value) as string)).toBe(value);
    }
  });
});
