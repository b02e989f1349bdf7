import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages.ts';
import { users } from '../../db/schema/index.ts';
import { DEMO_PASSWORD } from '../../db/seed/demo-accounts.ts';
import { hashPassword } from '../../services/accounts/password.ts';
import { createRegistrant } from '../../testing/registrant.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { SAME_PASSWORD, WRONG_CURRENT_PASSWORD } from './password.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Headers = Record<string, string>;
let t: TestApp;

const NEW_PASSWORD = 'Quokka-Lantern-73!';
const LOCK_AFTER = 5;

beforeAll(async () => {
  // Many deliberate attempts from one address: the per-IP limit is not what these tests look at.
  t = await createTestApp({
    ADDRESS_RATE_LIMIT_PER_MINUTE: '1000',
    EMAIL_RATE_LIMIT_PER_MINUTE: '1000',
    ACCOUNT_LOCK_AFTER_FAILURES: String(LOCK_AFTER),
  });
});
afterAll(async () => t?.close());

const email = (n: number) => `attendee${String(n).padStart(3, '0')}@demo.cloudfest.example`;
const change = (headers: Headers, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/user/password', headers, payload: payload as object });
const me = (headers: Headers) => t.app.inject({ method: 'GET', url: '/api/user/', headers });
const login = (address: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email: address, password } });

describe('POST /api/user/password', () => {
  it('changes the password, keeps this session, signs out every other one and mails a notice', async () => {
    const address = email(2);
    const here = await t.login(address);
    const elsewhere = await t.login(address);
    // A session another instance would have cached: the cache must forget it too.
    expect((await me(elsewhere)).statusCode).toBe(200);

    const res = await change(here, { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');

    expect((await me(here)).statusCode).toBe(200);
    expect((await me(elsewhere)).statusCode).toBe(401);
    expect((await login(address, DEMO_PASSWORD)).statusCode).toBe(401);
    expect((await login(address, NEW_PASSWORD)).statusCode).toBe(200);

    const outbox = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(address)}` });
    const [mail] = outbox.json() as { subject: string; text: string }[];
    expect(mail?.subject).toBe('Your CloudFest password was changed');
    expect(mail?.text).toContain('http://localhost:3000/sign-in/forgotpassword');
  });

  it('revokes the registration token of the same user as well', async () => {
    const registrant = await createRegistrant(t.database.db, { email: 'changer@company.example', passStatus: 'approved' });
    await t.database.db
      .update(users)
      .set({ passwordHash: await hashPassword(DEMO_PASSWORD) })
      .where(eq(users.id, registrant.user.id));
    const full = await t.login('changer@company.example');
    const survey = () => t.app.inject({ method: 'GET', url: '/api/survey', headers: registrant.headers });
    expect((await survey()).statusCode).toBe(200);
    expect((await change(full, { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD })).statusCode).toBe(204);
    expect((await survey()).statusCode).toBe(401);
  });

  it('answers 400 on currentPassword when the current password is wrong', async () => {
    const headers = await t.login(email(3));
    const res = await change(headers, { currentPassword: 'Not-My-Password-1!', newPassword: NEW_PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors).toEqual([{ path: 'currentPassword', message: WRONG_CURRENT_PASSWORD }]);
    expect((await login(email(3), DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('wants a new password that differs, meets the rule and is strong enough', async () => {
    const headers = await t.login(email(4));
    const same = await change(headers, { currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD });
    expect(same.statusCode).toBe(400);
    expect(same.json().errors).toEqual([{ path: 'newPassword', message: SAME_PASSWORD }]);

    const rule = await change(headers, { currentPassword: DEMO_PASSWORD, newPassword: 'short' });
    expect(rule.statusCode).toBe(400);
    expect(rule.json().errors).toEqual([{ path: 'newPassword', message: MESSAGES.passwordRule }]);

    const weak = await change(headers, { currentPassword: DEMO_PASSWORD, newPassword: 'Password1!' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual([{ path: 'newPassword', message: MESSAGES.passwordTooWeak }]);

    // Nothing changed.
    expect((await login(email(4), DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('locks the password change after repeated wrong current passwords, but never the owner out of signing in', async () => {
    const headers = await t.login(email(5));
    for (let i = 0; i < LOCK_AFTER; i++) {
      const res = await change(headers, { currentPassword: `Wrong-Guess-${i}!`, newPassword: NEW_PASSWORD });
      expect(res.statusCode).toBe(400);
    }
    const locked = await change(headers, { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    expect(locked.json().detail).toMatch(/Too many failed password attempts/);
    // Whoever holds a session can trip this lock; the sign-in locks are separate.
    expect((await login(email(5), DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('clears the count after a right current password', async () => {
    const headers = await t.login(email(7));
    for (let i = 0; i < LOCK_AFTER - 1; i++) {
      await change(headers, { currentPassword: `Wrong-Guess-${i}!`, newPassword: NEW_PASSWORD });
    }
    expect((await change(headers, { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD })).statusCode).toBe(204);
    const [row] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, email(7)));
    expect(row).toMatchObject({ failedLogins: 0, lockedUntil: null });
  });

  it('answers 4xx, never 500, to bad input', async () => {
    const headers = await t.login(email(8));
    const cases: [string, unknown, string?][] = [
      ['empty body', {}],
      ['wrong types', { currentPassword: 1, newPassword: ['x'] }],
      ['missing new password', { currentPassword: DEMO_PASSWORD }],
      ['empty current password', { currentPassword: '', newPassword: NEW_PASSWORD }],
      ['overlong new password', { currentPassword: DEMO_PASSWORD, newPassword: `Aa1!${'x'.repeat(200)}` }],
    ];
    for (const [what, payload] of cases) {
      const res = await change(headers, payload);
      expect(res.statusCode, what).toBe(400);
      expect(res.headers['content-type'], what).toContain('application/problem+json');
    }
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: { ...headers, 'content-type': 'application/json' },
      payload: '{"currentPassword":',
    });
    expect(badJson.statusCode).toBe(400);
    const huge = await change(headers, { currentPassword: 'x'.repeat(300_000), newPassword: NEW_PASSWORD });
    expect(huge.statusCode).toBe(413);
    // None of this counted as a wrong password.
    expect((await login(email(8), DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('needs a bearer sign-in: none or the cookie alone is 401', async () => {
    const payload = { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD };
    expect((await change({}, payload)).statusCode).toBe(401);
    const headers = await t.login(email(9));
    const token = headers.authorization?.slice('Bearer '.length) ?? '';
    expect((await change({ cookie: `session=${token}` }, payload)).statusCode).toBe(401);
  });
});
