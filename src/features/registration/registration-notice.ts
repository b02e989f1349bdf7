import { atom } from 'jotai';
import type { MessageKey } from '../../i18n/namespaces.ts';
import type { Values } from '../../i18n/use-t.ts';

/**
 * A message for the registration landing, set by the registration guards when they send the
 * visitor back. Kept for this tab (sessionStorage), so a reload does not swallow the explanation;
 * cleared when the visitor dismisses it or chooses a pass.
 */
export type RegistrationNotice = { kind: 'host-code-not-invited'; code: string } | { kind: 'free-claim-expired' };

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

/** The notice in the active language (`t` of the registration namespace). */
export function noticeText(notice: RegistrationNotice, t: (key: MessageKey<'registration'>, values?: Values) => string): string {
  switch (notice.kind) {
    case 'host-code-not-invited':
      return t('noticeHostCodeNotInvited', { code: notice.code });
    case 'free-claim-expired':
      // The free pass's hold from the Pass step ran out (or was used).
      return t('noticeFreeClaimExpired');
  }
}
