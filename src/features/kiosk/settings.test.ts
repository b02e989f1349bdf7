import { describe, expect, it } from 'vitest';
import { KIOSK_SETTINGS_KEY } from './kiosk-lock.ts';
import { hashPin } from './pin.ts';
import {
  clearKioskSettings,
  type KioskSettings,
  readKioskSettings,
  readPinAttempts,
  type SettingsStore,
  saveKioskSettings,
  savePinAttempts,
} from './settings.ts';

function memoryStore(): SettingsStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

describe('kiosk settings', () => {
  it('round-trip through storage; their absence is "no kiosk"; leaving removes them and the PIN attempts', async () => {
    const store = memoryStore();
    expect(readKioskSettings(store)).toEqual({ state: 'none' });
    const settings: KioskSettings = {
      version: 1,
      listId: 3,
      paper: 'label-4x3',
      input: 'keyboard',
      pin: await hashPin('2468', 1000),
      startedAt: '2026-03-24T08:00:00.000Z',
    };
    saveKioskSettings(settings, store);
    expect(readKioskSettings(store)).toEqual({ state: 'active', settings });
    savePinAttempts({ failures: 2, lockedUntil: 0 }, store);
    expect(readPinAttempts(store)).toEqual({ failures: 2, lockedUntil: 0 });
    clearKioskSettings(store);
    expect(store.map.size).toBe(0);
    expect(readPinAttempts(store)).toEqual({ failures: 0, lockedUntil: 0 });
  });

  it('are not trusted when unreadable', () => {
    const store = memoryStore();
    for (const raw of ['{', '{"version":1}', JSON.stringify({ version: 1, listId: 1, paper: 'A4', input: 'camera' })]) {
      store.setItem(KIOSK_SETTINGS_KEY, raw);
      expect(readKioskSettings(store)).toEqual({ state: 'unreadable' });
    }
  });
});
