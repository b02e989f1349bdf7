import { describe, expect, it, vi } from 'vitest';
import * as worker from '../../sw/outbox-sync.ts';
import { OUTBOX_SYNC_TAG, onServiceWorkerSync, registerBackgroundSync, SYNC_OUTBOX_MESSAGE } from './background-sync.ts';

describe('background sync', () => {
  it('uses the same tag and message as the service worker', () => {
    expect(OUTBOX_SYNC_TAG).toBe(worker.OUTBOX_SYNC_TAG);
    expect(SYNC_OUTBOX_MESSAGE).toBe(worker.SYNC_OUTBOX_MESSAGE);
  });

  it('the worker relays its sync to every window, and ignores other tags', async () => {
    const windows = [{ postMessage: vi.fn() }, { postMessage: vi.fn() }];
    expect(await worker.relayOutboxSync('outbox', async () => windows)).toBe(2);
    for (const client of windows) expect(client.postMessage).toHaveBeenCalledWith({ type: 'SYNC_OUTBOX' });
    expect(await worker.relayOutboxSync('other', async () => windows)).toBe(0);
    expect(windows[0]?.postMessage).toHaveBeenCalledTimes(1);
  });

  it('the page listens for the relay only', () => {
    const target = new EventTarget();
    const listener = vi.fn();
    const unsubscribe = onServiceWorkerSync(listener, target as unknown as ServiceWorkerContainer);
    target.dispatchEvent(new MessageEvent('message', { data: { type: 'CLEAR_USER_CACHES' } }));
    target.dispatchEvent(new MessageEvent('message', { data: { type: SYNC_OUTBOX_MESSAGE } }));
    unsubscribe();
    target.dispatchEvent(new MessageEvent('message', { data: { type: SYNC_OUTBOX_MESSAGE } }));
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('registers the tag when a worker controls the page, and stays quiet otherwise', async () => {
    const register = vi.fn(async () => undefined);
    registerBackgroundSync({
      controller: {},
      ready: Promise.resolve({ sync: { register } }),
    } as unknown as ServiceWorkerContainer);
    await vi.waitFor(() => expect(register).toHaveBeenCalledWith('outbox'));
    const ready = vi.fn();
    registerBackgroundSync({
      controller: null,
      get ready() {
        return ready();
      },
    } as unknown as ServiceWorkerContainer);
    expect(ready).not.toHaveBeenCalled();
    registerBackgroundSync(undefined);
  });
});
