import { z } from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/i18n.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { hasAddress } from '../../shared/address.ts';
import {
  ACCOUNT_FORM_MESSAGES,
  type AccountFormInput,
  accountBodyOf,
  accountFormDefaults,
  accountFormMessage,
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
  acceptTerms: true,
};

function errorsOf(input: AccountFormInput): Record<string, string> {
  const result = z.safeParse(accountFormSchema, input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('account form schema', () => {
  it('accepts a complete form and normalises e-mail and names', () => {
    const parsed = z.parse(accountFormSchema, valid);
    expect(parsed.email).toBe('jane.doe@company.example');
    expect(parsed.firstName).toBe('Jane');
  });

  it('uses the SPEC §5 password rule text verbatim', () => {
    expect(errorsOf({ ...valid, password: 'short', repeatPassword: 'short' }).password).toBe(MESSAGES.passwordRule);
  });

  it('requires the billing address as the presence rule of SPEC §5 does', () => {
    const errors = errorsOf({ ...valid, addressLine1: 'A', zip: ' ', city: '', countryId: '' });
    expect(errors).toMatchObject({
      addressLine1: ACCOUNT_FORM_MESSAGES.addressLine1,
      zip: ACCOUNT_FORM_MESSAGES.zip,
      city: ACCOUNT_FORM_MESSAGES.city,
      countryId: ACCOUNT_FORM_MESSAGES.countryId,
    });
    const parsed = z.parse(accountFormSchema, valid);
    const body = accountBodyOf(parsed, { pass: { id: 3 }, voucherCode: null });
    expect(hasAddress(true, body.address)).toBe(true);
  });

  it('compares the passwords and wants the terms accepted', () => {
    const errors = errorsOf({ ...valid, repeatPassword: 'Kangaroo-Tuesday-89!', acceptTerms: false, firstName: '' });
    expect(errors.repeatPassword).toBe(ACCOUNT_FORM_MESSAGES.passwordsDiffer);
    expect(errors.acceptTerms).toBe(ACCOUNT_FORM_MESSAGES.acceptTerms);
    expect(errors.firstName).toBe(ACCOUNT_FORM_MESSAGES.firstName);
  });

  it('builds the account body with pass, voucher and the VAT ID without spaces', () => {
    const parsed = z.parse(accountFormSchema, valid);
    const body = accountBodyOf(parsed, { pass: { id: 3 }, voucherCode: { code: 'CF26', codeType: 'discount', valid: true } });
    expect(body).toMatchObject({
      email: 'jane.doe@company.example',
      passTypeId: 3,
      voucherCode: 'CF26',
      company: 'Hosting GmbH',
      address: { type: 'billingAddress', vatId: 'ATU13585627', countryId: 14, company: 'Hosting GmbH', zip: '1010' },
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
    expect(formFieldOfServerPath('address')).toBeNull();
    expect(formFieldOfServerPath('voucherCode')).toBeNull();
  });
});

describe('account form messages', () => {
  const t = (key: string, values?: Record<string, unknown>) => translate('registration', key, values);

  it('each have an English message that reads exactly as the schema writes it', () => {
    const { tooLong, ...fixed } = ACCOUNT_FORM_MESSAGES;
    for (const message of [...Object.values(fixed), tooLong(20), tooLong(100), tooLong(200)]) {
      expect(accountFormMessage(message, t)).toBe(message);
    }
    expect(errorsOf({ ...valid, company: 'x'.repeat(201) }).company).toBe(tooLong(200));
    expect(accountFormMessage('A message of the server.', t)).toBeUndefined();
  });
});
