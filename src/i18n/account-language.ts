import { api, noContent } from '../lib/api.ts';
import type { Language } from './i18n.ts';
import { changeLanguage, isLanguage } from './i18n.ts';

/**
 * The account's copy of the language: the server writes mails and PDFs in it, and a
 * sign-in on another device starts in it. Loaded with the session code only.
 */

const UNSYNCED_KEY = 'language-unsynced';

function setUnsynced(unsynced: boolean): void {
  try {
    if (unsynced) localStorage.setItem(UNSYNCED_KEY, '1');
    else localStorage.removeItem(UNSYNCED_KEY);
  } catch {
    // No storage: the next switch online saves it.
  }
}

function isUnsynced(): boolean {
  try {
    return localStorage.getItem(UNSYNCED_KEY) === '1';
  } catch {
    return false;
  }
}

/** After a switch on this device while signed in; offline, it is saved on the next sign-in or start. */
export async function saveAccountLanguage(language: Language): Promise<void> {
  setUnsynced(true);
  await api('/api/user/language', noContent, { method: 'PUT', body: { language } });
  setUnsynced(false);
}

/** At start-up with a session: a switch made offline is sent now. */
export async function saveUnsyncedLanguage(language: Language): Promise<void> {
  if (isUnsynced()) await saveAccountLanguage(language);
}

/**
 * Right after a sign-in: the account's language wins (chosen on another device), unless this device
 * switched while it could not tell the server, in which case the device's choice is sent now.
 */
export async function adoptAccountLanguage(accountLanguage: string | undefined, deviceLanguage: Language): Promise<void> {
  if (isUnsynced()) {
    await saveAccountLanguage(deviceLanguage).catch(() => undefined);
    return;
  }
  if (isLanguage(accountLanguage) && accountLanguage !== deviceLanguage) await changeLanguage(accountLanguage);
}
