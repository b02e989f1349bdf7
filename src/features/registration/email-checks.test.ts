import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/i18n.ts';
import { hostCodeBlocked as hostVoucherBlocked } from '../../shared/registration-rules.ts';
import {
  EMAIL_CHECK_MESSAGE_KEYS,
  eligibilityUpdate,
  emailDomain,
  emailProblem,
  freePassRefused,
  isCheckableEmail,
} from './email-checks.ts';
import { EMPTY_REGISTRATION } from './registration-state.ts';

const freePass = { id: 1, name: 'Standard Pass', kind: 'paid', price: 0, isFree: true };
const hostCode = { code: 'HOST-EUROPA-2026', codeType: 'host', valid: true };

describe('emailDomain', () => {
  it('is the part after the at sign, lower-cased', () => {
    expect(emailDomain('Jane.Doe@GMAIL.com')).toBe('gmail.com');
    expect(emailDomain('odd"@"name@company.example')).toBe('company.example');
    expect(emailDomain('no-at-sign')).toBe('');
  });
});

describe('isCheckableEmail', () => {
  it('asks the server only about complete-looking addresses', () => {
    expect(isCheckableEmail('jane@company.example')).toBe(true);
    expect(isCheckableEmail(' jane@company.example ')).toBe(true);
    expect(isCheckableEmail('jane@company')).toBe(false);
    expect(isCheckableEmail('jane@')).toBe(false);
    expect(isCheckableEmail('')).toBe(false);
  });
});

describe('eligibilityUpdate', () => {
  it('stores e-mail and flags and marks the voucher valid when not blacklisted', () => {
    const state = { ...EMPTY_REGISTRATION, pass: freePass, voucherCode: { code: 'CF26', codeType: 'discount', valid: false } };
    const update = eligibilityUpdate(state, 'jane@company.example', { isBlacklisted: false, isWhitelisted: false });
    expect(update).toEqual({
      email: 'jane@company.example',
      isBlacklisted: false,
      isWhitelisted: false,
      eligibilityCheckComplete: true,
      voucherCode: { code: 'CF26', codeType: 'discount', valid: true },
    });
    expect('pass' in update).toBe(false);
  });

  it('marks the voucher valid when whitelisted, even if also blacklisted, but still clears the pass', () => {
    const state = { ...EMPTY_REGISTRATION, pass: freePass, voucherCode: hostCode };
    const update = eligibilityUpdate(state, 'x@y.example', { isBlacklisted: true, isWhitelisted: true });
    expect(update.voucherCode?.valid).toBe(true);
    expect(update.pass).toBeNull();
  });

  it('clears the chosen pass and invalidates the voucher for a blacklisted address', () => {
    const state = { ...EMPTY_REGISTRATION, pass: freePass, voucherCode: hostCode };
    const update = eligibilityUpdate(state, 'banned@attacker.example', { isBlacklisted: true, isWhitelisted: false });
    expect(update.pass).toBeNull();
    expect(update.isBlacklisted).toBe(true);
    expect(update.voucherCode?.valid).toBe(false);
  });

  it('keeps a missing voucher missing', () => {
    const update = eligibilityUpdate(EMPTY_REGISTRATION, 'a@b.example', { isBlacklisted: false, isWhitelisted: true });
    expect(update.voucherCode).toBeNull();
  });

  it('resets everything when the call failed', () => {
    const state = {
      ...EMPTY_REGISTRATION,
      email: 'old@company.example',
      isWhitelisted: true,
      isBlacklisted: true,
      eligibilityCheckComplete: true,
      voucherCode: hostCode,
    };
    expect(eligibilityUpdate(state, 'new@company.example', null)).toEqual({
      email: '',
      isBlacklisted: false,
      isWhitelisted: false,
      eligibilityCheckComplete: false,
      voucherCode: { ...hostCode, valid: false },
    });
  });
});

describe('host voucher and gray-listed providers', () => {
  it('blocks a host code only once the check ran and the address is not whitelisted', () => {
    const base = { ...EMPTY_REGISTRATION, voucherCode: hostCode };
    expect(hostVoucherBlocked(base)).toBe(false);
    expect(hostVoucherBlocked({ ...base, eligibilityCheckComplete: true })).toBe(true);
    expect(hostVoucherBlocked({ ...base, eligibilityCheckComplete: true, isWhitelisted: true })).toBe(false);
    expect(
      hostVoucherBlocked({ ...base, voucherCode: { ...hostCode, codeType: 'discount' }, eligibilityCheckComplete: true }),
    ).toBe(false);
  });

  it('refuses the free pass to gray-listed providers only', () => {
    expect(freePassRefused({ pass: freePass, grayListedEmailProvider: true })).toBe(true);
    expect(freePassRefused({ pass: freePass, grayListedEmailProvider: false })).toBe(false);
    expect(freePassRefused({ pass: { ...freePass, isFree: false, price: 29_900 }, grayListedEmailProvider: true })).toBe(false);
    expect(freePassRefused({ pass: null, grayListedEmailProvider: true })).toBe(false);
  });

  it('names the first problem of an address', () => {
    expect(emailProblem({ ...EMPTY_REGISTRATION, pass: freePass })).toBeNull();
    expect(emailProblem({ ...EMPTY_REGISTRATION, pass: freePass, grayListedEmailProvider: true })).toBe('grayListedFreePass');
    expect(emailProblem({ ...EMPTY_REGISTRATION, eligibilityCheckComplete: true, isBlacklisted: true })).toBe('blacklisted');
    expect(emailProblem({ ...EMPTY_REGISTRATION, voucherCode: hostCode, eligibilityCheckComplete: true })).toBe('hostNotInvited');
    expect(translate('registration', EMAIL_CHECK_MESSAGE_KEYS.grayListedFreePass)).toMatch(/business e-mail address/);
  });
});
