import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages.ts';
import { users } from '../../db/schema/index.ts';
import { createTestApp } from '../../testing/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;

beforeAll(async () => {
  // A small per-address limit, so the limit tests stay quick.
  t = await createTestApp({ ADDRESS_RATE_LIMIT_PER_MINUTE: '10' });
});
afterAll(async () => t?.close());

const STRONG = 'Kangaroo-Tuesday-88!';

async function latestMail(to: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  const [mail] = res.json() as { subject: string; text: string }[];
  if (!mail) throw new Error(`no mail for ${to}`);
  return mail;
}

const linkIn = (text: string) => {
  const match = text.match(/http:\/\/localhost:3000(\/\S+)/);
  if (!match?.[1]) throw new Error(`no link in mail:\n${text}`);
  return new URL(match[1], 'http://x');
};

describe('sign-up, confirmation and sign-in', () => {
  const email = 'new.person@company.example';

  it('creates an account and mails a confirmation link carrying a token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/sign-up',
      payload: { email: 'New.Person@Company.example ', password: STRONG, firstName: 'Nora', lastName: 'Neumann' },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ ok: true });
    const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const link = linkIn((await latestMail(email)).text);
    expect(link.pathname).toBe(`/sign-up/confirm/${user?.id}`);
    expect(link.searchParams.get('token')?.length).toBeGreaterThanOrEqual(43);
  });

  it('refuses sign-in before confirmation and resends the link', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password: STRONG } });
    expect(res.statusCode).toBe(403);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('does not confirm with the uuid alone or a wrong token', async () => {
    const link = linkIn((await latestMail(email)).text);
    const uuid = link.pathname.split('/').pop();
    const noToken = await t.app.inject({ method: 'POST', url: '/api/user/confirm', payload: { uuid } });
    expect(noToken.statusCode).toBe(400);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/user/confirm', payload: { uuid, token: 'x'.repeat(43) } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('This confirmation link is invalid or has expired.');
  });

  it('confirms with the mailed token once, then signs in, reads the user and logs out', async () => {
    const link = linkIn((await latestMail(email)).text);
    const payload = { uuid: link.pathname.split('/').pop(), token: link.searchParams.get('token') };
    expect((await t.app.inject({ method: 'POST', url: '/api/user/confirm', payload })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/confirm', payload })).statusCode).toBe(400);

    const headers = await t.login(email, STRONG);
    const me = await t.app.inject({ method: 'GET', url: '/api/user/', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, firstName: 'Nora', lastName: 'Neumann', isLeadScanner: false });

    expect((await t.app.inject({ method: 'POST', url: '/api/user/logout', headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/', headers })).statusCode).toBe(401);
  });

  it('finding 11: sign-up answers an existing address exactly like a new one and mails the holder instead', async () => {
    const signUp = (address: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/sign-up',
        payload: { email: address, password: STRONG, firstName: 'Mallory', lastName: 'Probe' },
        remoteAddress: '10.0.6.1',
      });
    const fresh = await signUp('brand.new@company.example');
    const taken = await signUp('vendor@demo.cloudfest.example');
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.statusCode).toBe(202);
    expect(taken.json()).toEqual(fresh.json());
    expect(taken.body).not.toMatch(/exist|taken|already/i);

    // The holder learns of it by mail, with the way back in; the account is unchanged.
    const notice = await latestMail('vendor@demo.cloudfest.example');
    expect(notice.subject).toBe('You already have a CloudFest 2026 account');
    expect(notice.text).toContain('http://localhost:3000/sign-in');
    expect(notice.text).toContain('http://localhost:3000/sign-in/forgotpassword');
    expect(notice.text).not.toContain('Mallory');
    await t.login('vendor@demo.cloudfest.example');
    expect((await latestMail('brand.new@company.example')).subject).toBe('Confirm your e-mail address for CloudFest 2026');

    // An address that signed up but never confirmed gets a new confirmation link.
    const again = await signUp('brand.new@company.example');
    expect(again.statusCode).toBe(202);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/dev/outbox?to=${encodeURIComponent('brand.new@company.example')}`,
    });
    const mails = res.json() as { subject: string; text: string }[];
    expect(mails.map((m) => m.subject)).toEqual([
      'Confirm your e-mail address for CloudFest 2026',
      'Confirm your e-mail address for CloudFest 2026',
    ]);
  });

  it('enforces the password rule and the strength score on the server', async () => {
    const rule = await t.app.inject({
      method: 'POST',
      url: '/api/user/sign-up',
      payload: { email: 'weak@company.example', password: 'alllowercase', firstName: 'W', lastName: 'W' },
    });
    expect(rule.statusCode).toBe(400);
    expect(rule.json().errors).toContainEqual({ path: 'password', message: MESSAGES.passwordRule });

    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/user/sign-up',
      payload: { email: 'weak@company.example', password: 'Password1!', firstName: 'W', lastName: 'W' },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toContainEqual({ path: 'password', message: MESSAGES.passwordTooWeak });
  });
});

describe('password reset', () => {
  it('mails a single-use link that changes the password and revokes old sessions', async () => {
    const email = 'attendee@demo.cloudfest.example';
    const old = await t.login(email);
    const forgot = await t.app.inject({ method: 'POST', url: '/api/user/password/forgot', payload: { email } });
    expect(forgot.statusCode).toBe(202);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/user/password/forgot',
      payload: { email: 'nobody@company.example' },
    });
    expect(unknown.statusCode).toBe(202);

    const link = linkIn((await latestMail(email)).text);
    expect(link.pathname).toMatch(/^\/sign-in\/changepassword\/[\w-]{43}$/);
    const token = link.pathname.split('/').pop();
    const weak = await t.app.inject({
      method: 'POST',
      url: '/api/user/password/reset',
      payload: { token, password: 'Password1!' },
    });
    expect(weak.statusCode).toBe(400);
    const reset = await t.app.inject({ method: 'POST', url: '/api/user/password/reset', payload: { token, password: STRONG } });
    expect(reset.statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/user/password/reset', payload: { token, password: STRONG } });
    expect(again.statusCode).toBe(400);

    expect((await t.app.inject({ method: 'GET', url: '/api/user/', headers: old })).statusCode).toBe(401);
    await t.login(email, STRONG);
  });

  it('finding 10: a reset with the newest link consumes every older open reset link of the account', async () => {
    const email = 'attendee012@demo.cloudfest.example';
    const remoteAddress = '10.0.5.1';
    const forgot = () => t.app.inject({ method: 'POST', url: '/api/user/password/forgot', payload: { email }, remoteAddress });
    expect((await forgot()).statusCode).toBe(202);
    expect((await forgot()).statusCode).toBe(202);
    const outbox = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(email)}` });
    const [newest, older] = (outbox.json() as { text: string }[]).map((mail) => linkIn(mail.text).pathname.split('/').pop());
    expect(newest).toBeDefined();
    expect(older).toBeDefined();
    expect(older).not.toBe(newest);

    const reset = (token: string | undefined, password: string) =>
      t.app.inject({ method: 'POST', url: '/api/user/password/reset', payload: { token, password }, remoteAddress });
    expect((await reset(newest, STRONG)).statusCode).toBe(200);
    const stale = await reset(older, 'Wombat-Saturday-77?');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().detail).toBe('This link is invalid or has expired.');
    // The password set with the newest link still holds.
    await t.login(email, STRONG);
  });
});

