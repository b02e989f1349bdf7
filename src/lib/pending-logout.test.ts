import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flushLogouts, logoutOnServer } from './pending-logout.ts';
import { MemoryStorage } from './session-testing.ts';

let online = true;
const revoked: string[] = [];

beforeEach(() => {
  online = true;
  revoked.length = 0;
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      if (!online) throw new TypeError('Failed to fetch');
      revoked.push((init.headers as Record<string, string>).Authorization ?? '');
      return new Response(null, { status: 204 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('sign-out while offline', () => {
  it('revokes at once when the server can be reached', async () => {
    await logoutOnServer('tok-1');
    expect(revoked).toEqual(['Bearer tok-1']);
    expect(localStorage.getItem('pendingLogouts')).toBeNull();
  });

  it('keeps the token offline and revokes it at the next flush, once', async () => {
    online = false;
    await logoutOnServer('tok-1');
    await logoutOnServer('tok-2');
    await flushLogouts();
    expect(revoked).toEqual([]);
    online = true;
    await flushLogouts();
    expect(revoked).toEqual(['Bearer tok-1', 'Bearer tok-2']);
    await flushLogouts();
    expect(revoked).toHaveLength(2);
    expect(localStorage.getItem('pendingLogouts')).toBeNull();
  });

  it('ignores a damaged or older stored entry instead of failing every request', async () => {
    localStorage.setItem('pendingLogouts', '{"not": "a list"');
    await expect(flushLogouts()).resolves.toBeUndefined();
    localStorage.setItem('pendingLogouts', JSON.stringify(['tok-3', 42, 'x'.repeat(500)]));
    await flushLogouts();
    expect(revoked).toEqual(['Bearer tok-3']);
  });
});
