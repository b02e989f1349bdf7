import { describe, expect, it } from 'vitest';
import type { PassType } from '../../shared/contracts/catalog.ts';
import {
  choosePassUpdate,
  isLocked,
  isPlausibleVoucherCode,
  normalizeVoucherCode,
  passSummary,
  toRegistrationPass,
  voucherOutcome,
} from './pass-selection.ts';

const type = (over: Partial<PassType>): PassType => ({
  id: 1,
  name: 'Standard Pass',
  kind: 'paid',
  description: '',
  price: 0,
  isFree: true,
  upgradeableBy: [],
  codeType: null,
  ...over,
});
const STANDARD = type({});
const BUSINESS = type({ id: 2, name: 'Business Pass', price: 29_900, isFree: false });
const HOST = type({ id: 4, name: 'Host Pass', kind: 'voucher', isFree: false, codeType: 'host' });

describe('voucher codes', () => {
  it('normalises what people type', () => {
    expect(normalizeVoucherCode('  cf26 ')).toBe('CF26');
    expect(isPlausibleVoucherCode('CF26')).toBe(true);
    expect(isPlausibleVoucherCode('HOST-EUROPA-2026')).toBe(true);
    expect(isPlausibleVoucherCode('C')).toBe(false);
    expect(isPlausibleVoucherCode('CF 26')).toBe(false);
  });

  it('selects the pass type of a valid code', () => {
    expect(voucherOutcome({ code: 'cf26', valid: true, codeType: 'discount', passType: STANDARD }, [STANDARD])).toEqual({
      kind: 'valid',
      voucher: { code: 'CF26', codeType: 'discount', valid: true },
      passType: STANDARD,
    });
    const host = voucherOutcome({ code: 'HOST-1', valid: true, codeType: 'host', passType: HOST }, [STANDARD]);
    expect(host).toMatchObject({ kind: 'valid', passType: HOST, voucher: { codeType: 'host' } });
  });

  it('counts a valid code without a pass type for the free pass', () => {
    const outcome = voucherOutcome({ code: 'CF26', valid: true, codeType: 'discount', passType: null }, [BUSINESS, STANDARD]);
    expect(outcome).toMatchObject({ kind: 'valid', passType: STANDARD });
    expect(voucherOutcome({ code: 'X1', valid: true, codeType: null, passType: null }, [BUSINESS])).toEqual({
      kind: 'invalid',
      code: 'X1',
      known: false,
    });
  });

  it('refuses invalid codes', () => {
    expect(voucherOutcome({ code: 'nope', valid: false, codeType: null, passType: null }, [STANDARD])).toEqual({
      kind: 'invalid',
      code: 'NOPE',
      known: false,
    });
    // Known to the server but expired or used up.
    expect(voucherOutcome({ code: 'CF26', valid: false, codeType: 'discount', passType: STANDARD }, [STANDARD])).toEqual({
      kind: 'invalid',
      code: 'CF26',
      known: true,
    });
  });
});

describe('choosing a pass', () => {
  it('locks voucher passes until their code is applied', () => {
    expect(isLocked(HOST, null)).toBe(true);
    expect(isLocked(HOST, 4)).toBe(false);
    expect(isLocked(BUSINESS, null)).toBe(false);
  });

  it('keeps the applied code only with its own pass', () => {
    const applied = { voucher: { code: 'CF26', codeType: 'discount', valid: true }, passTypeId: 1 };
    expect(choosePassUpdate({ voucherCode: null }, STANDARD, applied)).toEqual({
      pass: toRegistrationPass(STANDARD),
      voucherCode: applied.voucher,
      eligibilityCheckComplete: false,
    });
    expect(choosePassUpdate({ voucherCode: null }, BUSINESS, applied)).toEqual({
      pass: { id: 2, name: 'Business Pass', kind: 'paid', price: 29_900, isFree: false },
      voucherCode: null,
    });
  });

  it('asks for a new eligibility check only when the code changes', () => {
    const voucher = { code: 'HOST-1', codeType: 'host', valid: true };
    const same = choosePassUpdate({ voucherCode: voucher }, HOST, { voucher, passTypeId: 4 });
    expect(same).not.toHaveProperty('eligibilityCheckComplete');
    expect(choosePassUpdate({ voucherCode: voucher }, BUSINESS, null)).toMatchObject({ eligibilityCheckComplete: false });
  });

  it('summarises the pass with its code', () => {
    expect(passSummary({ pass: null, voucherCode: null })).toBe('');
    expect(passSummary({ pass: toRegistrationPass(BUSINESS), voucherCode: null })).toBe('Business Pass');
    expect(
      passSummary({ pass: toRegistrationPass(STANDARD), voucherCode: { code: 'CF26', codeType: 'discount', valid: true } }),
    ).toBe('Standard Pass · CF26');
  });
});
