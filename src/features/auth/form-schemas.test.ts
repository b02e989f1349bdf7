import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../shared/messages.ts';
import { changePasswordFormSchema, PASSWORDS_DIFFER, signUpFormSchema, TERMS_REQUIRED } from './form-schemas.ts';

const valid = {
  firstName: ' Anna ',
  lastName: 'Berg',
  email: ' Anna.Berg@Example.COM ',
  password: 'k7#Vq!2zLm@9xRp',
  repeatPassword: 'k7#Vq!2zLm@9xRp',
  acceptTerms: true,
};

function issues(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
}

describe('signUpFormSchema', () => {
  it('accepts a complete form and normalises like the API body', () => {
    const result = signUpFormSchema.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data?.email).toBe('anna.berg@example.com');
    expect(result.data?.firstName).toBe('Anna');
  });

  it('shows the password rule for a password that breaks it', () => {
    const result = signUpFormSchema.safeParse({ ...valid, password: 'short', repeatPassword: 'short' });
    expect(issues(result).password).toBe(MESSAGES.passwordRule);
  });

  it('requires the terms to be accepted', () => {
    expect(issues(signUpFormSchema.safeParse({ ...valid, acceptTerms: false })).acceptTerms).toBe(TERMS_REQUIRED);
  });

  it('reports different passwords together with other field errors', () => {
    const result = signUpFormSchema.safeParse({ ...valid, firstName: '', repeatPassword: 'something else' });
    const found = issues(result);
    expect(found.repeatPassword).toBe(PASSWORDS_DIFFER);
    expect(found.firstName).toBeDefined();
  });
});

describe('changePasswordFormSchema', () => {
  it('accepts matching passwords that meet the rule', () => {
    expect(changePasswordFormSchema.safeParse({ password: valid.password, repeatPassword: valid.password }).success).toBe(true);
  });

  it('reports a mismatch on the repeat field', () => {
    const result = changePasswordFormSchema.safeParse({ password: valid.password, repeatPassword: 'x' });
    expect(issues(result)).toEqual({ repeatPassword: PASSWORDS_DIFFER });
  });

  it('asks for the repeat when it is empty, without a mismatch message', () => {
    const result = changePasswordFormSchema.safeParse({ password: valid.password, repeatPassword: '' });
    expect(issues(result)).toEqual({ repeatPassword: 'Please repeat your password.' });
  });
});
