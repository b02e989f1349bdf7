/*
 * Whether this device is in kiosk mode. Read by the router on every render, so it stays
 * tiny and imports nothing: while a kiosk is set up, every address but the kiosk (and signing in
 * again, should the staff session end) leads back to it, so neither the back button nor a typed
 * address takes an attendee out of the kiosk.
 */

export const KIOSK_PATH = '/kiosk';

/** localStorage key of the kiosk's settings (src/features/kiosk/settings.ts): present = kiosk mode. */
export const KIOSK_SETTINGS_KEY = 'kiosk';

export function kioskLocked(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(KIOSK_SETTINGS_KEY) !== null;
  } catch {
    // Storage blocked: a kiosk cannot have been set up on this device.
    return false;
  }
}
