import type { MessageKey } from '../../i18n/namespaces.ts';
import { hostCodeBlocked } from '../../shared/registration-rules.ts';
import type { RegistrationState } from './registration-state.ts';

/*
 * The e-mail checks of the Your Account step (docs/behaviour.md §4, §5): eligibility (black- and whitelist) and
 * the gray-listed free-mail provider check. Pure rules here; the calls are in registration-api.ts.
 */

export interface EligibilityResult {
  isBlacklisted: boolean;
  isWhitelisted: boolean;
}

/** Each problem's message (registration namespace). */
export const EMAIL_CHECK_MESSAGE_KEYS = {
  blacklisted: 'emailBlacklisted',
  grayListedFreePass: 'emailGrayListedFreePass',
  hostNotInvited: 'emailHostNotInvited',
} as const satisfies Record<string, MessageKey<'registration'>>;

/** A plausible address worth asking the server about (the form's own check gives the message). */
export function isCheckableEmail(email: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
}

/** The domain for the provider check: the part after the (last) at sign, lower-cased (docs/behaviour.md §5). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at === -1
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/**
 * docs/behaviour.md §4 eligibility check. On success: the e-mail and both flags are stored, the check is
 * complete, and the voucher is valid when the address is whitelisted or not blacklisted; a
 * blacklisted address clears the chosen pass. On failure (`result` null) all of these are reset.
 */
export function eligibilityUpdate(
  state: Pick<RegistrationState, 'voucherCode'>,
  email: string,
  result: EligibilityResult | null,
): Partial<RegistrationState> {
  if (result === null) {
    return {
      email: '',
      isBlacklisted: false,
      isWhitelisted: false,
      eligibilityCheckComplete: false,
      voucherCode: state.voucherCode ? { ...state.voucherCode, valid: false } : null,
    };
  }
  const update: Partial<RegistrationState> = {
    email,
    isBlacklisted: result.isBlacklisted,
    isWhitelisted: result.isWhitelisted,
    eligibilityCheckComplete: true,
    voucherCode: state.voucherCode ? { ...state.voucherCode, valid: result.isWhitelisted || !result.isBlacklisted } : null,
  };
  if (result.isBlacklisted) update.pass = null;
  return update;
}

/** The free Standard Pass is refused to addresses of gray-listed (free-mail) providers. */
export function freePassRefused(state: Pick<RegistrationState, 'pass' | 'grayListedEmailProvider'>): boolean {
  return state.pass?.isFree === true && state.grayListedEmailProvider;
}

/** Why the e-mail cannot be used with the chosen pass, or null when it can. */
export function emailProblem(
  state: Pick<
    RegistrationState,
    'pass' | 'grayListedEmailProvider' | 'isBlacklisted' | 'eligibilityCheckComplete' | 'voucherCode' | 'isWhitelisted'
  >,
): keyof typeof EMAIL_CHECK_MESSAGE_KEYS | null {
  if (state.eligibilityCheckComplete && state.isBlacklisted) return 'blacklisted';
  if (hostCodeBlocked(state)) return 'hostNotInvited';
  if (freePassRefused(state)) return 'grayListedFreePass';
  return null;
}
