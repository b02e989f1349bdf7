import { eq, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '#shared/messages.ts';
import {
  addresses,
  authTokens,
  countries,
  emailTokens,
  passBarcodes,
  passClaims,
  passes,
  passPools,
  passTypes,
  users,
  vouchers,
} from '../../db/schema/index.ts';
import { UNCONFIRMED_PASSWORD } from '../../services/accounts/confirm-links.ts';
import { sha256 } from '../../services/accounts/tokens.ts';
import { currentBarcode } from '../../services/passes/pass-barcodes.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { ACCOUNT_MESSAGES } from './account.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
const ids = { standard: 0, business: 0, host: 0, speaker: 0, press: 0, upgrade: 0, germany: 0 };

// Lets a test skip the early 'is the claim still held?' check, so consuming it inside the transaction decides.
const poolCheck = vi.hoisted(() => ({ skipEarlyCheck: false }));
vi.mock('../../services/passes/pass-pool.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../services/passes/pass-pool.ts')>();
  return {
    ...actual,
    freeClaimIsHeld: async (...args: Parameters<typeof actual.freeClaimIsHeld>) =>
      poolCheck.skipEarlyCheck || actual.freeClaimIsHeld(...args),
  };
});

beforeAll(async () => {
  // Room for the 15 calls naming one address (the mail budget test) under the per-e-mail limit (it has a test of its own).
  t = await createTestApp({ ADDRESS_RATE_LIMIT_PER_MINUTE: '30', EMAIL_RATE_LIMIT_PER_MINUTE: '20' });
  const db = t.database.db;
  // The seed's codes expire at the event's end; the tests must not depend on today's date.
  await db.update(vouchers).set({ validUntil: new Date('2099-01-01T00:00:00Z') });
  const types = await db.select().from(passTypes);
  const find = (name: string) => types.find((p) => p.name === name)?.id ?? 0;
  Object.assign(ids, {
    standard: find('Standard Pass'),
    business: find('Business Pass'),
    host: find('Host Pass'),
    speaker: find('Speaker Pass'),
    press: find('Press Pass'),
    upgrade: find('Business Upgrade'),
  });
  const [de] = await db.select({ id: countries.id }).from(countries).where(eq(countries.code, 'DE'));
  ids.germany = de?.id ?? 0;
});
afterAll(async () => t?.close());

