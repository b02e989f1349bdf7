import { describe, expect, it } from 'vitest';
import { messagesOf as messages } from '../../i18n/test-messages.ts';
import { emailSchema, loginBodySchema, nameSchema, newPasswordSchema } from '../../shared/contracts/user.ts';
import { MESSAGES } from '../../shared/messages.ts';
import { changePasswordFormSchema, confirmFormSchema, signUpFormSchema } from './form-schemas.ts';

const valid = {
  firstName: ' Anna ',
  lastName: 'Berg',
  email: ' Anna.Berg@Example.COM ',
  password: 'k7#Vq!2zLm@9xRp',
  repeatPassword: 'k7#Vq!2zLm@9xRp',
  acceptTerms: true,
};

describe('signUpFormSchema', () => {
  it('accepts a complete form and normalises like the API body', () => {
    const result = signUpFormSchema.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data?.email).toBe('anna.berg@example.com');
    expect(result.data?.firstName).toBe('Anna');
  });

  it('shows the password rule for a password that breaks it', () => {
    expect(messages(signUpFormSchema, { ...valid, password: 'short', repeatPassword: 'short' }).password).toBe(
      MESSAGES.passwordRule,
    );
  });

  it('requires the terms to be accepted', () => {
    expect(messages(signUpFormSchema, { ...valid, acceptTerms: false }).acceptTerms).toBe(
      'Please accept the terms and conditions.',
    );
  });

  it('reports different passwords together with other field errors', () => {
    const found = messages(signUpFormSchema, { ...valid, firstName: '', repeatPassword: 'something else' });
    expect(found.repeatPassword).toBe('The passwords do not match.');
    expect(found.firstName).toBe('Required');
  });
});

describe('changePasswordFormSchema', () => {
  it('accepts matching passwords that meet the rule', () => {
    expect(changePasswordFormSchema.safeParse({ password: valid.password, repeatPassword: valid.password }).success).toBe(true);
  });

  it('reports a mismatch on the repeat field', () => {
    expect(messages(changePasswordFormSchema, { password: valid.password, repeatPassword: 'x' })).toEqual({
      repeatPassword: 'The passwords do not match.',
    });
  });

  it('asks for the repeat when it is empty, without a mismatch message', () => {
    expect(messages(changePasswordFormSchema, { password: valid.password, repeatPassword: '' })).toEqual({
      repeatPassword: 'Please repeat your password.',
    });
  });
});

describe('the account contract’s messages', () => {
  it('read as the forms show them', () => {
    expect(messages(emailSchema, 'not an address')).toEqual({ '': 'Please enter a valid e-mail address.' });
    expect(messages(nameSchema, ' ')).toEqual({ '': 'Required' });
    expect(messages(loginBodySchema.shape.password, '')).toEqual({ '': 'Required' });
    expect(messages(newPasswordSchema, `Aa1!${'x'.repeat(130)}`)).toEqual({ '': 'Passwords are limited to 128 characters.' });
    expect(messages(nameSchema, 'Ada\nLovelace')).toEqual({
      '': 'Please use a single line without control characters (no line breaks or tabs).',
    });
  });
});

describe('confirmFormSchema', () => {
  it('asks for the chosen password without applying the rule again (an older password may predate it)', () => {
    expect(messages(confirmFormSchema, { password: '' }).password).toBe('Required');
    expect(confirmFormSchema.safeParse({ password: 'short' }).success).toBe(true);
  });
});
