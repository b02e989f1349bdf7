import { atom } from 'jotai';
import { type EventConfig, eventConfigSchema } from '../shared/contracts/catalog.ts';
import { api } from './api.ts';
import { store } from './store.ts';

/** GET /api/config: public event configuration, needed by signed-in and anonymous pages alike. */
export const configAtom = atom<EventConfig | null>(null);

let configRequest: Promise<EventConfig | null> | null = null;

/** Loads the configuration once; null on failure so pages fall back to their defaults. */
export function loadConfig(): Promise<EventConfig | null> {
  const known = store.get(configAtom);
  if (known) return Promise.resolve(known);
  configRequest ??= api('/api/config', eventConfigSchema)
    .then((config) => {
      store.set(configAtom, config);
      return config;
    })
    .catch(() => null)
    .finally(() => {
      configRequest = null;
    });
  return configRequest;
}