const STRONG = 'Kangaroo-Tuesday-88!';
let ipCounter = 0;
const nextIp = () => `10.30.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function body(overrides: Record<string, unknown> = {}) {
  return {
    email: 'someone@company.example',
    password: STRONG,
    firstName: 'Ada',
    lastName: 'Berger',
    company: 'Berger Hosting GmbH',
    address: {
      type: 'billingAddress',
      addressLine1: 'Hauptstraße 1',
      zip: '77977',
      city: 'Rust',
      countryId: ids.germany,
    },
    passTypeId: ids.standard,
    ...overrides,
  };
}

const claimRequest = (remoteAddress = nextIp()) => t.app.inject({ method: 'POST', url: '/api/pass/free-claim', remoteAddress });

/** POST /api/pass/free-claim, as the Pass step does when the free Standard Pass is chosen. */
async function claim(): Promise<string> {
  const res = await claimRequest();
  expect(res.statusCode, res.body).toBe(201);
  return res.json().claimToken;
}

/** Registers; a free Standard Pass body without a `freeClaimToken` gets a fresh claim first. */
async function register(payload: unknown, remoteAddress = nextIp()) {
  let sent = payload as Record<string, unknown>;
  if (sent.passTypeId === ids.standard && !('freeClaimToken' in sent)) sent = { ...sent, freeClaimToken: await claim() };
  return t.app.inject({ method: 'POST', url: '/api/registration/account', payload: sent, remoteAddress });
}

async function claimStatus(token: string) {
  const [row] = await t.database.db
    .select()
    .from(passClaims)
    .where(eq(passClaims.tokenHash, sha256(token)));
  return row;
}

function expectProblem(res: LightMyRequestResponse, status: number, detail?: string) {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.headers['content-type']).toContain('application/problem+json');
  expect(res.json()).toMatchObject({ status, title: expect.any(String) });
  if (detail) expect(res.json().detail).toBe(detail);
}

async function poolTaken() {
  const [row] = await t.database.db.select().from(passPools).where(eq(passPools.key, 'free-standard'));
  return row?.taken ?? -1;
}

async function usedCount(code: string) {
  const [row] = await t.database.db.select().from(vouchers).where(eq(vouchers.code, code));
  return row?.usedCount ?? -1;
}

async function userExists(email: string) {
  return (await t.database.db.$count(users, eq(users.email, email))) > 0;
}

async function passOf(email: string) {
  const [row] = await t.database.db
    .select({ pass: passes })
    .from(passes)
    .innerJoin(users, eq(users.id, passes.userId))
    .where(eq(users.email, email));
  return row?.pass;
}

/** Opens the confirmation link of the newest mail to `to` and types the chosen password, as the confirm page does. */
async function confirmFromMail(to: string, password = STRONG) {
  const mail = await latestMail(to);
  const match = mail.text.match(/http:\/\/localhost:3000(\/sign-up\/confirm\/[\w-]+\?token=[\w-]+)/);
  if (!match?.[1]) throw new Error(`no link in ${mail.text}`);
  const link = new URL(match[1], 'http://x');
  const payload = { uuid: link.pathname.split('/').pop(), token: link.searchParams.get('token'), password };
  return t.app.inject({ method: 'POST', url: '/api/user/confirm', payload });
}

async function userIdOf(email: string) {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id;
}

/** Registers and follows the mailed link: the registration session the confirmation answers. */
async function registerConfirmed(payload: Record<string, unknown>) {
  const res = await register(payload);
  expect(res.statusCode, res.body).toBe(202);
  const confirmed = await confirmFromMail(payload.email as string);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const { registration } = confirmed.json() as { registration: { uuid: string; registrationToken: string; passStatus: string } };
  return { ...registration, headers: { authorization: `Bearer ${registration.registrationToken}` } };
}

async function latestMail(to: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
  const [mail] = res.json() as { subject: string; text: string }[];
  if (!mail) throw new Error(`no mail for ${to}`);
  return mail;
}

describe('POST /api/registration/account: the free Standard Pass', () => {
  const email = 'ada.berger@berger-hosting.example';

  it('creates user, address and a pending pass, takes one free pass, and answers only "check your inbox"', async () => {
    const before = await poolTaken();
    const res = await register(body({ email: ' Ada.Berger@Berger-Hosting.example ' }));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ checkInbox: true });
    expect(await poolTaken()).toBe(before + 1);

    const db = t.database.db;
    const uuid = (await userIdOf(email)) ?? '';
    const [user] = await db.select().from(users).where(eq(users.id, uuid));
    expect(user).toMatchObject({ email, firstName: 'Ada', lastName: 'Berger', company: 'Berger Hosting GmbH' });
    expect(user?.emailConfirmedAt).toBeNull();
    // No password signs in before the address is confirmed, and no token exists yet.
    expect(user?.passwordHash).toBe(UNCONFIRMED_PASSWORD);
    expect(await db.$count(authTokens, eq(authTokens.userId, uuid))).toBe(0);
    const [link] = await db.select().from(emailTokens).where(eq(emailTokens.userId, uuid));
    expect(link?.passwordHash).toMatch(/^scrypt\$/);
    const [address] = await db.select().from(addresses).where(eq(addresses.userId, uuid));
    expect(address).toMatchObject({
      type: 'billingAddress',
      city: 'Rust',
      countryId: ids.germany,
      company: 'Berger Hosting GmbH',
    });
    expect(await passOf(email)).toMatchObject({
      passTypeId: ids.standard,
      status: 'pending',
      voucherCode: null,
      approvedAt: null,
    });
  });

  it('answers the registration token with the confirmation: only its hash is stored, scoped to the flow, for 7 days', async () => {
    const { uuid, registrationToken, passStatus } = await registerConfirmed(
      body({ email: 'token.owner@berger-hosting.example' }),
    );
    expect(passStatus).toBe('pending');
    expect(registrationToken.length).toBeGreaterThanOrEqual(43);
    const [token] = await t.database.db.select().from(authTokens).where(eq(authTokens.userId, uuid));
    expect(token).toMatchObject({ tokenHash: sha256(registrationToken), scope: 'registration' });
    const days = ((token?.expiresAt.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);
  });

  it('lets the registration token into the flow (survey) but not into the signed-in app', async () => {
    const { headers } = await registerConfirmed(body({ email: 'token.user@berger-hosting.example' }));
    expect((await t.app.inject({ method: 'GET', url: '/api/survey/questions/', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/', headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/pass', headers })).statusCode).toBe(401);
  });

  it('mails a confirmation link that confirms the address, after which the user can sign in fully', async () => {
    const mail = await latestMail(email);
    expect(mail.subject).toBe('Confirm your e-mail address for CloudFest 2026');
    const match = mail.text.match(/http:\/\/localhost:3000(\/sign-up\/confirm\/[\w-]+\?token=[\w-]+)/);
    if (!match?.[1]) throw new Error(`no link in ${mail.text}`);
    const link = new URL(match[1], 'http://x');
    const payload = { uuid: link.pathname.split('/').pop(), token: link.searchParams.get('token'), password: STRONG };
    expect((await t.app.inject({ method: 'POST', url: '/api/user/confirm', payload })).statusCode).toBe(200);
    const headers = await t.login(email, STRONG);
    const pass = await t.app.inject({ method: 'GET', url: '/api/pass', headers });
    expect(pass.json()).toMatchObject({ status: 'pending', passType: { name: 'Standard Pass' } });
  });

  it('counts the CF26 code and the pool when the code is given', async () => {
    const [pool, code] = [await poolTaken(), await usedCount('CF26')];
    const res = await register(body({ email: 'coded@berger-hosting.example', voucherCode: ' cf26 ' }));
    expect(res.statusCode, res.body).toBe(202);
    expect(await poolTaken()).toBe(pool + 1);
    expect(await usedCount('CF26')).toBe(code + 1);
    expect((await passOf('coded@berger-hosting.example'))?.voucherCode).toBe('CF26');
  });

  it('refuses the free pass to gray-listed providers, but lets them buy a pass', async () => {
    const freeClaimToken = await claim();
    const before = await poolTaken();
    const res = await register(body({ email: 'someone@gmail.com', freeClaimToken }));
    expectProblem(res, 403, ACCOUNT_MESSAGES.grayListed);
    expect(res.json().detail).toContain('business e-mail');
    expect(res.json().errors).toEqual([{ path: 'email', message: ACCOUNT_MESSAGES.grayListed }]);
    expect(await userExists('someone@gmail.com')).toBe(false);
    expect(await poolTaken()).toBe(before);
    // The hold stays (it expires and goes back to the pool), unconsumed.
    expect((await claimStatus(freeClaimToken))?.status).toBe('held');

    const paid = await register(body({ email: 'someone@gmail.com', passTypeId: ids.business }));
    expect(paid.statusCode, paid.body).toBe(202);
    expect((await passOf('someone@gmail.com'))?.status).toBe('pending');
    expect(await poolTaken()).toBe(before);
  });

  it('answers 409 "Free Standard Passes are all gone!" at the claim when none are left', async () => {
    const db = t.database.db;
    const [pool] = await db.select().from(passPools).where(eq(passPools.key, 'free-standard'));
    await db
      .update(passPools)
      .set({ total: pool?.taken ?? 0 })
      .where(eq(passPools.key, 'free-standard'));
    try {
      expectProblem(await claimRequest(), 409, 'Free Standard Passes are all gone!');
      // Without a claim the free pass is refused, creating nothing.
      const res = await register(body({ email: 'too.late@berger-hosting.example', freeClaimToken: null }));
      expectProblem(res, 409, ACCOUNT_MESSAGES.freeClaimExpired);
      expect(res.json().errors).toEqual([{ path: 'freeClaimToken', message: ACCOUNT_MESSAGES.freeClaimExpired }]);
      expect(await userExists('too.late@berger-hosting.example')).toBe(false);
      // Paid passes are not limited by the pool.
      const paid = await register(body({ email: 'too.late@berger-hosting.example', passTypeId: ids.business }));
      expect(paid.statusCode).toBe(202);
    } finally {
      await db.update(passPools).set({ total: 2000 }).where(eq(passPools.key, 'free-standard'));
    }
  });

  it('hands out exactly the passes left when claims race for the last ones, and each claim registers once', async () => {
    const db = t.database.db;
    const taken = await poolTaken();
    await db
      .update(passPools)
      .set({ total: taken + 3 })
      .where(eq(passPools.key, 'free-standard'));
    try {
      const claims = await Promise.all(Array.from({ length: 8 }, () => claimRequest()));
      expect(claims.map((r) => r.statusCode).sort()).toEqual([201, 201, 201, 409, 409, 409, 409, 409]);
      for (const r of claims.filter((r) => r.statusCode === 409)) expect(r.json().detail).toBe(MESSAGES.freePassesGone);
      expect(await poolTaken()).toBe(taken + 3);
      const tokens = claims.filter((r) => r.statusCode === 201).map((r) => r.json().claimToken as string);
      const emails = tokens.map((_, i) => `racer${i}@berger-hosting.example`);
      const results = await Promise.all(tokens.map((freeClaimToken, i) => register(body({ email: emails[i], freeClaimToken }))));
      expect(results.map((r) => r.statusCode)).toEqual([202, 202, 202]);
      // Binding does not take another pass; a bound token is spent (it waits for the confirmation).
      expect(await poolTaken()).toBe(taken + 3);
      expect(await claimStatus(tokens[0] ?? '')).toMatchObject({ status: 'held', userId: await userIdOf(emails[0] ?? '') });
      const again = await register(body({ email: 'racer.again@berger-hosting.example', freeClaimToken: tokens[0] }));
      expectProblem(again, 409, ACCOUNT_MESSAGES.freeClaimExpired);
      expect(await db.$count(users, inArray(users.email, emails))).toBe(3);
    } finally {
      await db.update(passPools).set({ total: 2000 }).where(eq(passPools.key, 'free-standard'));
    }
  });

  it('refuses an expired or unknown claim; the next claim gives expired holds back to the pool', async () => {
    const db = t.database.db;
    const freeClaimToken = await claim();
    const hold = await claimStatus(freeClaimToken);
    const minutes = ((hold?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(9.9);
    expect(minutes).toBeLessThanOrEqual(10);
    await db
      .update(passClaims)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passClaims.tokenHash, sha256(freeClaimToken)));
    const expired = await register(body({ email: 'slow.coach@berger-hosting.example', freeClaimToken }));
    expectProblem(expired, 409, ACCOUNT_MESSAGES.freeClaimExpired);
    const unknown = await register(body({ email: 'slow.coach@berger-hosting.example', freeClaimToken: 'nope' }));
    expectProblem(unknown, 409, ACCOUNT_MESSAGES.freeClaimExpired);
    expect(await userExists('slow.coach@berger-hosting.example')).toBe(false);

    const before = await poolTaken();
    await claim();
    // One released, one taken.
    expect(await poolTaken()).toBe(before);
    expect((await claimStatus(freeClaimToken))?.status).toBe('released');
  });

  it('rate-limits free-pass claims per IP', async () => {
    const ip = nextIp();
    // The first 20 hold passes; the next 10 are refused by the bound on open holds.
    for (let i = 0; i < 20; i++) expect((await claimRequest(ip)).statusCode).toBe(201);
    for (let i = 0; i < 10; i++) expectProblem(await claimRequest(ip), 429, ACCOUNT_MESSAGES.tooManyHolds);
    const limited = await claimRequest(ip);
    expectProblem(limited, 429);
    expect(limited.json().detail).not.toBe(ACCOUNT_MESSAGES.tooManyHolds);
  });

  it('one address holds at most 20 free passes at once, for 10 minutes each', async () => {
    const ip = nextIp();
    const before = await poolTaken();
    const held: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await claimRequest(ip);
      expect(res.statusCode, res.body).toBe(201);
      held.push(res.json().claimToken);
      const minutes = (Date.parse(res.json().expiresAt) - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(9.9);
      expect(minutes).toBeLessThanOrEqual(10);
    }
    const refused = await claimRequest(ip);
    expectProblem(refused, 429, ACCOUNT_MESSAGES.tooManyHolds);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(await poolTaken()).toBe(before + 20);
    // Other addresses are not affected.
    expect((await claimRequest(nextIp())).statusCode).toBe(201);

    // A hold that runs out frees its place for the same address.
    await t.database.db
      .update(passClaims)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passClaims.tokenHash, sha256(held[0] ?? '')));
    expect((await claimRequest(ip)).statusCode).toBe(201);
    expectProblem(await claimRequest(ip), 429, ACCOUNT_MESSAGES.tooManyHolds);
  });

  it('an IPv6 client counts per /64 network, not per address', async () => {
    const network = '2001:db8:7:7';
    for (let i = 1; i <= 20; i++) {
      expect((await claimRequest(`${network}::${i.toString(16)}`)).statusCode).toBe(201);
    }
    expectProblem(await claimRequest(`${network}:ffff:ffff:ffff:ffff`), 429, ACCOUNT_MESSAGES.tooManyHolds);
    expect((await claimRequest('2001:db8:7:8::1')).statusCode).toBe(201);
  });

  it('a hold becomes a pass only with a confirmed account', async () => {
    const email = 'confirm.me@berger-hosting.example';
    const freeClaimToken = await claim();
    const res = await register(body({ email, freeClaimToken }));
    expect(res.statusCode, res.body).toBe(202);
    const userId = await userIdOf(email);
    // Bound to the account, but still a hold: it runs out unless the address is confirmed.
    const bound = await claimStatus(freeClaimToken);
    expect(bound).toMatchObject({ status: 'held', userId });
    const minutes = ((bound?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59.9);
    expect(minutes).toBeLessThanOrEqual(60);

    const taken = await poolTaken();
    expect((await confirmFromMail(email)).statusCode).toBe(200);
    expect(await claimStatus(freeClaimToken)).toMatchObject({ status: 'consumed', userId });
    expect(await poolTaken()).toBe(taken);
    expect((await passOf(email))?.status).toBe('pending');
  });

  it('an account confirmed after its hold ran out gets a pass while the pool has one, else none', async () => {
    const db = t.database.db;
    const expire = (token: string) =>
      db
        .update(passClaims)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(passClaims.tokenHash, sha256(token)));

    const lateEmail = 'late.confirm@berger-hosting.example';
    const lateToken = await claim();
    expect((await register(body({ email: lateEmail, freeClaimToken: lateToken }))).statusCode).toBe(202);
    await expire(lateToken);
    const taken = await poolTaken();
    expect((await confirmFromMail(lateEmail)).statusCode).toBe(200);
    // The lapsed hold went back and a pass came out of the pool: the count is unchanged.
    expect((await claimStatus(lateToken))?.status).toBe('released');
    expect(await poolTaken()).toBe(taken);
    expect((await passOf(lateEmail))?.status).toBe('pending');

    const goneEmail = 'too.late.confirm@berger-hosting.example';
    const goneToken = await claim();
    expect((await register(body({ email: goneEmail, freeClaimToken: goneToken }))).statusCode).toBe(202);
    await expire(goneToken);
    const [pool] = await db.select().from(passPools).where(eq(passPools.key, 'free-standard'));
    // Someone else took the pass the lapsed hold gave back: the pool is full without it.
    await db
      .update(passPools)
      .set({ total: (pool?.taken ?? 0) - 1 })
      .where(eq(passPools.key, 'free-standard'));
    try {
      expect((await confirmFromMail(goneEmail)).statusCode).toBe(200);
      expect((await passOf(goneEmail))?.status).toBe('cancelled');
    } finally {
      await db.update(passPools).set({ total: 2000 }).where(eq(passPools.key, 'free-standard'));
    }
  });
});

describe('a free pass the pool no longer has at confirmation', () => {
  it('is cancelled with a mail telling its holder why, and a barcode it already showed is revoked', async () => {
    const db = t.database.db;
    // A whitelisted address: the free pass is approved at once, so it can get a barcode before the
    // confirmation (an organizer's badge sheet issues one for every approved pass).
    const email = 'gone.guest@partner-hosting.example';
    const token = await claim();
    const res = await register(body({ email, freeClaimToken: token }));
    expect(res.statusCode, res.body).toBe(202);
    expect((await passOf(email))?.status).toBe('approved');
    await currentBarcode(db, (await passOf(email))?.id ?? '');

    await db
      .update(passClaims)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passClaims.tokenHash, sha256(token)));
    const [pool] = await db.select().from(passPools).where(eq(passPools.key, 'free-standard'));
    await db
      .update(passPools)
      .set({ total: (pool?.taken ?? 0) - 1 })
      .where(eq(passPools.key, 'free-standard'));
    try {
      expect((await confirmFromMail(email)).statusCode).toBe(200);
    } finally {
      await db.update(passPools).set({ total: 2000 }).where(eq(passPools.key, 'free-standard'));
    }
    const pass = await passOf(email);
    expect(pass?.status).toBe('cancelled');
    const barcodes = await db
      .select()
      .from(passBarcodes)
      .where(eq(passBarcodes.passId, pass?.id ?? ''));
    expect(barcodes).toHaveLength(1);
    expect(barcodes[0]).toMatchObject({ revokedReason: 'cancelled', revokedAt: expect.any(Date) });

    const mail = await latestMail(email);
    expect(mail.subject).toBe('Your free CloudFest 2026 pass could not be kept');
    expect(mail.text).toContain('every free pass has been given away');
    expect(mail.text).toContain('your free pass is cancelled');
    expect(mail.text).toContain('http://localhost:3000/sign-in');
  });
});

describe('confirm first', () => {
  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password }, remoteAddress: nextIp() });

  async function mailsTo(to: string) {
    const res = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(to)}` });
    return res.json() as { subject: string; text: string }[];
  }

  /** The confirmation of a mailed link with the password typed on its page. */
  const confirm = (text: string, password: string) => {
    const match = text.match(/http:\/\/localhost:3000(\/sign-up\/confirm\/[\w-]+\?token=[\w-]+)/);
    if (!match?.[1]) throw new Error(`no link in ${text}`);
    const link = new URL(match[1], 'http://x');
    const payload = { uuid: link.pathname.split('/').pop(), token: link.searchParams.get('token'), password };
    return t.app.inject({ method: 'POST', url: '/api/user/confirm', payload, remoteAddress: nextIp() });
  };

  /** What a prober sees of an answer: status, the headers that could differ, and the body. */
  const seen = (res: LightMyRequestResponse) => {
    const { date: _date, ...headers } = res.headers;
    return { status: res.statusCode, headers, body: res.body };
  };

  it('a new, an unconfirmed and a confirmed address get byte-identical answers', async () => {
    const fresh = 'probe.target@berger-hosting.example';
    const answers = [
      await register(body({ email: fresh, passTypeId: ids.business })),
      await register(body({ email: fresh, passTypeId: ids.business })),
      await register(body({ email: 'vip@demo.cloudfest.example', passTypeId: ids.business })),
    ].map(seen);
    expect(answers[0]).toMatchObject({ status: 202, body: '{"checkInbox":true}' });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
    expect(answers[0]?.body).not.toMatch(/token|uuid/i);
  });

  it('registering, then signing in with the password chosen, answers a taken address like a new one', async () => {
    const tried = 'Mallory-Wednesday-66?';
    const fresh = 'probe.second@berger-hosting.example';
    await register(body({ email: fresh, password: tried, passTypeId: ids.business }));
    await register(body({ email: 'host@demo.cloudfest.example', password: tried, passTypeId: ids.business }));
    const onFresh = await login(fresh, tried);
    const onTaken = await login('host@demo.cloudfest.example', tried);
    expect(onFresh.statusCode).toBe(403);
    expect({ status: onTaken.statusCode, body: onTaken.json() }).toEqual({ status: onFresh.statusCode, body: onFresh.json() });
    // The holder's own password is untouched.
    expect((await login('host@demo.cloudfest.example', 'Demo-Pass-2026!')).statusCode).toBe(200);
  });

  it('a pre-registration with a chosen password never signs in; the newest registration wins', async () => {
    const email = 'victim@berger-hosting.example';
    const attackerPassword = 'Mallory-Wednesday-66?';
    const attacker = await register(body({ email, password: attackerPassword, firstName: 'Mallory', passTypeId: ids.business }));
    expect(attacker.json()).toEqual({ checkInbox: true });
    const userId = (await userIdOf(email)) ?? '';
    // The attacker got nothing to go on with: no token exists, and the chosen password opens nothing.
    expect(await t.database.db.$count(authTokens, eq(authTokens.userId, userId))).toBe(0);
    expect((await login(email, attackerPassword)).statusCode).toBe(403);

    const victim = await register(body({ email, firstName: 'Vera', lastName: 'Victim', passTypeId: ids.business }));
    expect(victim.body).toBe(attacker.body);
    const [newest, ...older] = await mailsTo(email);
    expect(older.length).toBeGreaterThan(0);
    expect((await login(email, attackerPassword)).statusCode).toBe(401);

    // Every link asks for the chosen password; a wrong one leaves the link usable.
    expect((await confirm(newest?.text ?? '', 'Kangaroo-Tuesday-89!')).statusCode).toBe(400);
    const confirmed = await confirm(newest?.text ?? '', STRONG);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().registration).toMatchObject({ uuid: userId, passStatus: 'pending' });
    expect((await login(email, STRONG)).statusCode).toBe(200);
    expect((await login(email, attackerPassword)).statusCode).toBe(401);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ firstName: 'Vera', lastName: 'Victim' });
    // The confirmation ended every link, the attacker's too.
    for (const mail of older) expect((await confirm(mail.text, attackerPassword)).statusCode).toBe(400);
  });

  it("a registration after the victim's cannot plant its password: the victim's own confirms through the newest link", async () => {
    const email = 'victim.first@berger-hosting.example';
    const attackerPassword = 'Mallory-Wednesday-66?';
    expect((await register(body({ email, firstName: 'Vera', passTypeId: ids.business }))).statusCode).toBe(202);
    const attacker = await register(body({ email, password: attackerPassword, firstName: 'Mallory', passTypeId: ids.business }));
    expect(attacker.statusCode).toBe(202);

    const [newest] = await mailsTo(email);
    const confirmed = await confirm(newest?.text ?? '', STRONG);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().registration).toMatchObject({ passStatus: 'pending' });
    expect((await login(email, attackerPassword)).statusCode).toBe(401);
    expect((await login(email, STRONG)).statusCode).toBe(200);
  });

  it('the newest registration replaces a pending pass choice and gives the earlier code use and hold back', async () => {
    const email = 'changed.mind@berger-hosting.example';
    const [pool, code] = [await poolTaken(), await usedCount('CF26')];
    expect((await register(body({ email, voucherCode: 'CF26' }))).statusCode).toBe(202);
    expect([await poolTaken(), await usedCount('CF26')]).toEqual([pool + 1, code + 1]);

    const address = { ...body().address, city: 'Freiburg', zip: '79098' };
    expect((await register(body({ email, passTypeId: ids.business, company: 'Other GmbH', address }))).statusCode).toBe(202);
    expect([await poolTaken(), await usedCount('CF26')]).toEqual([pool, code]);
    expect(await passOf(email)).toMatchObject({ passTypeId: ids.business, status: 'pending', voucherCode: null });
    const userId = (await userIdOf(email)) ?? '';
    const [row] = await t.database.db.select().from(addresses).where(eq(addresses.userId, userId));
    expect(row).toMatchObject({ city: 'Freiburg', company: 'Other GmbH' });
    expect(await t.database.db.$count(addresses, eq(addresses.userId, userId))).toBe(1);
  });

  it('15 registrations naming one address mail it at most RECIPIENT_MAIL_LIMIT_PER_HOUR times, with one answer', async () => {
    const limit = t.app.config.RECIPIENT_MAIL_LIMIT_PER_HOUR;
    for (const email of ['staff@demo.cloudfest.example', 'flooded@berger-hosting.example']) {
      const before = (await mailsTo(email)).length;
      const answers: ReturnType<typeof seen>[] = [];
      for (let i = 0; i < 15; i++) answers.push(seen(await register(body({ email, passTypeId: ids.business }))));
      expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
      expect(answers[0]).toMatchObject({ status: 202 });
      expect((await mailsTo(email)).length - before).toBeLessThanOrEqual(limit);
      expect((await mailsTo(email)).length - before).toBeGreaterThan(0);
    }
  });

  it('limits registrations per e-mail address, from any IP', async () => {
    const email = 'one.address@berger-hosting.example';
    const weak = () => register(body({ email, passTypeId: ids.business, password: 'Password1!' }));
    for (let i = 0; i < t.app.config.EMAIL_RATE_LIMIT_PER_MINUTE; i++) expect((await weak()).statusCode).toBe(400);
    expectProblem(await weak(), 429);
  });
});