describe('sign-in failures', () => {
  it('answers 401 with a clear message for a wrong password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'vip@demo.cloudfest.example', password: 'Wrong-password-1' },
      remoteAddress: '10.0.0.1',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().detail).toBe('The e-mail address or password is wrong.');
  });

  it('locks an account after repeated failures, from any address', async () => {
    const email = 'staff@demo.cloudfest.example';
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email, password: `Wrong-password-${i}` },
        remoteAddress: `10.0.1.${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password: 'Demo-Pass-2026!' },
      remoteAddress: '10.0.1.99',
    });
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
  });

  it('finding 11: an unknown address gets the same lock after the same failures as an account', async () => {
    const attempt = (email: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email, password: `Wrong-password-${i}` },
        remoteAddress: `10.0.7.${i}`,
      });
    const real: LightMyRequestResponse[] = [];
    const unknown: LightMyRequestResponse[] = [];
    for (let i = 0; i < 6; i++) {
      real.push(await attempt('host@demo.cloudfest.example', i));
      unknown.push(await attempt('nobody.here@company.example', i));
    }
    expect(unknown.map((r) => r.statusCode)).toEqual(real.map((r) => r.statusCode));
    expect(unknown.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 401, 429]);
    for (let i = 0; i < 6; i++) {
      expect(unknown[i]?.json()).toEqual(real[i]?.json());
      expect(unknown[i]?.headers['content-type']).toBe(real[i]?.headers['content-type']);
    }
    const retry = (r: LightMyRequestResponse | undefined) => Number(r?.headers['retry-after']);
    expect(retry(unknown[5])).toBeGreaterThan(0);
    expect(Math.abs(retry(unknown[5]) - retry(real[5]))).toBeLessThanOrEqual(2);
    // Still locked on the next try, like the account.
    expect((await attempt('nobody.here@company.example', 7)).statusCode).toBe(429);
  });

  it('rate-limits quick repeated tries per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/login',
        payload: { email: `user${i}@company.example`, password: 'Wrong-password-1' },
        remoteAddress: '10.0.2.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('bad input never answers 500', () => {
  const cases = [
    { name: 'malformed JSON', payload: '{"email": "a@b.c", ', headers: { 'content-type': 'application/json' }, status: 400 },
    {
      name: 'wrong types',
      payload: JSON.stringify({ email: 42, password: ['x'] }),
      headers: { 'content-type': 'application/json' },
      status: 400,
    },
    {
      name: 'an oversized body',
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(300_000) }),
      headers: { 'content-type': 'application/json' },
      status: 413,
    },
    { name: 'an unsupported content type', payload: 'email=a', headers: { 'content-type': 'text/csv' }, status: 415 },
  ];
  for (const c of cases) {
    it(`answers ${c.status} problem+json to ${c.name}`, async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user/sign-up',
        payload: c.payload,
        headers: c.headers,
        remoteAddress: '10.0.3.1',
      });
      expect(res.statusCode).toBe(c.status);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: c.status, title: expect.any(String) });
    });
  }

  it('lists field errors for wrong types', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'not-an-email', password: 5 },
      remoteAddress: '10.0.3.2',
    });
    expect(res.statusCode).toBe(400);
    expect(
      res
        .json()
        .errors.map((e: { path: string }) => e.path)
        .sort(),
    ).toEqual(['email', 'password']);
  });

  it('answers unknown API paths with 404 problem+json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('rejects garbage and oversized bearer tokens with 401', async () => {
    for (const token of ['garbage', 'x'.repeat(5000)]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/user/', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('session cookie', () => {
  it('authenticates safe requests only', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'vendor@demo.cloudfest.example', password: 'Demo-Pass-2026!' },
      remoteAddress: '10.0.4.1',
    });
    const cookie = login.cookies.find((c) => c.name === 'session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    const cookies = { session: cookie?.value ?? '' };
    expect((await t.app.inject({ method: 'GET', url: '/api/user/', cookies })).statusCode).toBe(200);
    const write = await t.app.inject({ method: 'PATCH', url: '/api/user/', cookies, payload: { firstName: 'Mallory' } });
    expect(write.statusCode).toBe(401);
  });

  it('finding 3: one logout (as the app sends it at the next online moment) ends the bearer token and the HttpOnly cookie alike', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'vendor@demo.cloudfest.example', password: 'Demo-Pass-2026!' },
      remoteAddress: '10.0.4.2',
    });
    const { token } = login.json() as { token: string };
    const cookies = { session: login.cookies.find((c) => c.name === 'session')?.value ?? '' };
    // The cookie carries the same session as the token: revoking one revokes both.
    expect(cookies.session).toBe(token);
    const headers = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/user/', cookies })).statusCode).toBe(200);

    const logout = await t.app.inject({ method: 'POST', url: '/api/user/logout', headers });
    expect(logout.statusCode).toBe(204);
    expect(logout.cookies.find((c) => c.name === 'session')).toMatchObject({ value: '' });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/', headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/', cookies })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/invoice', cookies })).statusCode).toBe(401);
  });
});
