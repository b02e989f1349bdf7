export interface HostCodeState {
  voucherCode: { codeType: string | null } | null;
  eligibilityCheckComplete: boolean;
  isWhitelisted: boolean;
}

/**
 * docs/behaviour.md §6: a host-type voucher code whose e-mail is not whitelisted blocks the flow (and sends the
 * visitor back to /registration). Known only once the e-mail's eligibility check has run.
 */
export function hostCodeBlocked(state: HostCodeState): boolean {
  return state.voucherCode?.codeType === 'host' && state.eligibilityCheckComplete && !state.isWhitelisted;
}
