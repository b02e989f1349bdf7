import { afterEach, describe, expect, it, vi } from 'vitest';
import { deleteCookie, setCookie } from './cookies.ts';

/** What the page writes to document.cookie, one attribute string per write. */
function captureCookieWrites(protocol: 'https:' | 'http:') {
  const writes: string[] = [];
  vi.stubGlobal('location', { protocol });
  vi.stubGlobal('document', {
    set cookie(value: string) {
      writes.push(value);
    },
  });
  return writes;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the script-readable token cookie', () => {
  it('is Secure and SameSite=Strict when the app is served over https (production)', () => {
    const writes = captureCookieWrites('https:');
    setCookie('token', 'abc');
    expect(writes).toEqual(['token=abc; Path=/; Max-Age=2592000; SameSite=Strict; Secure']);
  });

  it('is SameSite=Strict without Secure over plain http (the local demo, where Secure would drop it)', () => {
    const writes = captureCookieWrites('http:');
    setCookie('token', 'abc', 60);
    expect(writes).toEqual(['token=abc; Path=/; Max-Age=60; SameSite=Strict']);
  });

  it('is deleted with the same path and SameSite', () => {
    const writes = captureCookieWrites('https:');
    deleteCookie('token');
    expect(writes).toEqual(['token=; Path=/; Max-Age=0; SameSite=Strict']);
  });
});