describe('POST /api/registration/account: eligibility and vouchers', () => {
  it('refuses blacklisted addresses and domains with 403', async () => {
    for (const email of ['banned@attacker.example', 'someone@spam-mail.example']) {
      const res = await register(body({ email, passTypeId: ids.business }));
      expectProblem(res, 403, ACCOUNT_MESSAGES.blacklisted);
      expect(await userExists(email)).toBe(false);
    }
  });

  it('approves the free pass of a whitelisted address at once', async () => {
    const res = await register(body({ email: 'guest@partner-hosting.example', passTypeId: ids.standard }));
    expect(res.statusCode, res.body).toBe(202);
    const pass = await passOf('guest@partner-hosting.example');
    expect(pass).toMatchObject({ status: 'approved' });
    expect(pass?.approvedAt).not.toBeNull();
  });

  it('a whitelisted address gets a paid pass only by paying for it', async () => {
    const email = 'buyer@partner-hosting.example';
    const { passStatus, headers } = await registerConfirmed(body({ email, passTypeId: ids.business }));
    // The white list skips the manual review, not the payment: pending until the order is paid.
    expect(passStatus).toBe('pending');
    expect(await passOf(email)).toMatchObject({ status: 'pending', approvedAt: null });

    const checkout = await t.app.inject({ method: 'POST', url: '/api/registration/checkout', headers, payload: { hotel: null } });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(checkout.json()).toMatchObject({ status: 'open', passStatus: 'pending', invoiceNumber: null });
    expect(checkout.json().gross).toBeGreaterThan(0);
    expect(await passOf(email)).toMatchObject({ status: 'pending', approvedAt: null });

    // Paying approves it without an organizer.
    const order = checkout.json();
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/payment/session',
      headers,
      payload: {
        item: order.id,
        amount: order.gross,
        redirectSuccess: '/registration/finish',
        redirectCancel: '/registration/checkout',
      },
    });
    expect(session.statusCode, session.body).toBe(200);
    const paid = await t.app.inject({
      method: 'POST',
      url: `/payment/sandbox/${session.json().paymentSessionId}/complete`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'outcome=succeeded',
    });
    expect(paid.statusCode, paid.body).toBeLessThan(400);
    const pass = await passOf(email);
    expect(pass?.status).toBe('approved');
    expect(pass?.approvedAt).not.toBeNull();
  });

  it('only lets invited addresses use a host code', async () => {
    const before = await usedCount('HOST-EUROPA-2026');
    const refused = await register(
      body({ email: 'uninvited@company.example', passTypeId: ids.host, voucherCode: 'HOST-EUROPA-2026' }),
    );
    expectProblem(refused, 403, 'This host code is only valid for invited e-mail addresses.');
    expect(await usedCount('HOST-EUROPA-2026')).toBe(before);

    const invited = await register(
      body({ email: 'host.guest@agency.example', passTypeId: ids.host, voucherCode: 'host-europa-2026' }),
    );
    expect(invited.statusCode, invited.body).toBe(202);
    expect((await passOf('host.guest@agency.example'))?.status).toBe('approved');
    expect(await usedCount('HOST-EUROPA-2026')).toBe(before + 1);
    expect(await passOf('host.guest@agency.example')).toMatchObject({ voucherCode: 'HOST-EUROPA-2026', passTypeId: ids.host });
  });

  it('gives a voucher pass with its code, pending for an organizer', async () => {
    const res = await register(body({ email: 'talker@company.example', passTypeId: ids.speaker, voucherCode: 'SPEAKER-2026' }));
    expect(res.statusCode, res.body).toBe(202);
    expect((await passOf('talker@company.example'))?.status).toBe('pending');
  });

  it.each([
    { name: 'no code', voucherCode: undefined, status: 400, detail: ACCOUNT_MESSAGES.voucherRequired },
    { name: 'a blank code', voucherCode: '  ', status: 400, detail: ACCOUNT_MESSAGES.voucherRequired },
    { name: 'an unknown code', voucherCode: 'NOPE', status: 400, detail: ACCOUNT_MESSAGES.voucherInvalid },
    { name: "another type's code", voucherCode: 'CF26', status: 400, detail: ACCOUNT_MESSAGES.voucherInvalid },
  ])('refuses a voucher pass with $name', async ({ voucherCode, status, detail }) => {
    const res = await register(body({ email: 'voucherless@company.example', passTypeId: ids.speaker, voucherCode }));
    expectProblem(res, status, detail);
    expect(res.json().errors[0].path).toBe('voucherCode');
  });

  it('refuses used-up and expired codes', async () => {
    const db = t.database.db;
    await db
      .update(vouchers)
      .set({ maxUses: sql`${vouchers.usedCount}` })
      .where(eq(vouchers.code, 'PRESS-2026'));
    const full = await register(body({ email: 'press@company.example', passTypeId: ids.press, voucherCode: 'PRESS-2026' }));
    expectProblem(full, 409, ACCOUNT_MESSAGES.voucherUsedUp);

    await db
      .update(vouchers)
      .set({ validUntil: new Date(Date.now() - 60_000) })
      .where(eq(vouchers.code, 'SPEAKER-2026'));
    const expired = await register(
      body({ email: 'late.talker@company.example', passTypeId: ids.speaker, voucherCode: 'SPEAKER-2026' }),
    );
    expectProblem(expired, 400, ACCOUNT_MESSAGES.voucherExpired);
  });

  it('refuses unknown, inactive and upgrade pass types', async () => {
    const db = t.database.db;
    for (const passTypeId of [999_999, ids.upgrade]) {
      const res = await register(body({ email: 'typo@company.example', passTypeId }));
      expectProblem(res, 400, ACCOUNT_MESSAGES.passTypeUnavailable);
      expect(res.json().errors[0].path).toBe('passTypeId');
    }
    await db.update(passTypes).set({ active: false }).where(eq(passTypes.id, ids.business));
    try {
      expectProblem(await register(body({ email: 'typo@company.example', passTypeId: ids.business })), 400);
    } finally {
      await db.update(passTypes).set({ active: true }).where(eq(passTypes.id, ids.business));
    }
  });
});

