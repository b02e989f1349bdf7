import { atom } from 'jotai';
import { store } from '../lib/store.ts';

/**
 * Service worker registration, kept out of the update prompt so a first visit loads neither the
 * prompt nor workbox-window: with no worker installed there is nothing to update yet.
 */

/** True once the update machinery runs (a worker controls the page): the app shell then mounts the prompt. */
export const updatesWatchedAtom = atom(false);

let registered = false;

/** Registers /sw.js (call once, in production builds); the update prompt loads once a worker controls the page. */
export async function registerServiceWorker(): Promise<void> {
  if (registered || !('serviceWorker' in navigator)) return;
  registered = true;
  if (navigator.serviceWorker.controller) return watchForUpdates();
  navigator.serviceWorker.addEventListener('controllerchange', () => void watchForUpdates(), { once: true });
  // Like workbox-window: let the page finish loading before the worker starts precaching.
  if (document.readyState !== 'complete')
    await new Promise((resolve) => window.addEventListener('load', resolve, { once: true }));
  await navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
    console.error('Service worker registration failed', error);
  });
}

async function watchForUpdates(): Promise<void> {
  const { watchForUpdates: watch } = await import('./update-prompt.tsx');
  await watch();
  store.set(updatesWatchedAtom, true);
}
