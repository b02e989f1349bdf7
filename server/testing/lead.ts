import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { decodePassToken, encodePayload, type PassPayload } from '#shared/pass-token.ts';
import type { Db } from '../db/client.ts';
import { passBarcodes, passes, passTypes, users } from '../db/schema/index.ts';
import { readEventDates } from '../services/event/event-config.ts';
import type { createTestApp } from './test-app.ts';

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Headers = { authorization: string };

/** A fresh Ed25519 key (PKCS#8 PEM) so tests never touch ./data. */
export function freshSigningKey(): string {
  return generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** Config overrides for badge tests: a test key and no rate limits in the way of many sign-ins. */
export function badgeTestConfig(extra: Record<string, string> = {}): Record<string, string> {
  return {
    PASS_SIGNING_KEY: freshSigningKey(),
    ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000000',
    ADDRESS_RATE_LIMIT_PER_MINUTE: '100000',
    EMAIL_RATE_LIMIT_PER_MINUTE: '100000',
    ...extra,
  };
}

/** The signed badge of a user as their own device gets it (GET /api/pass/barcode). */
export async function badgeOf(t: TestApp, headers: Headers): Promise<string> {
  const res = await t.app.inject({ method: 'GET', url: '/api/pass/barcode', headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { token: string }).token;
}

/** Signs in by e-mail (demo password) and returns headers and badge, once per e-mail. */
export function badgeBook(t: TestApp) {
  const known = new Map<string, Promise<{ headers: Headers; token: string }>>();
  return (email: string) => {
    let entry = known.get(email);
    if (!entry) {
      entry = (async () => {
        const headers = await t.login(email);
        return { headers, token: await badgeOf(t, headers) };
      })();
      known.set(email, entry);
    }
    return entry;
  };
}

/** The same token with a changed payload and the original signature: what a forger would make. */
export function withChangedPayload(token: string, change: Partial<PassPayload>): string {
  const { payload } = decodePassToken(token);
  const signature = token.split('.')[1] as string;
  return `${encodePayload({ ...payload, ...change })}.${signature}`;
}

/** One character of the signature flipped. */
export function withBadSignature(token: string): string {
  const [payload, signature] = token.split('.') as [string, string];
  const last = signature.at(-2) === 'A' ? 'B' : 'A';
  return `${payload}.${signature.slice(0, -2)}${last}${signature.at(-1)}`;
}

export interface BadgedPerson {
  userId: string;
  passId: string;
  barcodeId: string;
  firstName: string;
  lastName: string;
  company: string;
}

/**
 * `count` people with an approved Standard Pass and a current barcode each, written straight into
 * the database in a few statements (the download tests need thousands; sign-ins would take minutes).
 */
export async function insertBadgedPeople(db: Db, count: number, tag = randomUUID().slice(0, 8)): Promise<BadgedPerson[]> {
  const [type] = await db.select({ id: passTypes.id }).from(passTypes).where(eq(passTypes.name, 'Standard Pass'));
  if (!type) throw new Error('Standard Pass missing');
  const people: BadgedPerson[] = [];
  for (let from = 0; from < count; from += 1000) {
    const size = Math.min(1000, count - from);
    const created = await db
      .insert(users)
      .values(
        Array.from({ length: size }, (_, i) => ({
          email: `badged-${tag}-${from + i}@test.example`,
          passwordHash: 'not-a-real-hash',
          firstName: `Person${from + i}`,
          lastName: `Badged ${tag}`,
          company: `Company ${(from + i) % 50}`,
        })),
      )
      .returning({ id: users.id, firstName: users.firstName, lastName: users.lastName, company: users.company });
    const passRows = await db
      .insert(passes)
      .values(created.map((user) => ({ userId: user.id, passTypeId: type.id, status: 'approved' as const })))
      .returning({ id: passes.id, userId: passes.userId });
    const barcodes = await db
      .insert(passBarcodes)
      .values(passRows.map((pass) => ({ passId: pass.id })))
      .returning({ id: passBarcodes.id, passId: passBarcodes.passId });
    const passOf = new Map(passRows.map((pass) => [pass.userId, pass.id]));
    const barcodeOf = new Map(barcodes.map((barcode) => [barcode.passId, barcode.id]));
    for (const user of created) {
      const passId = passOf.get(user.id) ?? '';
      people.push({ ...user, userId: user.id, passId, barcodeId: barcodeOf.get(passId) ?? '' });
    }
  }
  return people;
}

/** Their badge tokens, signed as their apps show them. */
export async function badgesOf(t: TestApp, people: readonly BadgedPerson[]): Promise<string[]> {
  const event = await readEventDates(t.database.db);
  return Promise.all(
    people.map((person) => t.app.passSigner.signPass({ id: person.barcodeId, typeName: 'Standard Pass' }, person, event)),
  );
}

/**
 * Pages a download until it is complete after `writesDone()` said so (asked before each request, so
 * the last page was requested after the last write) and `enough(ids)` holds: on PostgreSQL a page
 * may hold back rows of finished transactions while an older transaction elsewhere in the cluster
 * is still running, so "complete" alone does not mean "has all of them yet". Returns every row id
 * received, in order, and the bytes of the last answer.
 */
export async function drainPages(
  fetchPage: (cursor: string | undefined) => Promise<{ ids: string[]; cursor: string; complete: boolean; bytes: number }>,
  writesDone: () => boolean = () => true,
  cursor?: string,
  enough: (ids: readonly string[]) => boolean = () => true,
): Promise<{ ids: string[]; cursor: string | undefined; pages: number; lastBytes: number }> {
  const ids: string[] = [];
  let next = cursor;
  const deadline = Date.now() + 60_000;
  for (let pages = 1; Date.now() < deadline; pages++) {
    const done = writesDone();
    const page = await fetchPage(next);
    ids.push(...page.ids);
    next = page.cursor;
    if (done && page.complete && enough(ids)) return { ids, cursor: next, pages, lastBytes: page.bytes };
    // Caught up with writes still going on: give them a moment.
    if (page.complete) await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`the download never completed (${ids.length} rows received)`);
}

/**
 * Waits until every transaction that began before now has finished, so a download sees all writes
 * made so far. On PostgreSQL a download holds back rows newer than the oldest running transaction
 * of the whole cluster (other test databases included); PGlite runs one transaction at a time.
 */
export async function changesSettled(db: Db): Promise<void> {
  const [now] = await db.select({ tx: sql<string>`pg_current_xact_id()::text` }).from(sql`(select 1) as one`);
  for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
    const [row] = await db
      .select({ passed: sql<boolean>`pg_snapshot_xmin(pg_current_snapshot()) > ${now?.tx ?? '0'}::xid8` })
      .from(sql`(select 1) as one`);
    if (row?.passed) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('a transaction of the cluster has been running for 30 s');
}

/**
 * Calls again, a moment later, while the answer says the database is busy (a 503 when the pool had
 * no connection free in time, or the pool's own timeout for a direct call), as devices retry their
 * syncs. Uploads are applied once by op id, so a retry of one that did commit changes nothing.
 */
export async function whileBusy<T>(call: () => Promise<T>, busy: (result: T) => boolean = () => false): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const result = await call();
      if (!busy(result) || attempt >= 20) return result;
    } catch (error) {
      const timedOut =
        error instanceof Error && /timeout exceeded when trying to connect/.test(`${error.message} ${error.cause}`);
      if (!timedOut || attempt >= 20) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
  }
}
