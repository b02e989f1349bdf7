import { randomUUID } from 'node:crypto';
import { eq, sql, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LeadOp } from '#shared/contracts/leads.ts';
import type { SyncResponse } from '#shared/contracts/sync.ts';
import { buildApp } from './app.ts';
import { type Database, openDatabase } from './db/client.ts';
import { clientOps, leads, users } from './db/schema/index.ts';
import { DEMO_PASSWORD, genericAttendeeEmail } from './db/seed/demo-accounts.ts';
import { freshSigningKey } from './testing/lead.ts';
import { signedInUser } from './testing/purchases.ts';
import { createTestDatabase, testConfig } from './testing/test-app.ts';

/**
 * Two instances of the server on one PostgreSQL, as a production deployment behind a load balancer
 * runs them. Needs a real PostgreSQL (CI sets TEST_DATABASE_URL); PGlite is one process by nature.
 */
const url = process.env.TEST_DATABASE_URL;
type App = Awaited<ReturnType<typeof buildApp>>;

describe.skipIf(!url)('two instances on one PostgreSQL', () => {
  let a: App;
  let b: App;
  const closers: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    // Migrated and seeded once, like a deployment's first start.
    const seeded = await createTestDatabase();
    await seeded.close();
    const config = testConfig({
      DATABASE_URL: url as string,
      PASS_SIGNING_KEY: freshSigningKey(),
      ADDRESS_RATE_LIMIT_PER_MINUTE: '6',
    });
    const start = async () => {
      const database = await openDatabase({ url: url as string });
      const app = await buildApp({ config, database, distDir: '/nonexistent' });
      await app.ready();
      closers.push(async () => {
        await app.close();
        await database.close();
      });
      return app;
    };
    [a, b] = await Promise.all([start(), start()]);
  }, 120_000);
  afterAll(async () => {
    for (const close of closers) await close();
  });

  let logins = 0;
  async function login(app: App, email: string) {
    // Each from its own address: the per-address limit is small here for the limit test.
    const remoteAddress = `10.98.0.${++logins}`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email, password: DEMO_PASSWORD },
      remoteAddress,
    });
    expect(res.statusCode, res.body).toBe(200);
    return { authorization: `Bearer ${(res.json() as { token: string }).token}` };
  }

  it('refuses a token on B within 1 s of its logout on A', async () => {
    const headers = await login(a, genericAttendeeEmail(1));
    // B has the token in its session cache now.
    expect((await b.inject({ method: 'GET', url: '/api/user/', headers })).statusCode).toBe(200);
    expect((await b.inject({ method: 'GET', url: '/api/user/', headers })).statusCode).toBe(200);
    expect((await a.inject({ method: 'POST', url: '/api/user/logout', headers })).statusCode).toBe(204);
    const loggedOut = performance.now();
    let status = 200;
    while (status === 200 && performance.now() - loggedOut < 1_000) {
      status = (await b.inject({ method: 'GET', url: '/api/user/', headers })).statusCode;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
  });

  it('refuses every token of a user on B within 1 s of their password reset on A', async () => {
    const email = genericAttendeeEmail(2);
    const headers = await login(b, email);
    expect((await b.inject({ method: 'GET', url: '/api/user/', headers })).statusCode).toBe(200);
    // What a password reset does on A: revoke the tokens, tell the cache.
    const [user] = await a.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await a.db.execute(sql`update auth_tokens set revoked_at = now() where user_id = ${user?.id}`);
    a.sessions.dropUser(user?.id as string);
    const changed = performance.now();
    let status = 200;
    while (status === 200 && performance.now() - changed < 1_000) {
      status = (await b.inject({ method: 'GET', url: '/api/user/', headers })).statusCode;
      if (status === 200) await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(status).toBe(401);
  });

  it('counts a per-address limit across both instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const app = i % 2 === 0 ? a : b;
      const res = await app.inject({ method: 'GET', url: `/api/pass/voucher/GUESS-${i}`, remoteAddress: '10.99.0.1' });
      statuses.push(res.statusCode);
    }
    // Six in the minute from one address in all, whichever instance answered.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
  });

  it('lands a 1,000-scan upload split across both instances exactly once, retries included', async () => {
    const scanner = await signedInUser(a.db);
    await a.db
      .update(users)
      .set({ permissionPaths: ['/contacts'] })
      .where(eq(users.id, scanner.user.id));
    const badges: string[] = [];
    for (let n = 3; n <= 12; n++) {
      const headers = await login(a, genericAttendeeEmail(n));
      const res = await a.inject({ method: 'GET', url: '/api/pass/barcode', headers });
      expect(res.statusCode, res.body).toBe(200);
      badges.push((res.json() as { token: string }).token);
    }
    const ops: LeadOp[] = Array.from({ length: 1_000 }, (_, i) => ({
      id: randomUUID(),
      createdAt: new Date(Date.UTC(2026, 2, 24, 10, 0, i)).toISOString(),
      token: badges[i % badges.length] as string,
    }));
    const batches = Array.from({ length: 10 }, (_, i) => ops.slice(i * 100, (i + 1) * 100));
    const upload = async (app: App, batch: LeadOp[]) => {
      const res = await app.inject({ method: 'POST', url: '/api/lead', headers: scanner.headers, payload: { ops: batch } });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as SyncResponse).results;
    };
    // Every batch goes to one instance; a device whose answer was lost sends it again to the other, at once.
    const results = await Promise.all(
      batches.flatMap((batch, i) => [upload(i % 2 ? a : b, batch), upload(i % 2 ? b : a, batch)]),
    );
    for (const result of results) expect(result.every((r) => ['created', 'updated', 'duplicate'].includes(r.status))).toBe(true);
    const [counted] = await b.db
      .select({ scans: sum(leads.scanCount).mapWith(Number) })
      .from(leads)
      .where(eq(leads.scannerUserId, scanner.user.id));
    expect(counted?.scans).toBe(1_000);
    expect(await b.db.$count(leads, eq(leads.scannerUserId, scanner.user.id))).toBe(badges.length);
    expect(await b.db.$count(clientOps, eq(clientOps.userId, scanner.user.id))).toBe(1_000);
  });

  it('migrates safely when instances start together', async () => {
    const fresh = await openDatabase({ url: url as string });
    await fresh.db.execute(sql`drop schema if exists public cascade`);
    await fresh.db.execute(sql`drop schema if exists drizzle cascade`);
    await fresh.db.execute(sql`create schema public`);
    await fresh.close();
    const instances = await Promise.all([1, 2, 3].map(() => openDatabase({ url: url as string })));
    try {
      await Promise.all(instances.map((instance) => instance.migrate()));
      const [first] = instances as [Database];
      const { rows } = (await first.db.execute(
        sql`select count(*)::int as applied, count(distinct hash)::int as distinct_hashes from drizzle.__drizzle_migrations`,
      )) as unknown as { rows: { applied: number; distinct_hashes: number }[] };
      expect(rows[0]?.applied).toBeGreaterThan(5);
      expect(rows[0]?.applied).toBe(rows[0]?.distinct_hashes);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
    }
  });
});
