import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '#shared/messages.ts';
import { authTokens, emailTokens, users } from '../../db/schema/index.ts';
import { genericAttendeeEmail } from '../../db/seed/demo-accounts.ts';
import { UNCONFIRMED_PASSWORD } from '../../services/accounts/confirm-links.ts';
import { hashPassword } from '../../services/accounts/password.ts';
import { randomToken, sha256 } from '../../services/accounts/tokens.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { WRONG_CONFIRM_PASSWORD } from './auth.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;

beforeAll(async () => {
  // A small per-address limit, so the limit tests stay quick; room for the test of 15 sign-ups naming one address.
  t = await createTestApp({ ADDRESS_RATE_LIMIT_PER_MINUTE: '10', EMAIL_RATE_LIMIT_PER_MINUTE: '20' });
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
    const noToken = await t.app.inject({ method: 'POST', url: '/api/user/confirm', payload: { uuid, password: STRONG } });
    expect(noToken.statusCode).toBe(400);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/user/confirm',
      payload: { uuid, token: 'x'.repeat(43), password: STRONG },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('This confirmation link is invalid or has expired.');
  });

  it('confirms with the mailed token once, then signs in, reads the user and logs out', async () => {
    const link = linkIn((await latestMail(email)).text);
    const payload = { uuid: link.pathname.split('/').pop(), token: link.searchParams.get('token'), password: STRONG };
    expect((await t.app.inject({ method: 'POST', url: '/api/user/confirm', payload })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/confirm', payload })).statusCode).toBe(400);

    const headers = await t.login(email, STRONG);
    const me = await t.app.inject({ method: 'GET', url: '/api/user/', headers });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email, firstName: 'Nora', lastName: 'Neumann', isLeadScanner: false });

    expect((await t.app.inject({ method: 'POST', url: '/api/user/logout', headers })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/', headers })).statusCode).toBe(401);
  });

  it('sign-up answers an existing address exactly like a new one and mails the holder instead', async () => {
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

describe('confirm first (sign-up)', () => {
  let ip = 0;
  const nextIp = () => `10.22.${Math.floor(++ip / 250)}.${ip % 250}`;
  const signUp = (email: string, password: string, firstName = 'Vera') =>
    t.app.inject({
      method: 'POST',
      url: '/api/user/sign-up',
      payload: { email, password, firstName, lastName: 'Sommer' },
      remoteAddress: nextIp(),
    });
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password }, remoteAddress: nextIp() });
  /** Follows the mailed link and types `password` on the confirmation page. */
  const confirm = (text: string, password: string, remoteAddress = nextIp(), language = 'en') => {
    const link = linkIn(text);
    const payload = { uuid: link.pathname.split('/').pop(), token: link.searchParams.get('token'), password };
    const headers = { 'accept-language': language };
    return t.app.inject({ method: 'POST', url: '/api/user/confirm', payload, headers, remoteAddress });
  };
  async function mailsTo(to: string) {
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
    return res.json() as { subject: string; text: string }[];
  }
  const ATTACKER = 'Mallory-Wednesday-66?';

  it('an attacker signs up first with password A; the victim signs up with B: whichever link the victim follows, B confirms and signs in, A does not', async () => {
    const email = 'victim.signup@company.example';
    expect((await signUp(email, ATTACKER, 'Mallory')).statusCode).toBe(202);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.passwordHash).toBe(UNCONFIRMED_PASSWORD);
    expect((await signUp(email, STRONG)).statusCode).toBe(202);

    // The attacker's link (mailed to the victim) still works, but only with a password the victim knows.
    const [newest, older] = await mailsTo(email);
    const confirmed = await confirm(older?.text ?? '', STRONG);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    // No pass: not a registration, so no registration session.
    expect(confirmed.json()).toEqual({ ok: true });
    // Every link of the account ends with the confirmation.
    expect((await confirm(newest?.text ?? '', STRONG)).statusCode).toBe(400);
    expect((await login(email, STRONG)).statusCode).toBe(200);
    expect((await login(email, ATTACKER)).statusCode).toBe(401);
    const [after] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(after?.firstName).toBe('Vera');
  });

  it("a sign-up after the victim's cannot plant its password: the victim confirms with their own password through the newest link; the attacker's password never signs in", async () => {
    const email = 'victim.first@company.example';
    expect((await signUp(email, STRONG)).statusCode).toBe(202);
    expect((await signUp(email, ATTACKER, 'Mallory')).statusCode).toBe(202);

    // The newest link carries the attacker's password; the victim types their own.
    const [newest] = await mailsTo(email);
    const confirmed = await confirm(newest?.text ?? '', STRONG);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await login(email, ATTACKER)).statusCode).toBe(401);
    expect((await login(email, STRONG)).statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailConfirmedAt).not.toBeNull();
  });

  it('the confirmation asks for the chosen password: a wrong one is refused and the link stays usable', async () => {
    const email = 'typo.confirm@company.example';
    expect((await signUp(email, STRONG)).statusCode).toBe(202);
    const [mail] = await mailsTo(email);

    const wrong = await confirm(mail?.text ?? '', 'Kangaroo-Tuesday-89!');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual([{ path: 'password', message: WRONG_CONFIRM_PASSWORD }]);
    const german = await confirm(mail?.text ?? '', 'Kangaroo-Tuesday-89!', nextIp(), 'de');
    expect(german.json().errors).toEqual([
      { path: 'password', message: 'Dies ist nicht das Passwort, das Sie für dieses Konto gewählt haben.' },
    ]);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailConfirmedAt).toBeNull();

    expect((await confirm(mail?.text ?? '', STRONG)).statusCode).toBe(200);
    expect((await login(email, STRONG)).statusCode).toBe(200);
  });

  it('wrong passwords on the confirmation count toward the sign-in lock of the address', async () => {
    const email = 'guessed.confirm@company.example';
    const remoteAddress = '10.23.0.1';
    expect((await signUp(email, STRONG)).statusCode).toBe(202);
    const [mail] = await mailsTo(email);
    const limit = t.app.config.ACCOUNT_LOCK_AFTER_FAILURES;
    for (let i = 0; i < limit; i++) {
      expect((await confirm(mail?.text ?? '', `Guess-${i}-Wednesday!`, remoteAddress)).statusCode).toBe(400);
    }
    // Locked: even the right password waits, on the confirmation and at sign-in alike.
    const locked = await confirm(mail?.text ?? '', STRONG, remoteAddress);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password: STRONG },
      remoteAddress,
    });
    expect(signIn.statusCode).toBe(429);
    // From elsewhere the holder still confirms; the link was never spent by the guesses.
    expect((await confirm(mail?.text ?? '', STRONG)).statusCode).toBe(200);
  });

  it('a password reset confirms the address and ends every open confirmation link', async () => {
    const email = 'reset.unconfirmed@company.example';
    expect((await signUp(email, ATTACKER, 'Mallory')).statusCode).toBe(202);
    const [confirmation] = await mailsTo(email);
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/user/password/forgot',
      payload: { email },
      remoteAddress: nextIp(),
    });
    expect(forgot.statusCode).toBe(202);
    const [resetMail] = await mailsTo(email);
    const token = linkIn(resetMail?.text ?? '')
      .pathname.split('/')
      .pop();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/user/password/reset',
      payload: { token, password: STRONG },
      remoteAddress: nextIp(),
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await confirm(confirmation?.text ?? '', ATTACKER)).statusCode).toBe(400);
    expect((await login(email, STRONG)).statusCode).toBe(200);
    expect((await login(email, ATTACKER)).statusCode).toBe(401);
  });

  it('signs an unconfirmed account in only with the pending password: 403 and a new link carrying it, else 401', async () => {
    const email = 'pending.signin@company.example';
    expect((await signUp(email, STRONG)).statusCode).toBe(202);
    const sent = (await mailsTo(email)).length;

    const wrong = await login(email, ATTACKER);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().detail).toBe('The e-mail address or password is wrong.');
    expect(await mailsTo(email)).toHaveLength(sent);

    const right = await login(email, STRONG);
    expect(right.statusCode).toBe(403);
    expect(right.json().detail).toBe('Please confirm your e-mail address first. We have sent you a new link.');
    const [resent] = await mailsTo(email);
    expect(await mailsTo(email)).toHaveLength(sent + 1);
    expect((await confirm(resent?.text ?? '', STRONG)).statusCode).toBe(200);
    expect((await login(email, STRONG)).statusCode).toBe(200);
  });

  it('a sign-up followed by a sign-in with its password cannot tell a taken address from a new one', async () => {
    const fresh = 'probe.new@company.example';
    const taken = genericAttendeeEmail(36);
    expect((await signUp(fresh, ATTACKER)).statusCode).toBe(202);
    expect((await signUp(taken, ATTACKER)).statusCode).toBe(202);
    const onFresh = await login(fresh, ATTACKER);
    const onTaken = await login(taken, ATTACKER);
    expect(onTaken.statusCode).toBe(onFresh.statusCode);
    expect(onTaken.statusCode).toBe(403);
    expect(onTaken.json()).toEqual(onFresh.json());
    // The taken account is untouched: its own password signs in, the tried one never does.
    expect((await login(taken, 'Demo-Pass-2026!')).statusCode).toBe(200);
    // Its holder got the note about the account, never a link that could set the tried password.
    const mails = await mailsTo(taken);
    expect(mails.length).toBeGreaterThan(0);
    for (const mail of mails) expect(mail.text).not.toContain('/sign-up/confirm/');
    // Any other password is simply wrong on both.
    expect((await login(taken, 'Other-Guess-Thursday-5!')).statusCode).toBe(401);
    expect((await login(fresh, 'Other-Guess-Thursday-5!')).statusCode).toBe(401);
  });

  it('15 sign-ups naming one address mail it at most RECIPIENT_MAIL_LIMIT_PER_HOUR times, with one answer', async () => {
    const limit = t.app.config.RECIPIENT_MAIL_LIMIT_PER_HOUR;
    for (const email of ['attendee020@demo.cloudfest.example', 'flooded.signup@company.example']) {
      const before = (await mailsTo(email)).length;
      const answers = new Set<string>();
      for (let i = 0; i < 15; i++) {
        const res = await signUp(email, STRONG);
        answers.add(JSON.stringify([res.statusCode, res.headers['content-type'], res.body]));
      }
      expect([...answers]).toEqual([JSON.stringify([202, 'application/json; charset=utf-8', '{"ok":true}'])]);
      const sent = (await mailsTo(email)).length - before;
      expect(sent).toBeGreaterThan(0);
      expect(sent).toBeLessThanOrEqual(limit);
    }
  });

  it('confirming revokes the sessions of the account from before, and a link without a pending password keeps the password', async () => {
    const db = t.database.db;
    const [user] = await db
      .insert(users)
      .values({ email: 'legacy.unconfirmed@company.example', passwordHash: await hashPassword(STRONG) })
      .returning();
    const legacy = randomToken();
    await db.insert(authTokens).values({
      tokenHash: sha256(legacy),
      userId: user?.id ?? '',
      scope: 'registration',
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    const link = randomToken();
    await db.insert(emailTokens).values({
      tokenHash: sha256(link),
      userId: user?.id ?? '',
      purpose: 'confirm',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const headers = { authorization: `Bearer ${legacy}` };
    expect((await t.app.inject({ method: 'GET', url: '/api/survey/questions/', headers })).statusCode).toBe(200);
    // A legacy link has no pending password: the one typed must be the account's own.
    const guessed = await confirm(`http://localhost:3000/sign-up/confirm/${user?.id}?token=${link}`, ATTACKER);
    expect(guessed.statusCode).toBe(400);
    const res = await confirm(`http://localhost:3000/sign-up/confirm/${user?.id}?token=${link}`, STRONG);
    expect(res.statusCode, res.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/survey/questions/', headers })).statusCode).toBe(401);
    expect((await login('legacy.unconfirmed@company.example', STRONG)).statusCode).toBe(200);
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

  it('a reset with the newest link consumes every older open reset link of the account', async () => {
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

  // The locks themselves (per device, per address, per account): sign-in-locks.test.ts.

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

  it('one logout (as the app sends it at the next online moment) ends the bearer token and the HttpOnly cookie alike', async () => {
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
