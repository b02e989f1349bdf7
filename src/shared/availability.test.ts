import { describe, expect, it } from 'vitest';
import { barWidth, freePassAvailability } from './availability.ts';

describe('freePassAvailability', () => {
  it('hides the panel when the value is unknown', () => {
    expect(freePassAvailability(null)).toBeNull();
    expect(freePassAvailability(undefined)).toBeNull();
    expect(freePassAvailability(Number.NaN)).toBeNull();
  });

  it('invites below 20 percent taken: "Get your free Standard Pass before they\'re gone!"', () => {
    const state = freePassAvailability(0.1995);
    expect(state?.headline).toBe("Get your free Standard Pass before they're gone!");
    expect(state?.level).toBe('available');
    expect(state?.remaining).toBe(1601);
  });

  it("says 'almost gone!' from 20 percent taken", () => {
    expect(freePassAvailability(0.2)?.headline).toBe('almost gone!');
    expect(freePassAvailability(0.95)?.headline).toBe('almost gone!');
    expect(freePassAvailability(1999 / 2000)?.remaining).toBe(1);
    expect(freePassAvailability(1999 / 2000)?.level).toBe('almost-gone');
  });

  it("says 'Free Standard Passes are all gone!' when none remain", () => {
    expect(freePassAvailability(1)?.headline).toBe('Free Standard Passes are all gone!');
    expect(freePassAvailability(1.2)?.remaining).toBe(0);
    // Rounds to the last pass: 0.99999 of 2000 is 1999.98 taken, so none are left.
    expect(freePassAvailability(0.99999)?.level).toBe('gone');
  });

  it('clamps values outside 0..1', () => {
    expect(freePassAvailability(-0.5)).toMatchObject({ taken: 0, remaining: 2000, width: '0%' });
  });
});

describe('barWidth', () => {
  it('follows the taken share in percent, one decimal at most', () => {
    expect(barWidth(0)).toBe('0%');
    expect(barWidth(0.375)).toBe('37.5%');
    expect(barWidth(0.12345)).toBe('12.3%');
    expect(barWidth(1)).toBe('100%');
    expect(barWidth(3)).toBe('100%');
  });
});
