import { describe, expect, it } from 'vitest';
import { NAVIGATION_DENYLIST, isPublicApiPath, isSharedCacheable, isUserCacheName, readMessage } from './rules.ts';

const deniedNavigation = (path: string) => NAVIGATION_DENYLIST.some((re) => re.test(path));

describe('navigation fallback', () => {
  it('serves the shell for app routes', () => {
    for (const path of ['/', '/pass', '/contacts', '/sign-in/changepassword/abc', '/apiary', '/registration/checkout']) {
      expect(deniedNavigation(path), path).toBe(false);
    }
  });

  it('leaves the API, its docs and the payment provider page to the network', () => {
    for (const path of ['/api', '/api/', '/api/docs', '/api/docs/', '/api/invoice/1/pdf', '/payment/sandbox/sbx_abc']) {
      expect(deniedNavigation(path), path).toBe(true);
    }
  });
});

describe('public API cache', () => {
  it('covers the shared reference data', () => {
    for (const path of [
      '/api/news',
      '/api/config',
      '/api/country',
      '/api/agenda',
      '/api/agenda/sessions',
      '/api/exhibitor',
      '/api/exhibitors/7',
    ]) {
      expect(isPublicApiPath(path), path).toBe(true);
    }
  });

  it('never covers per-user or live data', () => {
    for (const path of [
      '/api/pass',
      '/api/pass/taken-passes',
      '/api/invoice',
      '/api/booking',
      '/api/user/',
      '/api/lead',
      '/api/newsletter',
      '/api/countryside',
      '/news',
    ]) {
      expect(isPublicApiPath(path), path).toBe(false);
    }
  });

  it('refuses responses marked private', () => {
    expect(isSharedCacheable(null)).toBe(true);
    expect(isSharedCacheable('no-store')).toBe(true);
    expect(isSharedCacheable('public, max-age=60')).toBe(true);
    expect(isSharedCacheable('private')).toBe(false);
    expect(isSharedCacheable('no-cache, Private, max-age=0')).toBe(false);
    expect(isSharedCacheable('private="set-cookie"')).toBe(false);
  });
});

describe('messages', () => {
  it('reads the known messages only', () => {
    expect(readMessage({ type: 'SKIP_WAITING' })).toEqual({ type: 'SKIP_WAITING' });
    expect(readMessage({ type: 'CLEAR_USER_CACHES', extra: 1 })).toEqual({ type: 'CLEAR_USER_CACHES' });
    expect(readMessage({ type: 'DELETE_EVERYTHING' })).toBeNull();
    expect(readMessage('SKIP_WAITING')).toBeNull();
    expect(readMessage(null)).toBeNull();
  });

  it('recognises per-user caches by prefix', () => {
    expect(isUserCacheName('user-3f2a-pass')).toBe(true);
    expect(isUserCacheName('public-api')).toBe(false);
    expect(isUserCacheName('workbox-precache-v2-https://x/')).toBe(false);
  });
});
