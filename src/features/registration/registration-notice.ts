import { atom } from 'jotai';

/**
 * A message for the registration landing, set by the registration guards when they send the
 * visitor back. Kept for this tab (sessionStorage), so a reload does not swallow the explanation;
 * cleared when the visitor dismisses it or chooses a pass.
 */
export type RegistrationNotice = { kind: 'host-code-not-invited'; code: string } | { kind: 'free-claim-expired' };

/** The server's answer when the free pass's hold from the Pass step ran out (or was used). */
export const FREE_CLAIM_EXPIRED = 'Your free pass reservation has expired. Please choose your pass again.';

const STORAGE_KEY = 'registrationNotice';

function readNotice(): RegistrationNotice | null {
  try {
    const value: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null');
    if (value && typeof value === 'object' && 'kind' in value && value.kind === 'host-code-not-invited') {
      return { kind: 'host-code-not-invited', code: 'code' in value && typeof value.code === 'string' ? value.code : '' };
    }
    if (value && typeof value === 'object' && 'kind' in value && value.kind === 'free-claim-expired') {
      return { kind: 'free-claim-expired' };
    }
  } catch {
    // no storage (private mode, tests in node): memory only
  }
  return null;
}

function writeNotice(notice: RegistrationNotice | null): void {
  try {
    if (notice) sessionStorage.setItem(STORAGE_KEY, JSON.stringify(notice));
    else sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // memory only
  }
}

const baseAtom = atom<RegistrationNotice | null>(readNotice());

export const registrationNoticeAtom = atom(
  (get) => get(baseAtom),
  (_get, set, notice: RegistrationNotice | null) => {
    set(baseAtom, notice);
    writeNotice(notice);
  },
);

export function noticeText(notice: RegistrationNotice): string {
  switch (notice.kind) {
    case 'host-code-not-invited':
      return `The host code ${notice.code} is only valid for e-mail addresses invited by the host. Please choose another pass, or enter the code again and register with the address your invitation was sent to.`;
    case 'free-claim-expired':
      return FREE_CLAIM_EXPIRED;
  }
}
