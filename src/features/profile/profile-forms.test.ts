import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { AVATAR_MAX_BYTES } from '../../shared/contracts/account.ts';
import { EMPTY_ADDRESS } from '../../shared/contracts/catalog.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { AVATAR_MESSAGES, avatarFileProblem, avatarUploadProblem } from './avatar-file.ts';
import {
  addressBodyOf,
  addressFieldOfPath,
  addressFormSchema,
  addressFormValues,
  PROFILE_MESSAGES,
  passwordFormSchema,
  personalFormSchema,
} from './profile-forms.ts';

const issues = (schema: z.core.$ZodType, value: unknown) => {
  const result = z.safeParse(schema, value);
  return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
};

describe('avatar file checks', () => {
  it('accepts JPEG, PNG and WebP up to the limit', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(avatarFileProblem({ type, size: 1000 })).toBeNull();
    expect(avatarFileProblem({ type: 'image/png', size: AVATAR_MAX_BYTES })).toBeNull();
  });

  it('refuses other types, empty and too large files with their own message', () => {
    expect(avatarFileProblem({ type: 'image/gif', size: 10 })).toBe(AVATAR_MESSAGES.type);
    expect(avatarFileProblem({ type: '', size: 10 })).toBe(AVATAR_MESSAGES.type);
    expect(avatarFileProblem({ type: 'image/png', size: 0 })).toBe(AVATAR_MESSAGES.empty);
    expect(avatarFileProblem({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe(AVATAR_MESSAGES.tooLarge);
    expect(AVATAR_MESSAGES.tooLarge).toContain('5 MB');
  });

  it('explains the server refusals', () => {
    expect(avatarUploadProblem(413)).toBe(AVATAR_MESSAGES.tooLarge);
    expect(avatarUploadProblem(415)).toBe(AVATAR_MESSAGES.type);
    expect(avatarUploadProblem(400)).toBe(AVATAR_MESSAGES.unreadable);
    expect(avatarUploadProblem(500)).toBeNull();
  });
});

describe('personal details', () => {
  it('needs first and last name, trims them and allows an empty company', () => {
    expect(issues(personalFormSchema, { firstName: ' ', lastName: '', company: '' })).toEqual({
      firstName: PROFILE_MESSAGES.firstName,
      lastName: PROFILE_MESSAGES.lastName,
    });
    expect(z.parse(personalFormSchema, { firstName: ' Ada ', lastName: 'Lovelace ', company: '' })).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: '',
    });
  });
});

describe('billing address', () => {
  const filled = {
    company: ' ACME GmbH ',
    vatId: 'de 123 456 789',
    addressLine1: 'Hauptstraße 1',
    addressLine2: '',
    zip: '10115',
    city: 'Berlin',
    state: '',
    countryId: '49',
  };

  it('requires what the SPEC §5 presence rule requires', () => {
    expect(issues(addressFormSchema, { ...addressFormValues(null) })).toEqual({
      addressLine1: PROFILE_MESSAGES.addressLine1,
      zip: PROFILE_MESSAGES.zip,
      city: PROFILE_MESSAGES.city,
      countryId: PROFILE_MESSAGES.countryId,
    });
    // addressLine1 must be longer than one character.
    expect(issues(addressFormSchema, { ...filled, addressLine1: 'x' })).toEqual({ addressLine1: PROFILE_MESSAGES.addressLine1 });
  });

  it('turns the form into the request body with the VAT ID normalised', () => {
    expect(addressBodyOf(z.parse(addressFormSchema, filled))).toEqual({
      type: 'billingAddress',
      company: 'ACME GmbH',
      vatId: 'DE123456789',
      addressLine1: 'Hauptstraße 1',
      addressLine2: '',
      zip: '10115',
      city: 'Berlin',
      state: '',
      countryId: 49,
    });
  });

  it('fills the form from a stored address or the empty default', () => {
    expect(addressFormValues(null).countryId).toBe('');
    expect(addressFormValues({ ...EMPTY_ADDRESS, id: 3, city: 'Rust', countryId: 7 })).toMatchObject({
      city: 'Rust',
      countryId: '7',
    });
  });

  it('maps server paths to fields', () => {
    expect(addressFieldOfPath('countryId')).toBe('countryId');
    expect(addressFieldOfPath('/vatId')).toBe('vatId');
    expect(addressFieldOfPath('address.zip')).toBe('zip');
    expect(addressFieldOfPath('type')).toBeNull();
  });
});

describe('password change', () => {
  const strong = 'Kangaroo-Tuesday-88!';

  it('needs the current password, a new one by the rule and the same repetition', () => {
    expect(issues(passwordFormSchema, { currentPassword: '', newPassword: 'short', repeatPassword: '' })).toEqual({
      currentPassword: PROFILE_MESSAGES.currentPassword,
      newPassword: MESSAGES.passwordRule,
      repeatPassword: PROFILE_MESSAGES.repeatPassword,
    });
    expect(issues(passwordFormSchema, { currentPassword: 'x', newPassword: strong, repeatPassword: `${strong}?` })).toEqual({
      repeatPassword: PROFILE_MESSAGES.passwordsDiffer,
    });
    expect(issues(passwordFormSchema, { currentPassword: 'x', newPassword: strong, repeatPassword: strong })).toEqual({});
  });
});