describe('POST /api/registration/account: account and address rules', () => {
  it('an existing address is not told so: the answer says "check your inbox" and the holder gets a mail', async () => {
    const email = 'attendee@demo.cloudfest.example';
    const before = await passOf(email);
    const res = await register(body({ email, passTypeId: ids.business }));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ checkInbox: true });
    expect(res.body).not.toMatch(/exist|taken|already/i);
    // Nothing changes for the account; its holder learns of it by mail, with the way to sign in.
    expect(await passOf(email)).toEqual(before);
    const mail = await latestMail(email);
    expect(mail.subject).toBe('You already have a CloudFest 2026 account');
    expect(mail.text).toContain('http://localhost:3000/sign-in');
    expect(mail.text).not.toContain('Berger');

    // Refusals that do not depend on the account come first, the same for both (here: a weak password).
    const weak = await register(body({ email, passTypeId: ids.business, password: 'Password1!' }));
    expectProblem(weak, 400, MESSAGES.passwordTooWeak);
  });

  it('enforces the password rule and the strength score', async () => {
    const rule = await register(body({ email: 'weak@company.example', password: 'alllowercase' }));
    expectProblem(rule, 400);
    expect(rule.json().errors).toContainEqual({ path: 'password', message: MESSAGES.passwordRule });
    const weak = await register(body({ email: 'weak@company.example', password: 'Password1!' }));
    expectProblem(weak, 400, MESSAGES.passwordTooWeak);
    expect(await userExists('weak@company.example')).toBe(false);
  });

  it('needs a complete billing address in a known country', async () => {
    const incomplete = await register(body({ email: 'addr@company.example', address: { type: 'billingAddress', city: 'Rust' } }));
    expectProblem(incomplete, 400, ACCOUNT_MESSAGES.addressIncomplete);
    expect(incomplete.json().errors[0].path).toBe('address');
    const unknown = await register(
      body({
        email: 'addr@company.example',
        address: { type: 'billingAddress', addressLine1: 'Hauptstraße 1', zip: '1', city: 'Rust', countryId: 99_999 },
      }),
    );
    expectProblem(unknown, 400, ACCOUNT_MESSAGES.unknownCountry);
    expect(unknown.json().errors[0].path).toBe('address.countryId');
  });

  it('checks a given VAT ID and stores a valid one', async () => {
    const address = (vatId: string) => ({ ...body().address, vatId });
    const bad = await register(body({ email: 'vat@company.example', passTypeId: ids.business, address: address('DE136695977') }));
    expectProblem(bad, 400, MESSAGES.invalidVatId);
    expect(bad.json().errors[0].path).toBe('address.vatId');
    const good = await register(
      body({ email: 'vat@company.example', passTypeId: ids.business, address: address('ATU 135 856 27') }),
    );
    expect(good.statusCode, good.body).toBe(202);
    const [row] = await t.database.db
      .select()
      .from(addresses)
      .where(eq(addresses.userId, (await userIdOf('vat@company.example')) ?? ''));
    expect(row?.vatId).toBe('ATU 135 856 27');
  });
});

