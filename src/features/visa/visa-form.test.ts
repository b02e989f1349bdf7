import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { messagesOf } from '../../i18n/test-messages.ts';
import { localToday, visaBodyOf, visaFieldOfPath, visaFormSchema, visaFormValues } from './visa-form.ts';

const VISA_MESSAGES = {
  fullName: 'Please enter your full name exactly as it is printed in your passport.',
  passportNumber: 'Please enter the passport number as printed: 5 to 20 letters and digits.',
  nationalityId: 'Please choose your nationality.',
  dateOfBirth: 'Please enter your date of birth.',
  dateOfBirthFuture: 'The date of birth must be in the past.',
  passportExpiry: 'Please enter the date your passport expires.',
  passportExpired: 'This passport has expired. Please use a valid passport.',
  embassyCity: 'Please enter the city of the embassy or consulate where you apply.',
};

const TODAY = '2026-11-21';
const schema = () => visaFormSchema(TODAY);
const filled = {
  fullName: ' Priya Sharma ',
  passportNumber: 'z 1234-567',
  nationalityId: '12',
  dateOfBirth: '1990-04-02',
  passportExpiry: '2031-01-01',
  embassyCity: 'Mumbai',
};

const issues = (value: unknown) => messagesOf(schema(), value);

describe('visa letter form', () => {
  it('accepts a complete form and sends the passport number without spaces and dashes', () => {
    expect(visaBodyOf(z.parse(schema(), filled))).toEqual({
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

  it('refuses a day that does not exist or is half typed', () => {
    expect(issues({ ...filled, dateOfBirth: '1990-02-31', passportExpiry: '2031--01' })).toEqual({
      dateOfBirth: 'Please enter a real date.',
      passportExpiry: 'Please enter a real date.',
    });
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
