import type { PassType } from '../../shared/contracts/catalog.ts';
import type { VoucherCheck } from '../../shared/contracts/registration.ts';
import type { RegistrationState } from './registration-state.ts';

/** docs/behaviour.md §9: the discount code the registration promotes for the free Standard Pass. */
export const FREE_PASS_CODE = 'CF26';

export type RegistrationPass = NonNullable<RegistrationState['pass']>;
export type RegistrationVoucher = NonNullable<RegistrationState['voucherCode']>;

/** What the registration state keeps of a pass type. */
export function toRegistrationPass(type: PassType): RegistrationPass {
  return { id: type.id, name: type.name, kind: type.kind, price: type.price, isFree: type.isFree };
}

/** Codes are matched trimmed and upper-cased (the server does the same). */
export function normalizeVoucherCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/** A code worth sending to the server: 2 to 64 characters of letters, digits, '-' and '_'. */
export function isPlausibleVoucherCode(code: string): boolean {
  return /^[A-Z0-9_-]{2,64}$/.test(code);
}

export type VoucherOutcome =
  /** `known`: the server knows the code, but it has expired or is used up. */
  { kind: 'invalid'; code: string; known: boolean } | { kind: 'valid'; voucher: RegistrationVoucher; passType: PassType };

/**
 * The server's answer → what the pass step does: a valid code selects its pass type (CF26 the free
 * Standard Pass, a host or speaker code its voucher pass). A valid code without a pass type of its
 * own counts for the free paid pass, if there is one.
 */
export function voucherOutcome(check: VoucherCheck, paid: readonly PassType[]): VoucherOutcome {
  const code = normalizeVoucherCode(check.code);
  const known = check.codeType !== null || check.passType !== null;
  if (!check.valid) return { kind: 'invalid', code, known };
  const passType = check.passType ?? paid.find((type) => type.isFree) ?? null;
  if (!passType) return { kind: 'invalid', code, known };
  return { kind: 'valid', voucher: { code, codeType: check.codeType, valid: true }, passType };
}

/** A voucher pass can only be chosen with a code that unlocks it. */
export function isLocked(type: PassType, unlockedPassTypeId: number | null): boolean {
  return type.kind === 'voucher' && unlockedPassTypeId !== type.id;
}

/**
 * The state update for choosing `type`. The applied code goes along only when it belongs to this
 * pass; a changed code asks the Account step to check the e-mail's eligibility again (docs/behaviour.md §4: the
 * voucher's validity depends on it, and a host code needs an invited address).
 */
export function choosePassUpdate(
  current: Pick<RegistrationState, 'voucherCode'>,
  type: PassType,
  applied: { voucher: RegistrationVoucher; passTypeId: number } | null,
): Partial<RegistrationState> {
  const voucherCode = applied && applied.passTypeId === type.id ? applied.voucher : null;
  const update: Partial<RegistrationState> = { pass: toRegistrationPass(type), voucherCode };
  if ((current.voucherCode?.code ?? null) !== (voucherCode?.code ?? null)) update.eligibilityCheckComplete = false;
  return update;
}

/** 'Free' or the price in euros; paid passes are net prices plus VAT at checkout. */
export function passSummary(pass: Pick<RegistrationState, 'pass' | 'voucherCode'>): string {
  if (!pass.pass) return '';
  return pass.voucherCode ? `${pass.pass.name} · ${pass.voucherCode.code}` : pass.pass.name;
}
