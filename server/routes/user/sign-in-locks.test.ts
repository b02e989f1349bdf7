import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericAttendeeEmail } from '../../db/seed/demo-accounts.ts';
import { ACCOUNT_WIDE_FACTOR } from '../../services/accounts/account-lock.ts';
import { createTestApp } from '../../testing/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const RIGHT = 'Demo-Pass-2026!';
const LIMIT = 5; // ACCOUNT_LOCK_AFTER_FAILURES' default

const signIn = (email: string, password: string, remoteAddress: string, device?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { email, password },
    remoteAddress,
    ...(device ? { cookies: { device } } : {}),
  });

const deviceCookieOf = (res: LightMyRequestResponse) =>
  (res.cookies as { name: string; value: string; path?: string; httpOnly?: boolean }[]).find((c) => c.name === 'device');

describe('a guesser cannot lock the owner out', () => {
  it('five wrong passwords lock only the guessing address; the owner signs in from another', async () => {
    const email = genericAttendeeEmail(21);
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++) statuses.push((await signIn(email, `Wrong-password-${i}`, '203.0.113.7')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    // The guesser's own address stays locked, even with the right password.
    const guesser = await signIn(email, RIGHT, '203.0.113.7');
    expect(guesser.statusCode).toBe(429);
    expect(Number(guesser.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, elsewhere, is not locked out.
    expect((await signIn(email, RIGHT, '198.51.100.20')).statusCode).toBe(200);
  });

  it('an IPv6 guesser rotating through its /64 counts as one address', async () => {
    const email = genericAttendeeEmail(22);
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++)
      statuses.push((await signIn(email, `Wrong-password-${i}`, `2001:db8:1:2::${(i + 1).toString(16)}`)).statusCode);
    expect(statuses.at(-1)).toBe(429);
    expect((await signIn(email, RIGHT, '2001:db8:9:9::1')).statusCode).toBe(200);
  });

  it('a guesser spread over many addresses locks the account for unknown devices, but not the owner’s known device', async () => {
    const email = genericAttendeeEmail(23);
    // The owner signed in on their phone before: it holds the known-device cookie (HttpOnly, sign-in only).
    const first = await signIn(email, RIGHT, '198.51.100.30');
    expect(first.statusCode).toBe(200);
    const device = deviceCookieOf(first);
    expect(device).toMatchObject({ httpOnly: true, path: '/api/user/login' });

    const wide = LIMIT * ACCOUNT_WIDE_FACTOR;
    const statuses: number[] = [];
    // Four wrong passwords per address, never tripping one address's lock.
    for (let i = 0; i < wide + 1; i++)
      statuses.push((await signIn(email, `Wrong-password-${i}`, `192.0.2.${Math.floor(i / (LIMIT - 1)) + 1}`)).statusCode);
    expect(statuses.slice(0, wide)).toEqual(Array(wide).fill(401));
    expect(statuses[wide]).toBe(429);
    // A new address with the right password is refused: the account is locked for unknown devices.
    expect((await signIn(email, RIGHT, '198.51.100.31')).statusCode).toBe(429);
    // The owner's own phone, wherever it is, still signs in.
    expect((await signIn(email, RIGHT, '192.0.2.1', device?.value)).statusCode).toBe(200);
  });

  it('a known device has its own lock: a thief with the phone still gets only five guesses', async () => {
    const email = genericAttendeeEmail(24);
    const device = deviceCookieOf(await signIn(email, RIGHT, '198.51.100.40'))?.value;
    expect(device).toBeTruthy();
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++)
      statuses.push((await signIn(email, `Wrong-password-${i}`, `198.51.100.${41 + i}`, device)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    expect((await signIn(email, RIGHT, '198.51.100.60', device)).statusCode).toBe(429);
    // The device lock is the device's: another device of the owner signs in.
    expect((await signIn(email, RIGHT, '198.51.100.61')).statusCode).toBe(200);
  });

  it('a device cookie of another account is no exemption', async () => {
    const owner = genericAttendeeEmail(25);
    const other = genericAttendeeEmail(26);
    const device = deviceCookieOf(await signIn(other, RIGHT, '198.51.100.70'))?.value;
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++)
      statuses.push((await signIn(owner, `Wrong-password-${i}`, '198.51.100.71', device)).statusCode);
    expect(statuses.at(-1)).toBe(429);
  });

  it('an address without an account locks exactly like one', async () => {
    const attempt = (email: string, i: number) => signIn(email, `Wrong-password-${i}`, '10.0.7.1');
    const real: LightMyRequestResponse[] = [];
    const unknown: LightMyRequestResponse[] = [];
    for (let i = 0; i < LIMIT + 1; i++) {
      real.push(await attempt(genericAttendeeEmail(27), i));
      unknown.push(await attempt('nobody.here@company.example', i));
    }
    expect(unknown.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401, 429]);
    expect(unknown.map((r) => r.statusCode)).toEqual(real.map((r) => r.statusCode));
    for (let i = 0; i <= LIMIT; i++) expect(unknown[i]?.json()).toEqual(real[i]?.json());
    const retry = (r: LightMyRequestResponse | undefined) => Number(r?.headers['retry-after']);
    expect(Math.abs(retry(unknown[LIMIT]) - retry(real[LIMIT]))).toBeLessThanOrEqual(2);
  });
});