describe('POST /api/registration/account: bad input never answers 500', () => {
  it.each([
    { name: 'an empty object', payload: {} },
    { name: 'a bad e-mail', payload: { email: 'not-an-email' } },
    { name: 'a string pass type', payload: { passTypeId: 'one' } },
    { name: 'a negative pass type', payload: { passTypeId: -1 } },
    { name: 'a wrong address type', payload: { address: { type: 'homeAddress' } } },
    { name: 'a huge country id', payload: { address: { type: 'billingAddress', countryId: 2 ** 40 } } },
    { name: 'an overlong name', payload: { firstName: 'x'.repeat(101) } },
    { name: 'a blank name', payload: { lastName: '   ' } },
    { name: 'an overlong voucher code', payload: { voucherCode: 'X'.repeat(65) } },
    { name: 'a number as voucher code', payload: { voucherCode: 5 } },
  ])('answers 400 problem+json to $name', async ({ payload }) => {
    const res = await register(Object.keys(payload).length ? body(payload) : payload);
    expectProblem(res, 400);
  });

  it('answers 400 to malformed JSON and 415 to another content type', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/registration/account',
      payload: '{"email": ',
      headers: { 'content-type': 'application/json' },
      remoteAddress: nextIp(),
    });
    expectProblem(malformed, 400);
    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/registration/account',
      payload: 'email,password',
      headers: { 'content-type': 'text/csv' },
      remoteAddress: nextIp(),
    });
    expectProblem(csv, 415);
  });

  it('rate-limits registrations per IP like sign-up', async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push((await register({}, ip)).statusCode);
    expect(statuses.every((s) => s === 400)).toBe(true);
    expectProblem(await register({}, ip), 429);
  });
});

describe('registration writes are all-or-nothing', () => {
  it('rolls back user, address, pass, tokens and the code use when the free-pass claim expires mid-way', async () => {
    const db = t.database.db;
    const freeClaimToken = await claim();
    await db
      .update(passClaims)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passClaims.tokenHash, sha256(freeClaimToken)));
    const codeUses = await usedCount('CF26');
    // As if the hold expired after this registration's early check.
    poolCheck.skipEarlyCheck = true;
    try {
      const res = await register(body({ email: 'mid.way@berger-hosting.example', voucherCode: 'CF26', freeClaimToken }));
      expectProblem(res, 409, ACCOUNT_MESSAGES.freeClaimExpired);
    } finally {
      poolCheck.skipEarlyCheck = false;
    }
    expect(await userExists('mid.way@berger-hosting.example')).toBe(false);
    expect(await usedCount('CF26')).toBe(codeUses);
    expect(await db.$count(authTokens, sql`${authTokens.userId} not in (select id from users)`)).toBe(0);
  });
});
