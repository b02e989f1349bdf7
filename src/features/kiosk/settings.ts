import { z } from 'zod/mini';
import { KIOSK_SETTINGS_KEY } from './kiosk-lock.ts';
import { NO_ATTEMPTS, type PinAttempts, pinAttemptsSchema, pinHashSchema } from './pin.ts';

/*
 * The kiosk's settings, chosen by staff at set-up and kept in this device's
 * localStorage: they belong to the device, like the pass check's chosen list, and their presence
 * is kiosk mode (kiosk-lock.ts). Read back through zod: a value of another app version, or one
 * edited by hand, is not trusted.
 */

/** A6 (105 × 148 mm, portrait) or a 4 × 3 in label (landscape), the usual badge printer stocks. */
export const PAPERS = ['a6', 'label-4x3'] as const;
export type Paper = (typeof PAPERS)[number];

/** `camera`: the device's camera and a USB scanner; `keyboard`: a USB scanner (a keyboard wedge) only. */
export const INPUTS = ['camera', 'keyboard'] as const;
export type ScanInput = (typeof INPUTS)[number];

const settingsSchema = z.object({
  version: z.literal(1),
  listId: z.int().check(z.positive(), z.lte(2 ** 31 - 1)),
  paper: z.enum(PAPERS),
  input: z.enum(INPUTS),
  pin: pinHashSchema,
  startedAt: z.string(),
});
export type KioskSettings = z.infer<typeof settingsSchema>;

/** What the kiosk keeps in localStorage; tests pass a Map-like of their own. */
export type SettingsStore = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

const PIN_ATTEMPTS_KEY = 'kiosk-pin-attempts';

function browserStorage(): SettingsStore | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

function readJson(storage: SettingsStore | null, key: string): unknown {
  try {
    const raw = storage?.getItem(key);
    return raw ? JSON.parse(raw) : undefined;
  } catch {
    return undefined;
  }
}

export type StoredSettings = { state: 'none' } | { state: 'active'; settings: KioskSettings } | { state: 'unreadable' };

/** The kiosk set up on this device; `unreadable` when something is stored that is not valid settings. */
export function readKioskSettings(storage: SettingsStore | null = browserStorage()): StoredSettings {
  let raw: string | null | undefined;
  try {
    raw = storage?.getItem(KIOSK_SETTINGS_KEY);
  } catch {
    return { state: 'none' };
  }
  if (raw === null || raw === undefined) return { state: 'none' };
  const parsed = z.safeParse(settingsSchema, readJson(storage, KIOSK_SETTINGS_KEY));
  return parsed.success ? { state: 'active', settings: parsed.data } : { state: 'unreadable' };
}

/** Starts kiosk mode (or changes its settings). Throws when the device cannot store them. */
export function saveKioskSettings(settings: KioskSettings, storage: SettingsStore | null = browserStorage()): void {
  if (!storage) throw new Error('This device cannot store the kiosk settings.');
  storage.setItem(KIOSK_SETTINGS_KEY, JSON.stringify(settings));
}

/** Leaves kiosk mode: the settings and the PIN's hash go. */
export function clearKioskSettings(storage: SettingsStore | null = browserStorage()): void {
  try {
    storage?.removeItem(KIOSK_SETTINGS_KEY);
    storage?.removeItem(PIN_ATTEMPTS_KEY);
  } catch {
    // Nothing stored that could be removed.
  }
}

/** Wrong PINs so far (kept across reloads, so restarting the page does not reset the lock). */
export function readPinAttempts(storage: SettingsStore | null = browserStorage()): PinAttempts {
  const parsed = z.safeParse(pinAttemptsSchema, readJson(storage, PIN_ATTEMPTS_KEY));
  return parsed.success ? parsed.data : NO_ATTEMPTS;
}

export function savePinAttempts(attempts: PinAttempts, storage: SettingsStore | null = browserStorage()): void {
  try {
    if (attempts.failures === 0) storage?.removeItem(PIN_ATTEMPTS_KEY);
    else storage?.setItem(PIN_ATTEMPTS_KEY, JSON.stringify(attempts));
  } catch {
    // Not kept: the lock then lasts as long as the page.
  }
}
