import { describe, expect, it } from 'vitest';
import { CANCELLATION_MESSAGES, cancellationVerdict, stayPhase, venueToday } from './booking-rules.ts';

const stay = { start: '2026-03-23', end: '2026-03-27' };

describe('venueToday', () => {
  it('is the calendar day in Berlin, whatever zone the phone is in', () => {
    // 23:30 UTC on 22 March is already 00:30 on 23 March in Berlin (CET, UTC+1).
    expect(venueToday(new Date('2026-03-22T23:30:00Z'))).toBe('2026-03-23');
    expect(venueToday(new Date('2026-03-22T22:59:00Z'))).toBe('2026-03-22');
    // Summer time from 29 March: UTC+2.
    expect(venueToday(new Date('2026-03-29T22:30:00Z'))).toBe('2026-03-30');
  });
});

describe('stayPhase', () => {
  it('is upcoming before the arrival day at the venue', () => {
    expect(stayPhase(stay, new Date('2026-02-01T12:00:00Z'))).toBe('upcoming');
    expect(stayPhase(stay, new Date('2026-03-22T22:59:00Z'))).toBe('upcoming');
  });

  it('has begun from the arrival day until the check-out day', () => {
    expect(stayPhase(stay, new Date('2026-03-22T23:00:00Z'))).toBe('begun');
    expect(stayPhase(stay, new Date('2026-03-25T10:00:00Z'))).toBe('begun');
    expect(stayPhase(stay, new Date('2026-03-26T22:59:00Z'))).toBe('begun');
  });

  it('has ended from the check-out day at the venue', () => {
    expect(stayPhase(stay, new Date('2026-03-26T23:00:00Z'))).toBe('ended');
    expect(stayPhase(stay, new Date('2026-11-25T10:00:00Z'))).toBe('ended');
  });
});

describe('cancellationVerdict wording by date', () => {
  const booking = { status: 'confirmed' as const, ...stay, createdAt: '2026-02-10T10:00:00Z' };

  it('says a stay under way has begun', () => {
    expect(cancellationVerdict(booking, new Date('2026-03-24T08:00:00Z'))).toEqual({
      allowed: false,
      reason: CANCELLATION_MESSAGES.arrived,
    });
  });

  it('says a stay that is over has ended, never that it has begun', () => {
    const verdict = cancellationVerdict(booking, new Date('2026-11-25T10:00:00Z'));
    expect(verdict).toEqual({ allowed: false, reason: CANCELLATION_MESSAGES.ended });
    expect(cancellationVerdict(booking, new Date('2026-03-27T09:00:00Z'))).toEqual({
      allowed: false,
      reason: CANCELLATION_MESSAGES.ended,
    });
  });

  it('keeps the upcoming rules: free until 14 days before arrival', () => {
    expect(cancellationVerdict(booking, new Date('2026-03-01T12:00:00Z'))).toEqual({ allowed: true });
    expect(cancellationVerdict(booking, new Date('2026-03-15T12:00:00Z'))).toEqual({
      allowed: false,
      reason: CANCELLATION_MESSAGES.tooLate,
    });
  });
});
