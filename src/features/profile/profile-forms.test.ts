import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { i18n, loadCatalogue, translate } from '../../i18n/i18n.ts';
import { messagesOf as issues } from '../../i18n/test-messages.ts';
import { addressFormSchema } from '../../lib/address-form.ts';
import { AVATAR_MAX_BYTES } from '../../shared/contracts/account.ts';
import { EMPTY_ADDRESS } from '../../shared/contracts/catalog.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { avatarFileProblem, avatarUploadProblem, type ProfileT } from './avatar-file.ts';
import { addressBodyOf, addressFieldOfPath, addressFormValues, passwordFormSchema, personalFormSchema } from './profile-forms.ts';

// The real English catalogues, as the page shows them.
beforeAll(async () => {
  await Promise.all([loadCatalogue('en', 'common'), loadCatalogue('en', 'profile')]);
  i18n.activate('en');
});
const t: ProfileT = (key, values) => translate('profile', key, values);

const AVATAR_MESSAGES = {
  type: 'Please choose a JPEG, PNG or WebP picture.',
  tooLarge: 'This picture is too large. Please choose one of at most 5 MB.',
  empty: 'This file is empty. Please choose another picture.',
  unreadable: 'This picture could not be read. Please choose another one.',
};
const PROFILE_MESSAGES = {
  firstName: 'Please enter your first name.',
  lastName: 'Please enter your last name.',
  addressLine1: 'Please enter your street and house number.',
  zip: 'Please enter your postcode.',
  city: 'Please enter your city.',
  countryId: 'Please choose your country.',
  currentPassword: 'Please enter your current password.',
  repeatPassword: 'Please repeat your new password.',
  passwordsDiffer: 'The passwords do not match.',
};

describe('avatar file checks', () => {
  it('accepts JPEG, PNG and WebP up to the limit', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(avatarFileProblem({ type, size: 1000 }, t)).toBeNull();
    expect(avatarFileProblem({ type: 'image/png', size: AVATAR_MAX_BYTES }, t)).toBeNull();
  });

  it('refuses other types, empty and too large files with their own message', () => {
    expect(avatarFileProblem({ type: 'image/gif', size: 10 }, t)).toBe(AVATAR_MESSAGES.type);
    expect(avatarFileProblem({ type: '', size: 10 }, t)).toBe(AVATAR_MESSAGES.type);
    expect(avatarFileProblem({ type: 'image/png', size: 0 }, t)).toBe(AVATAR_MESSAGES.empty);
    expect(avatarFileProblem({ type: 'image/png', size: AVATAR_MAX_BYTES + 1 }, t)).toBe(AVATAR_MESSAGES.tooLarge);
  });

  it('explains the server refusals', () => {
    expect(avatarUploadProblem(413, t)).toBe(AVATAR_MESSAGES.tooLarge);
    expect(avatarUploadProblem(415, t)).toBe(AVATAR_MESSAGES.type);
    expect(avatarUploadProblem(400, t)).toBe(AVATAR_MESSAGES.unreadable);
    expect(avatarUploadProblem(500, t)).toBeNull();
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
    buyerReference: ' 991-12345-67 ',
    purchaseOrder: '',
  };

  it('requires what the presence rule requires', () => {
    expect(issues(addressFormSchema, { ...addressFormValues(null) })).toEqual({
      addressLine1: PROFILE_MESSAGES.addressLine1,
      zip: PROFILE_MESSAGES.zip,
      city: PROFILE_MESSAGES.city,
      countryId: PROFILE_MESSAGES.countryId,
    });
    // addressLine1 must be longer than one character.
    expect(issues(addressFormSchema, { ...filled, addressLine1: 'x' })).toEqual({
      addressLine1: PROFILE_MESSAGES.addressLine1,
    });
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
      buyerReference: '991-12345-67',
      purchaseOrder: '',
    });
  });

  it('keeps the buyer reference and purchase order number to 100 characters on one line', () => {
    expect(issues(addressFormSchema, { ...filled, buyerReference: 'x'.repeat(101), purchaseOrder: 'PO\n2' })).toEqual({
      buyerReference: 'Please use at most 100 characters.',
      purchaseOrder: expect.any(String),
    });
    expect(issues(addressFormSchema, { ...filled, buyerReference: 'x'.repeat(100), purchaseOrder: 'x'.repeat(100) })).toEqual({});
  });

  it('fills the form from a stored address or the empty default', () => {
    expect(addressFormValues(null).countryId).toBe('');
    expect(addressFormValues({ ...EMPTY_ADDRESS, id: 3, city: 'Rust', countryId: 7, purchaseOrder: 'PO-17' })).toMatchObject({
      city: 'Rust',
      countryId: '7',
      buyerReference: '',
      purchaseOrder: 'PO-17',
    });
  });

  it('maps server paths to fields', () => {
    expect(addressFieldOfPath('countryId')).toBe('countryId');
    expect(addressFieldOfPath('/vatId')).toBe('vatId');
    expect(addressFieldOfPath('address.zip')).toBe('zip');
    expect(addressFieldOfPath('buyerReference')).toBe('buyerReference');
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
