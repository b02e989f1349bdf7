import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { messagesOf } from '../../i18n/test-messages.ts';
import { hasAddress } from '../../shared/address.ts';
import { MESSAGES } from '../../shared/messages.ts';
import {
  type AccountFormInput,
  accountBodyOf,
  accountFormDefaults,
  accountFormSchema,
  formFieldOfServerPath,
} from './account-form-schema.ts';
import { EMPTY_REGISTRATION } from './registration-state.ts';

const valid: AccountFormInput = {
  email: ' Jane.Doe@Company.example ',
  password: 'Kangaroo-Tuesday-88!',
  repeatPassword: 'Kangaroo-Tuesday-88!',
  firstName: ' Jane ',
  lastName: 'Doe',
  company: 'Hosting GmbH',
  addressLine1: 'Hauptstraße 1',
  addressLine2: '',
  zip: '1010',
  city: 'Wien',
  state: '',
  countryId: '14',
  vatId: 'ATU 135 856 27',
  buyerReference: '',
  purchaseOrder: ' PO-2026-17 ',
  acceptTerms: true,
};

const errorsOf = (input: AccountFormInput) => messagesOf(accountFormSchema, input);

describe('account form schema', () => {
  it('accepts a complete form and normalises e-mail and names', () => {
    const parsed = z.parse(accountFormSchema, valid);
    expect(parsed.email).toBe('jane.doe@company.example');
    expect(parsed.firstName).toBe('Jane');
  });

  it('uses the password rule text verbatim', () => {
    expect(errorsOf({ ...valid, password: 'short', repeatPassword: 'short' }).password).toBe(MESSAGES.passwordRule);
  });

  it('requires the billing address as the presence rule does', () => {
    const errors = errorsOf({ ...valid, addressLine1: 'A', zip: ' ', city: '', countryId: '' });
    expect(errors).toMatchObject({
      addressLine1: 'Please enter your street and house number.',
      zip: 'Please enter your postcode.',
      city: 'Please enter your city.',
      countryId: 'Please choose your country.',
    });
    const parsed = z.parse(accountFormSchema, valid);
    const body = accountBodyOf(parsed, { pass: { id: 3 }, voucherCode: null });
    expect(hasAddress(true, body.address)).toBe(true);
  });

  it('compares the passwords and wants the terms accepted', () => {
    const errors = errorsOf({ ...valid, repeatPassword: 'Kangaroo-Tuesday-89!', acceptTerms: false, firstName: '' });
    expect(errors.repeatPassword).toBe('The passwords do not match.');
    expect(errors.acceptTerms).toBe('Please accept the terms and conditions and the privacy policy.');
    expect(errors.firstName).toBe('Please enter your first name.');
  });

  it('builds the account body with pass, voucher and the VAT ID without spaces', () => {
    const parsed = z.parse(accountFormSchema, valid);
    const body = accountBodyOf(parsed, { pass: { id: 3 }, voucherCode: { code: 'CF26', codeType: 'discount', valid: true } });
    expect(body).toMatchObject({
      email: 'jane.doe@company.example',
      passTypeId: 3,
      voucherCode: 'CF26',
      company: 'Hosting GmbH',
      address: {
        type: 'billingAddress',
        vatId: 'ATU13585627',
        countryId: 14,
        company: 'Hosting GmbH',
        zip: '1010',
        buyerReference: '',
        purchaseOrder: 'PO-2026-17',
      },
    });
  });

  it('starts from what the registration knows', () => {
    const defaults = accountFormDefaults({ ...EMPTY_REGISTRATION, email: 'jane@company.example' });
    expect(defaults.email).toBe('jane@company.example');
    expect(defaults.countryId).toBe('');
    expect(defaults.acceptTerms).toBe(false);
  });

  it('maps server error paths onto form fields', () => {
    expect(formFieldOfServerPath('email')).toBe('email');
    expect(formFieldOfServerPath('address.vatId')).toBe('vatId');
    expect(formFieldOfServerPath('address.countryId')).toBe('countryId');
    expect(formFieldOfServerPath('address.purchaseOrder')).toBe('purchaseOrder');
    expect(formFieldOfServerPath('address')).toBeNull();
    expect(formFieldOfServerPath('voucherCode')).toBeNull();
  });
});

describe('account form messages', () => {
  it('give the limits of the fields that have one', () => {
    expect(errorsOf({ ...valid, company: 'x'.repeat(201) }).company).toBe('Please use at most 200 characters.');
    expect(errorsOf({ ...valid, vatId: 'DE 1234567890123456789' }).vatId).toBe('Please use at most 20 characters.');
    expect(errorsOf({ ...valid, buyerReference: 'x'.repeat(101) }).buyerReference).toBe('Please use at most 100 characters.');
  });
});
