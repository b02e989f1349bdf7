import { afterEach, describe, expect, it, vi } from 'vitest';
import { isNetworkError, NETWORK_REQUIRED_MESSAGE, NetworkRequiredError, requireOnline, withNetwork } from './network.ts';
import { payOrder } from './payment.ts';

afterEach(() => {
  vi.unstubAllGlobals();
});

const ORDER = { id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f', gross: 12_900 };
const REDIRECTS = { redirectSuccess: '/pass', redirectCancel: '/pass/upgrade' };

describe('network-required actions', () => {
  it('refuses offline with the message, before doing anything', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const action = vi.fn(async () => 'done');
    await expect(withNetwork(action)).rejects.toThrow(NETWORK_REQUIRED_MESSAGE);
    expect(action).not.toHaveBeenCalled();
    expect(() => requireOnline()).toThrow(NetworkRequiredError);
  });

  it('turns a request that got no answer into the same message, and leaves server refusals alone', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    const lost = new TypeError('Failed to fetch');
    const error = await withNetwork(() => Promise.reject(lost)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(NetworkRequiredError);
    expect((error as Error).cause).toBe(lost);
    expect(isNetworkError(error)).toBe(true);
    const refused = new Error('Payment failed');
    await expect(withNetwork(() => Promise.reject(refused))).rejects.toBe(refused);
    expect(await withNetwork(async () => 42)).toBe(42);
  });

  it('payOrder does not call the server while offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    await expect(payOrder(ORDER, REDIRECTS)).rejects.toThrow(NETWORK_REQUIRED_MESSAGE);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('payOrder says the network is needed when the request gets no answer', async () => {
    vi.stubGlobal('navigator', { onLine: true });
    vi.stubGlobal('location', { origin: 'http://localhost', assign: vi.fn() });
    vi.stubGlobal('localStorage', { getItem: () => null });
    vi.stubGlobal('document', { cookie: '' });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(payOrder(ORDER, REDIRECTS)).rejects.toThrow(NETWORK_REQUIRED_MESSAGE);
  });
});
