import { beforeEach, describe, expect, it, vi } from 'vitest';
import { json, MemoryStorage, TEST_CONFIG, testPass, testUser } from '../testing/session.ts';

/*
 * The session module against a fake server: fetch, localStorage, document.cookie and location are
 * stubbed (node environment), and every test imports a fresh module graph (fresh store and state).
 */

const USER = testUser();
const pass = testPass;
const TICKET = (code: string) => ({
  id: '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
  code,
  createdAt: '2026-01-05T10:00:00Z',
  type: { id: 1, name: 'Return', description: '', price: 9900 },
});
const CONFIG = TEST_CONFIG;

type Reply = { status: number; body?: unknown } | 'offline';
let replies: Record<string, Reply>;
let calls: { path: string; method: string; auth: string | null }[];

beforeEach(() => {
  vi.resetModules();
  vi.unstubAllGlobals();
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('document', { cookie: '' });
  vi.stubGlobal('location', { origin: 'http://app.test', protocol: 'http:' });
  calls = [];
  replies = {
    '/api/user/': { status: 200, body: USER },
    '/api/pass': { status: 200, body: pass('approved') },
    '/api/address/': { status: 200, body: null },
    '/api/booking': { status: 200, body: [] },
    '/api/train-ticket': { status: 200, body: [TICKET('first'), TICKET('second')] },
    '/api/survey/questions/': { status: 200, body: [] },
    '/api/survey': { status: 200, body: [] },
    '/api/config': { status: 200, body: CONFIG },
    '/api/user/logout': { status: 204 },
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://app.test').pathname;
      const headers = (init.headers ?? {}) as Record<string, string>;
      calls.push({ path, method: init.method ?? 'GET', auth: headers.Authorization ?? null });
      const reply = replies[path];
      if (reply === 'offline' || reply === undefined) throw new TypeError('Failed to fetch');
      return json(reply.status, reply.body ?? { type: 'about:blank', title: 'Error', status: reply.status });
    }),
  );
});

async function fresh() {
  const session = await import('./session.ts');
  const { store } = await import('./store.ts');
  return { ...session, store };
}

