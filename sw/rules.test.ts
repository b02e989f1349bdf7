import { describe, expect, it } from 'vitest';
import {
  isOtherUsersCache,
  isPublicApiPath,
  isSessionStartPath,
  isSharedCacheable,
  isUserCacheName,
  NAVIGATION_DENYLIST,
  readMessage,
  readUserId,
  userCacheKind,
  userCacheName,
} from './rules.ts';

const deniedNavigation = (path: string) => NAVIGATION_DENYLIST.some((re) => re.test(path));
const USER = '3f2a8c1e-5b7d-4e9f-a1c2-0d3e4f5a6b7c';
const OTHER = '9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const INVOICE = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

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
      '/api/seller',
      '/api/country',
      '/api/agenda',
      '/api/agenda/sessions',
      '/api/exhibitor',
      '/api/exhibitors',
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
      '/api/sellers',
      '/api/agenda/favourites',
      '/api/agenda/favourites/',
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

describe('per-user caches', () => {
  it('keep the data the signed-in pages read', () => {
    for (const path of [
      '/api/user/',
      '/api/user',
      '/api/address/',
      '/api/survey',
      '/api/survey/questions/',
      '/api/pass',
      '/api/pass/',
      '/api/pass/barcode',
      '/api/pass/keys',
      '/api/pass/revocations',
      '/api/booking',
      `/api/booking/${INVOICE}`,
      '/api/train-ticket',
      '/api/train-ticket/type',
      '/api/invoice',
      '/api/invoice/',
      '/api/visa-letter',
    ]) {
      expect(userCacheKind(path), path).toBe('data');
    }
  });

  it('leave the personal agenda to the network (its device copy is Dexie)', () => {
    expect(userCacheKind('/api/agenda/favourites')).toBeNull();
    expect(isPublicApiPath('/api/agenda/favourites')).toBe(false);
  });

  it('keep PDFs and the own pictures apart, as files', () => {
    for (const path of [
      `/api/invoice/${INVOICE}/pdf`,
      `/api/invoice/${INVOICE}/xml`,
      `/api/invoice/${INVOICE.toUpperCase()}/pdf`,
      `/api/visa-letter/${INVOICE}/pdf`,
      `/api/image/${INVOICE}`,
    ]) {
      expect(userCacheKind(path), path).toBe('files');
    }
  });

  it('leave out public, live and unrelated paths', () => {
    for (const path of [
      '/api/pass/taken-passes',
      '/api/pass/type/paid',
      '/api/pass/type/paid-upgrade',
      '/api/pass/check-eligibility',
      '/api/pass/voucher/CF26',
      '/api/pass/barcode/extra',
      '/api/passes',
      '/api/user/login',
      '/api/user/profile/abc',
      '/api/invoice/abc/pdf',
      `/api/invoice/${INVOICE}`,
      `/api/invoice/${INVOICE}/pdf/x`,
      '/api/image/not-a-uuid',
      '/api/lead',
      '/api/payment/session/sbx_1',
      '/api/accommodation',
      '/api/news',
      '/api/agenda',
      '/api/exhibitors',
      '/api/surveys',
      '/api/bookings',
      '/pass',
      '/invoices',
    ]) {
      expect(userCacheKind(path), path).toBeNull();
    }
  });

  it('keep the full revocation list, not the polled updates', () => {
    expect(userCacheKind('/api/pass/revocations', '')).toBe('data');
    expect(userCacheKind('/api/pass/revocations', '?since=2026-03-24T10:00:00.000Z')).toBeNull();
    // Other queries are part of the URL the pages always send the same way.
    expect(userCacheKind('/api/booking', '?extended=true')).toBe('data');
    expect(userCacheKind(`/api/image/${INVOICE}`, '?width=56&height=56&fit=crop&dpr=2')).toBe('files');
  });

  it('no path is both public and per user', () => {
    for (const path of ['/api/agenda/favourites', '/api/agenda', '/api/news', '/api/pass', '/api/invoice']) {
      expect(isPublicApiPath(path) && userCacheKind(path) !== null, path).toBe(false);
    }
  });

  it('are named by user and kind, and recognised by prefix', () => {
    expect(userCacheName(USER, 'data')).toBe(`user-${USER}-data`);
    expect(userCacheName(USER, 'files')).toBe(`user-${USER}-files`);
    expect(isUserCacheName(userCacheName(USER, 'data'))).toBe(true);
    expect(isUserCacheName('public-api')).toBe(false);
    expect(isUserCacheName('sw-state')).toBe(false);
    expect(isUserCacheName('workbox-precache-v2-https://x/')).toBe(false);
  });

  it("tell another user's caches from one's own", () => {
    expect(isOtherUsersCache(userCacheName(OTHER, 'data'), USER)).toBe(true);
    expect(isOtherUsersCache(userCacheName(OTHER, 'files'), USER)).toBe(true);
    expect(isOtherUsersCache(userCacheName(USER, 'data'), USER)).toBe(false);
    expect(isOtherUsersCache(userCacheName(USER, 'files'), USER)).toBe(false);
    expect(isOtherUsersCache('public-api', USER)).toBe(false);
    expect(isOtherUsersCache('sw-state', USER)).toBe(false);
  });

  it('stop at sign-in and account creation', () => {
    expect(isSessionStartPath('/api/user/login')).toBe(true);
    expect(isSessionStartPath('/api/registration/account')).toBe(true);
    expect(isSessionStartPath('/api/user/logout')).toBe(false);
    expect(isSessionStartPath('/api/user/')).toBe(false);
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

  it('takes a user id only when it is a uuid, lower-cased', () => {
    expect(readMessage({ type: 'SET_USER', userId: USER })).toEqual({ type: 'SET_USER', userId: USER });
    expect(readMessage({ type: 'SET_USER', userId: USER.toUpperCase() })).toEqual({ type: 'SET_USER', userId: USER });
    for (const userId of [undefined, null, 42, '', 'abc', `${USER}x`, `../${USER}`, `${USER}-data`, 'user-*']) {
      expect(readMessage({ type: 'SET_USER', userId }), String(userId)).toBeNull();
    }
  });

  it('reads a stored user id the same way', () => {
    expect(readUserId(USER)).toBe(USER);
    expect(readUserId({ userId: USER })).toBeNull();
    expect(readUserId(' ')).toBeNull();
  });
});
