import { describe, expect, it } from 'vitest';
import { addMonths, dateErrors, isCalendarDate, VISA_MESSAGES } from './rules.ts';

describe('visa letter date rules', () => {
  it('knows real calendar dates', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-04-31')).toBe(false);
    expect(isCalendarDate('2026-13-01')).toBe(false);
  });

  it('adds months, clamping to the last day of a shorter month', () => {
    expect(addMonths('2026-03-26', 3)).toBe('2026-06-26');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
    expect(addMonths('2027-11-30', 3)).toBe('2028-02-29');
    expect(addMonths('2026-03-31', -1)).toBe('2026-02-28');
    expect(addMonths('2012-02-29', 12 * 14)).toBe('2026-02-28');
  });

  const today = '2026-01-10';
  const end = '2026-03-26';
  const ok = { dateOfBirth: '1990-07-14', passportExpiry: '2026-06-26' };

  it('accepts a 14-year-old on the birthday and a passport valid exactly three months after the event', () => {
    expect(dateErrors(ok, today, end)).toEqual([]);
    expect(dateErrors({ ...ok, dateOfBirth: '2012-01-10' }, today, end)).toEqual([]);
  });

  it('refuses the day after, births today or later, very old dates and short passports', () => {
    const at = (input: Partial<typeof ok>) => dateErrors({ ...ok, ...input }, today, end).map((e) => e.message);
    expect(at({ dateOfBirth: '2012-01-11' })).toEqual([VISA_MESSAGES.tooYoung]);
    expect(at({ dateOfBirth: today })).toEqual([VISA_MESSAGES.birthInFuture]);
    expect(at({ dateOfBirth: '1899-12-31' })).toEqual([VISA_MESSAGES.invalidDate]);
    expect(at({ passportExpiry: '2026-06-25' })).toEqual([VISA_MESSAGES.passportTooShort]);
  });
});
