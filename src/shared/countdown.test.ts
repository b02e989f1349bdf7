import { describe, expect, it } from 'vitest';
import { berlinInstant, phaseInstants } from './berlin-time.ts';
import { countdownAt, countdownParts, isCountdownVisible, secondsLeft, tick } from './countdown.ts';

// docs/behaviour.md §4's phase, as configured (Berlin wall clock) and as the server sends it (instants).
const CYBER_WEEK = phaseInstants({
  name: 'Cyber Week Special',
  startDate: '2022-11-29T08:00:00',
  endDate: '2022-12-02T23:59:59',
});
const SUMMER = phaseInstants({ name: 'Summer Sale', startDate: '2026-07-01T00:00:00', endDate: '2026-07-31T12:00:00' });

describe('berlinInstant', () => {
  it('reads the wall-clock time in Europe/Berlin, winter and summer time', () => {
    expect(new Date(berlinInstant('2022-11-29T08:00:00')).toISOString()).toBe('2022-11-29T07:00:00.000Z');
    expect(new Date(berlinInstant('2026-07-31T12:00:00')).toISOString()).toBe('2026-07-31T10:00:00.000Z');
  });

  it('rejects malformed values', () => {
    expect(berlinInstant('tomorrow')).toBeNaN();
    expect(berlinInstant('2022-11-29T08:00:00Z')).toBeNaN();
    expect(berlinInstant('2026-02-30T08:00:00')).toBeNaN();
    expect(berlinInstant('2026-02-01T24:00:00')).toBeNaN();
  });

  it('handles the days the clocks change', () => {
    // Summer time starts 29 March 2026 at 02:00 (01:00 UTC); winter time 25 October at 03:00 (01:00 UTC).
    expect(new Date(berlinInstant('2026-03-29T01:59:59')).toISOString()).toBe('2026-03-29T00:59:59.000Z');
    expect(new Date(berlinInstant('2026-03-29T03:00:00')).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    expect(new Date(berlinInstant('2026-10-25T01:59:59')).toISOString()).toBe('2026-10-24T23:59:59.000Z');
    expect(new Date(berlinInstant('2026-10-25T03:00:00')).toISOString()).toBe('2026-10-25T02:00:00.000Z');
  });
});

describe('countdownAt', () => {
  it('counts the seconds to the end of the active phase (Cyber Week Special)', () => {
    const now = Date.parse('2022-12-02T22:00:00Z'); // 23:00 in Berlin: 59 min 59 s left
    expect(countdownAt([CYBER_WEEK], now)).toEqual({
      phaseName: 'Cyber Week Special',
      endsAt: Date.parse('2022-12-02T22:59:59Z'),
      timeLeft: 3599,
      isPhaseActive: true,
    });
  });

  it('is active from the first second of the phase', () => {
    const state = countdownAt([CYBER_WEEK], Date.parse('2022-11-29T07:00:00Z'));
    expect(state.isPhaseActive).toBe(true);
    expect(state.timeLeft).toBe(3 * 86_400 + 15 * 3600 + 59 * 60 + 59);
  });

  it('is inactive before and after the phase', () => {
    expect(countdownAt([CYBER_WEEK], Date.parse('2022-11-29T06:59:59Z')).isPhaseActive).toBe(false);
    expect(countdownAt([CYBER_WEEK], Date.parse('2022-12-02T23:00:00Z')).isPhaseActive).toBe(false);
    expect(countdownAt([], Date.now())).toEqual({ phaseName: null, endsAt: null, timeLeft: 0, isPhaseActive: false });
  });

  it('picks the phase that is active now among several', () => {
    const state = countdownAt([CYBER_WEEK, SUMMER], Date.parse('2026-07-31T09:59:30Z'));
    expect(state.phaseName).toBe('Summer Sale');
    expect(state.timeLeft).toBe(30);
  });

  it('skips phases with broken or reversed dates', () => {
    const broken = phaseInstants({ name: 'Broken', startDate: 'x', endDate: '2026-07-31T12:00:00' });
    const reversed = phaseInstants({ name: 'Reversed', startDate: '2026-08-01T00:00:00', endDate: '2026-07-01T00:00:00' });
    expect(countdownAt([broken, reversed, SUMMER], Date.parse('2026-07-15T00:00:00Z')).phaseName).toBe('Summer Sale');
  });
});

describe('ticking and visibility', () => {
  it('decrements by one second and stops at zero', () => {
    expect(tick(2)).toBe(1);
    expect(tick(1)).toBe(0);
    expect(tick(0)).toBe(0);
  });

  it('never counts negative seconds', () => {
    expect(secondsLeft(1000, 5000)).toBe(0);
    expect(secondsLeft(10_999, 1000)).toBe(9);
  });

  it('shows only while the phase is active and time is left', () => {
    expect(isCountdownVisible({ isPhaseActive: true, timeLeft: 1 })).toBe(true);
    expect(isCountdownVisible({ isPhaseActive: true, timeLeft: 0 })).toBe(false);
    expect(isCountdownVisible({ isPhaseActive: false, timeLeft: 100 })).toBe(false);
  });
});

describe('countdownParts', () => {
  it('splits seconds into days, hours, minutes and seconds', () => {
    expect(countdownParts(3 * 86_400 + 4 * 3600 + 5 * 60 + 6)).toEqual({ days: 3, hours: 4, minutes: 5, seconds: 6 });
    expect(countdownParts(59)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 59 });
    expect(countdownParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });
});
