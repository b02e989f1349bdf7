import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { genericAttendeeEmail } from '../../db/seed/demo-accounts.ts';
import { createTestApp } from '../../testing/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const DEMO = 'Demo-Pass-2026!';
const NEW = 'Kangaroo-Tuesday-88!';
const OTHER = 'Wombat-Saturday-77?';

/** The reset link tokens mailed to `email`, newest first. */
async function resetTokens(email: string): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
  return (res.json() as { text: string }[])
    .map((mail) => /\/sign-in\/changepassword\/([\w-]{43})/.exec(mail.text)?.[1])
    .filter((token): token is string => token !== undefined);
}

const forgot = (email: string) => t.app.inject({ method: 'POST', url: '/api/user/password/forgot', payload: { email } });
const reset = (token: string | undefined, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/user/password/reset', payload: { token, password } });

describe('old password-reset links die', () => {
  it('mailing a new link voids the older one at once, before either is used', async () => {
    const email = genericAttendeeEmail(31);
    expect((await forgot(email)).statusCode).toBe(202);
    expect((await forgot(email)).statusCode).toBe(202);
    const [newest, older] = await resetTokens(email);
    expect(older).toBeDefined();
    // The older link is dead though the newer one was never used.
    const stale = await reset(older, OTHER);
    expect(stale.statusCode).toBe(400);
    expect(stale.json().detail).toBe('This link is invalid or has expired.');
    expect((await reset(newest, NEW)).statusCode).toBe(200);
    await t.login(email, NEW);
  });

  it('a password change voids a link mailed before it', async () => {
    const email = genericAttendeeEmail(32);
    expect((await forgot(email)).statusCode).toBe(202);
    const [mailed] = await resetTokens(email);
    // The holder remembers the password and changes it in the profile.
    const session = await t.login(email, DEMO);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/user/password',
      headers: session,
      payload: { currentPassword: DEMO, newPassword: NEW },
    });
    expect(change.statusCode).toBe(204);
    // Whoever holds the old mail can no longer set the password.
    expect((await reset(mailed, OTHER)).statusCode).toBe(400);
    await t.login(email, NEW);
  });

  it('a reset with one link voids the others (and lifts the sign-in locks of the address)', async () => {
    const email = genericAttendeeEmail(33);
    for (let i = 0; i < 5; i++)
      await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email, password: `Wrong-${i}-Pw!` },
        remoteAddress: '203.0.113.9',
      });
    const locked = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password: DEMO },
      remoteAddress: '203.0.113.9',
    });
    expect(locked.statusCode).toBe(429);
    expect((await forgot(email)).statusCode).toBe(202);
    const [token] = await resetTokens(email);
    expect((await reset(token, NEW)).statusCode).toBe(200);
    expect((await reset(token, OTHER)).statusCode).toBe(400);
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password: NEW },
      remoteAddress: '203.0.113.9',
    });
    expect(after.statusCode).toBe(200);
  });
});