describe('loadUserData', () => {
  it('is signed out without a token and calls nothing', async () => {
    const s = await fresh();
    expect(await s.loadUserData()).toBe('signed-out');
    expect(calls).toEqual([]);
  });

  it('loads everything for an approved pass', async () => {
    const s = await fresh();
    expect(await s.startSession('tok-1')).toBe('ready');
    expect(localStorage.getItem('token')).toBe('tok-1');
    expect(s.store.get(s.isSignedInAtom)).toBe(true);
    expect(s.store.get(s.fullNameAtom)).toBe('Ada Lovelace');
    expect(s.store.get(s.isLeadScannerAtom)).toBe(true);
    expect(s.store.get(s.passAtom)?.status).toBe('approved');
    expect(s.store.get(s.trainTicketAtom)?.code).toBe('first');
    expect(s.store.get(s.addressAtom).addressLine1).toBe('');
    expect(s.store.get(s.configAtom)?.surveyStartDate).toBe('2026-01-01');
    expect(s.store.get(s.surveyEntriesLoadedAtom)).toBe(true);
    expect(calls.find((c) => c.path === '/api/booking')?.auth).toBe('Bearer tok-1');
    // Loaded once: later callers get the answer without calls.
    const count = calls.length;
    expect(await s.loadUserData()).toBe('ready');
    expect(calls.length).toBe(count);
  });

  it('shares one request between concurrent callers', async () => {
    localStorage.setItem('token', 'tok-1');
    const s = await fresh();
    const results = await Promise.all([s.loadUserData(), s.loadUserData(), s.loadUserData()]);
    expect(results).toEqual(['ready', 'ready', 'ready']);
    expect(calls.filter((c) => c.path === '/api/user/').length).toBe(1);
  });

  it('signs out a non-vendor whose pass awaits approval, revoking the token', async () => {
    replies['/api/pass'] = { status: 200, body: pass('pending') };
    const s = await fresh();
    expect(await s.startSession('tok-1')).toBe('awaiting-approval');
    expect(localStorage.getItem('token')).toBeNull();
    expect(s.store.get(s.userAtom)).toBeNull();
    expect(calls).toContainEqual({ path: '/api/user/logout', method: 'POST', auth: 'Bearer tok-1' });
  });

  it('lets vendors without an approved pass and users without a pass in', async () => {
    replies['/api/pass'] = { status: 200, body: pass('pending') };
    replies['/api/user/'] = { status: 200, body: { ...USER, tags: [{ id: 2 }] } };
    const vendor = await fresh();
    expect(await vendor.startSession('tok-1')).toBe('ready');
    expect(vendor.store.get(vendor.isVendorAtom)).toBe(true);

    vi.resetModules();
    replies['/api/pass'] = { status: 200, body: null };
    replies['/api/user/'] = { status: 200, body: USER };
    const passless = await fresh();
    expect(await passless.startSession('tok-2')).toBe('ready');
    expect(passless.store.get(passless.passAtom)).toBeNull();
  });

  it('signs out on 401 without calling logout', async () => {
    replies['/api/user/'] = { status: 401 };
    const s = await fresh();
    expect(await s.startSession('expired')).toBe('signed-out');
    expect(localStorage.getItem('token')).toBeNull();
    expect(calls.some((c) => c.path === '/api/user/logout')).toBe(false);
  });

  it('falls back when side calls fail', async () => {
    replies['/api/address/'] = { status: 500 };
    replies['/api/booking'] = { status: 500 };
    replies['/api/train-ticket'] = 'offline';
    replies['/api/survey'] = { status: 500 };
    replies['/api/config'] = { status: 500 };
    const s = await fresh();
    expect(await s.startSession('tok-1')).toBe('ready');
    expect(s.store.get(s.addressAtom).countryId).toBeNull();
    expect(s.store.get(s.bookingsAtom)).toEqual([]);
    expect(s.store.get(s.trainTicketAtom)).toBeNull();
    expect(s.store.get(s.surveyEntriesLoadedAtom)).toBe(false);
    expect(s.store.get(s.configAtom)).toBeNull();
  });

  it('keeps the snapshot in step with later changes of the user (a profile edit)', async () => {
    const s = await fresh();
    await s.startSession('tok-1');
    s.store.set(s.userAtom, { ...USER, firstName: 'Renamed' });
    expect(JSON.parse(localStorage.getItem('session-snapshot') ?? '{}').user.firstName).toBe('Renamed');
  });

  it('opens offline from the snapshot of the last load, and fails without one', async () => {
    const first = await fresh();
    expect(await first.startSession('tok-1')).toBe('ready');

    vi.resetModules();
    for (const path of Object.keys(replies)) replies[path] = 'offline';
    const offline = await fresh();
    expect(await offline.loadUserData()).toBe('ready');
    expect(offline.store.get(offline.userAtom)?.uuid).toBe(USER.uuid);
    expect(offline.store.get(offline.passAtom)?.status).toBe('approved');

    vi.resetModules();
    localStorage.removeItem('session-snapshot');
    const bare = await fresh();
    await expect(bare.loadUserData()).rejects.toThrow('Failed to fetch');
    expect(localStorage.getItem('token')).toBe('tok-1');
  });
});

describe('signOut', () => {
  it('clears the session at once, runs the hooks and revokes the token', async () => {
    const s = await fresh();
    await s.startSession('tok-1');
    const { setCookie } = await import('./cookies.ts');
    setCookie('surveyRedirect', '/agenda');
    const hook = vi.fn();
    const failingHook = vi.fn(() => {
      throw new Error('ignored');
    });
    s.registerSignOutHook(hook);
    s.registerSignOutHook(failingHook);

    const done = s.signOut();
    expect(s.store.get(s.isSignedInAtom)).toBe(false);
    expect(s.store.get(s.userDataLoadedAtom)).toBe(false);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('session-snapshot')).toBeNull();
    expect(document.cookie).toContain('surveyRedirect=;');
    await done;
    expect(hook).toHaveBeenCalledOnce();
    expect(failingHook).toHaveBeenCalledOnce();
    expect(calls).toContainEqual({ path: '/api/user/logout', method: 'POST', auth: 'Bearer tok-1' });
  });

  it('still signs out when the server cannot be reached', async () => {
    const s = await fresh();
    await s.startSession('tok-1');
    replies['/api/user/logout'] = 'offline';
    await expect(s.signOut()).resolves.toBeUndefined();
    expect(s.store.get(s.tokenAtom)).toBeNull();
  });
});
