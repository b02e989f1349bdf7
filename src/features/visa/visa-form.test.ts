import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { localToday, VISA_MESSAGES, visaBodyOf, visaFieldOfPath, visaFormSchema, visaFormValues } from './visa-form.ts';

const TODAY = '2026-11-21';
const schema = visaFormSchema(TODAY);
const filled = {
  fullName: ' Priya Sharma ',
  passportNumber: 'z 1234-567',
  nationalityId: '12',
  dateOfBirth: '1990-04-02',
  passportExpiry: '2031-01-01',
  embassyCity: 'Mumbai',
};

const issues = (value: unknown) => {
  const result = z.safeParse(schema, value);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('visa letter form', () => {
  it('accepts a complete form and sends the passport number without spaces and dashes', () => {
    expect(visaBodyOf(z.parse(schema, filled))).toEqual({
      fullName: 'Priya Sharma',
      passportNumber: 'Z1234567',
      nationalityId: 12,
      dateOfBirth: '1990-04-02',
      passportExpiry: '2031-01-01',
      embassyCity: 'Mumbai',
    });
  });

  it('explains every missing field', () => {
    expect(issues(visaFormValues(null, ''))).toEqual({
      fullName: VISA_MESSAGES.fullName,
      passportNumber: VISA_MESSAGES.passportNumber,
      nationalityId: VISA_MESSAGES.nationalityId,
      dateOfBirth: VISA_MESSAGES.dateOfBirth,
      passportExpiry: VISA_MESSAGES.passportExpiry,
      embassyCity: VISA_MESSAGES.embassyCity,
    });
  });

  it('wants a birth date in the past and a passport that has not expired', () => {
    expect(issues({ ...filled, dateOfBirth: TODAY, passportExpiry: TODAY })).toEqual({
      dateOfBirth: VISA_MESSAGES.dateOfBirthFuture,
      passportExpiry: VISA_MESSAGES.passportExpired,
    });
    expect(issues({ ...filled, passportNumber: 'AB12' })).toEqual({ passportNumber: VISA_MESSAGES.passportNumber });
  });

  it('starts from the stored letter, or from the profile name', () => {
    expect(visaFormValues(null, 'Lena Hoffmann').fullName).toBe('Lena Hoffmann');
    const letter = {
      id: '00000000-0000-4000-8000-000000000000',
      reference: 'CF26-VISA-000001',
      fullName: 'Lena Hoffmann',
      passportNumber: 'C01X00T47',
      nationalityId: 5,
      dateOfBirth: '1988-01-02',
      passportExpiry: '2030-05-06',
      embassyCity: 'Berlin',
      createdAt: '2026-11-01T10:00:00.000Z',
      updatedAt: '2026-11-01T10:00:00.000Z',
    };
    expect(visaFormValues(letter, 'Other')).toEqual({
      fullName: 'Lena Hoffmann',
      passportNumber: 'C01X00T47',
      nationalityId: '5',
      dateOfBirth: '1988-01-02',
      passportExpiry: '2030-05-06',
      embassyCity: 'Berlin',
    });
  });

  it('maps server paths to fields and formats the local day', () => {
    expect(visaFieldOfPath('passportExpiry')).toBe('passportExpiry');
    expect(visaFieldOfPath('/dateOfBirth')).toBe('dateOfBirth');
    expect(visaFieldOfPath('reference')).toBeNull();
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});
