import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgendaSession, FavouriteOp } from '#shared/contracts/agenda.ts';
import { SYNC_BATCH_MAX, type SyncResponse } from '#shared/contracts/sync.ts';
import { agendaFavourites, clientOps } from '../../db/schema/index.ts';
import { FOREIGN_OP, MAX_CLOCK_LEAD_MS, OTHER_KIND_OP } from '../../services/sync/client-ops.ts';
import { type Headers, signedInUser } from '../../testing/purchases.ts';
import { createRegistrant } from '../../testing/registrant.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { FAVOURITE_OP_KIND, SESSION_GONE } from './favourites.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let sessionIds: number[];

beforeAll(async () => {
  t = await createTestApp({ ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000' });
  sessionIds = ((await t.app.inject({ method: 'GET', url: '/api/agenda' })).json() as AgendaSession[]).map((s) => s.id);
});
afterAll(async () => t?.close());

const session = (i: number) => sessionIds[i] as number;
const at = (minutes: number) => new Date(Date.UTC(2026, 2, 24, 9, minutes)).toISOString();
const op = (sessionId: number, favourite: boolean, createdAt: string, id: string = randomUUID()): FavouriteOp => ({
  id,
  createdAt,
  sessionId,
  favourite,
});

async function upload(headers: Headers, ops: unknown) {
  return t.app.inject({ method: 'POST', url: '/api/agenda/favourites', headers, payload: { ops } });
}
async function uploadOk(headers: Headers, ops: FavouriteOp[]) {
  const res = await upload(headers, ops);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as SyncResponse).results;
}
async function favourites(headers: Headers): Promise<number[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/agenda/favourites', headers });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { sessionIds: number[] }).sessionIds;
}
async function newUser() {
  const { headers, user } = await signedInUser(t.database.db);
  return { headers, userId: user.id };
}
const storedOps = (ids: string[]) => t.database.db.select().from(clientOps).where(inArray(clientOps.id, ids));

describe('GET /api/agenda/favourites', () => {
  it('is private to the signed-in user and starts empty', async () => {
    const { headers } = await newUser();
    const res = await t.app.inject({ method: 'GET', url: '/api/agenda/favourites', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.json()).toEqual({ sessionIds: [] });
  });

  it('needs a full sign-in', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/agenda/favourites' })).statusCode).toBe(401);
    const { headers } = await createRegistrant(t.database.db, { email: 'registering@company.example' });
    expect((await t.app.inject({ method: 'GET', url: '/api/agenda/favourites', headers })).statusCode).toBe(401);
  });
});

describe('POST /api/agenda/favourites', () => {
  it('favourites sessions: one created result per op, in upload order', async () => {
    const { headers, userId } = await newUser();
    const ops = [op(session(5), true, at(1)), op(session(1), true, at(2)), op(session(9), true, at(3))];
    const results = await uploadOk(headers, ops);
    expect(results).toEqual(ops.map((o) => ({ id: o.id, status: 'created' })));
    expect(await favourites(headers)).toEqual([session(1), session(5), session(9)].sort((a, b) => a - b));
    const stored = await storedOps(ops.map((o) => o.id));
    expect(stored).toHaveLength(3);
    for (const row of stored) expect(row).toMatchObject({ userId, kind: FAVOURITE_OP_KIND, result: 'created', reason: null });
  });

  it('unfavourites with a newer change (updated) and keeps the row for ordering later changes', async () => {
    const { headers, userId } = await newUser();
    await uploadOk(headers, [op(session(2), true, at(1))]);
    const unfavourite = op(session(2), false, at(5));
    expect(await uploadOk(headers, [unfavourite])).toEqual([{ id: unfavourite.id, status: 'updated' }]);
    expect(await favourites(headers)).toEqual([]);
    const [row] = await t.database.db.select().from(agendaFavourites).where(eq(agendaFavourites.userId, userId));
    expect(row).toMatchObject({ sessionId: session(2), favourite: false, changedAt: new Date(at(5)) });
  });

  it('answers a repeated upload with duplicate and changes nothing', async () => {
    const { headers, userId } = await newUser();
    const ops = [op(session(3), true, at(1)), op(session(4), true, at(2)), op(999_999, true, at(3))];
    const first = await uploadOk(headers, ops);
    expect(first.map((r) => r.status)).toEqual(['created', 'created', 'rejected']);
    // Meanwhile another device unfavourites session 3; the retry of the old batch must not undo it.
    await uploadOk(headers, [op(session(3), false, at(10))]);
    const before = await t.database.db.select().from(agendaFavourites).where(eq(agendaFavourites.userId, userId));

    const retry = await uploadOk(headers, ops);
    expect(retry).toEqual([
      { id: ops[0]?.id, status: 'duplicate' },
      { id: ops[1]?.id, status: 'duplicate' },
      // The device learns again why its op was refused.
      { id: ops[2]?.id, status: 'duplicate', reason: SESSION_GONE },
    ]);
    expect(await t.database.db.select().from(agendaFavourites).where(eq(agendaFavourites.userId, userId))).toEqual(before);
    expect(await favourites(headers)).toEqual([session(4)]);
    expect(await storedOps(ops.map((o) => o.id))).toHaveLength(3);
  });

  it('answers an id repeated inside one upload as a duplicate of its first occurrence', async () => {
    const { headers } = await newUser();
    const id = randomUUID();
    const results = await uploadOk(headers, [op(session(6), true, at(1), id), op(session(7), true, at(2), id)]);
    expect(results).toEqual([
      { id, status: 'created' },
      { id, status: 'duplicate' },
    ]);
    expect(await favourites(headers)).toEqual([session(6)]);
  });

  it('keeps the newest change when older ones arrive later (across and within uploads)', async () => {
    const { headers } = await newUser();
    // Device B unfavourited at 09:20; device A's earlier favourite (09:10) syncs afterwards.
    await uploadOk(headers, [op(session(10), false, at(20))]);
    const late = op(session(10), true, at(10));
    expect(await uploadOk(headers, [late])).toEqual([{ id: late.id, status: 'updated' }]);
    expect(await favourites(headers)).toEqual([]);

    // Within one upload the order of ops does not matter either: 09:30 (favourite) beats 09:25 (not).
    const results = await uploadOk(headers, [op(session(11), true, at(30)), op(session(11), false, at(25))]);
    expect(results.map((r) => r.status)).toEqual(['created', 'updated']);
    expect(await favourites(headers)).toEqual([session(11)]);

    // A newer change still wins after all that.
    await uploadOk(headers, [op(session(10), true, at(40))]);
    expect(await favourites(headers)).toEqual([session(10), session(11)].sort((a, b) => a - b));
  });

  it('treats a change dated more than a day ahead as made now, so a wrong clock cannot win forever', async () => {
    const { headers, userId } = await newUser();
    const future = new Date(Date.now() + 30 * 24 * 3600_000).toISOString();
    const before = Date.now();
    await uploadOk(headers, [op(session(12), true, future)]);
    const [row] = await t.database.db
      .select()
      .from(agendaFavourites)
      .where(and(eq(agendaFavourites.userId, userId), eq(agendaFavourites.sessionId, session(12))));
    expect(row?.changedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(row?.changedAt.getTime()).toBeLessThanOrEqual(Date.now());
    // A correct device's change a minute later wins.
    await uploadOk(headers, [op(session(12), false, new Date(Date.now() + 60_000).toISOString())]);
    expect(await favourites(headers)).toEqual([]);

    // Up to a day ahead is believed (clocks drift; an hour ahead is not a broken clock).
    const soon = new Date(Date.now() + MAX_CLOCK_LEAD_MS - 3600_000).toISOString();
    await uploadOk(headers, [op(session(13), true, soon)]);
    await uploadOk(headers, [op(session(13), false, new Date().toISOString())]);
    expect(await favourites(headers)).toEqual([session(13)]);
  });

  it('accepts createdAt with an offset', async () => {
    const { headers, userId } = await newUser();
    await uploadOk(headers, [op(session(14), true, '2026-03-24T10:15:00.250+01:00')]);
    const [row] = await t.database.db.select().from(agendaFavourites).where(eq(agendaFavourites.userId, userId));
    expect(row?.changedAt.toISOString()).toBe('2026-03-24T09:15:00.250Z');
  });

  it('rejects an op id that belongs to another account, without applying or revealing it', async () => {
    const owner = await newUser();
    const intruder = await newUser();
    const taken = op(session(15), true, at(1));
    await uploadOk(owner.headers, [taken]);

    const reused = { ...taken, sessionId: session(16), createdAt: at(50) };
    const mine = op(session(17), true, at(2));
    expect(await uploadOk(intruder.headers, [reused, mine])).toEqual([
      { id: taken.id, status: 'rejected', reason: FOREIGN_OP },
      { id: mine.id, status: 'created' },
    ]);
    expect(await favourites(intruder.headers)).toEqual([session(17)]);
    expect(await favourites(owner.headers)).toEqual([session(15)]);
    const [stored] = await storedOps([taken.id]);
    expect(stored).toMatchObject({ userId: owner.userId, result: 'created' });
  });

  it('rejects an op id this user already used for another kind of change', async () => {
    const { headers, userId } = await newUser();
    const id = randomUUID();
    await t.database.db.insert(clientOps).values({ id, userId, kind: 'lead', result: 'created' });
    expect(await uploadOk(headers, [op(session(18), true, at(1), id)])).toEqual([
      { id, status: 'rejected', reason: OTHER_KIND_OP },
    ]);
    expect(await favourites(headers)).toEqual([]);
  });

  it('rejects sessions that are not on the agenda and records the reason', async () => {
    const { headers } = await newUser();
    const gone = op(2 ** 31 - 1, true, at(1));
    const fine = op(session(19), true, at(1));
    expect(await uploadOk(headers, [gone, fine])).toEqual([
      { id: gone.id, status: 'rejected', reason: SESSION_GONE },
      { id: fine.id, status: 'created' },
    ]);
    const [stored] = await storedOps([gone.id]);
    expect(stored).toMatchObject({ result: 'rejected', reason: SESSION_GONE });
    expect(await favourites(headers)).toEqual([session(19)]);
  });

  it(`applies a full batch of ${SYNC_BATCH_MAX} ops in one upload`, async () => {
    const { headers, userId } = await newUser();
    // Two changes per session for 250 sessions, shuffled: the later change (favourite on even i) must win.
    const ops: FavouriteOp[] = [];
    for (let i = 0; i < SYNC_BATCH_MAX / 2; i++) {
      ops.push(op(session(i), i % 2 === 1, at(1)), op(session(i), i % 2 === 0, at(2)));
    }
    ops.reverse();
    const started = performance.now();
    const results = await uploadOk(headers, ops);
    const elapsed = performance.now() - started;
    expect(results.map((r) => r.id)).toEqual(ops.map((o) => o.id));
    expect(results.filter((r) => r.status === 'created')).toHaveLength(SYNC_BATCH_MAX / 2);
    expect(results.filter((r) => r.status === 'updated')).toHaveLength(SYNC_BATCH_MAX / 2);
    const expected = Array.from({ length: SYNC_BATCH_MAX / 2 }, (_, i) => i)
      .filter((i) => i % 2 === 0)
      .map(session)
      .sort((a, b) => a - b);
    expect(await favourites(headers)).toEqual(expected);
    expect(await t.database.db.$count(clientOps, eq(clientOps.userId, userId))).toBe(SYNC_BATCH_MAX);
    // Bulk statements, not a round trip per op (PGlite, generous for a loaded CI machine).
    expect(elapsed).toBeLessThan(3000);
  });

  it('needs a full sign-in (401), and never takes the cookie for a write', async () => {
    const ops = [op(session(1), true, at(1))];
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/agenda/favourites', payload: { ops } });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['content-type']).toContain('application/problem+json');
    const { headers } = await createRegistrant(t.database.db, { email: 'still-registering@company.example' });
    expect((await upload(headers, ops)).statusCode).toBe(401);
    const { headers: full } = await newUser();
    const token = full.authorization?.slice('Bearer '.length) ?? '';
    const viaCookie = await t.app.inject({
      method: 'POST',
      url: '/api/agenda/favourites',
      cookies: { session: token },
      payload: { ops },
    });
    expect(viaCookie.statusCode).toBe(401);
    expect(await storedOps([ops[0]?.id ?? ''])).toHaveLength(0);
  });

  describe('bad bodies answer 400 problem+json, never 500', () => {
    // Built while collecting the tests (before the agenda is read): any valid id does here.
    const good = () => op(1, true, at(1));
    const cases: [string, unknown][] = [
      ['missing ops', {}],
      ['ops not a list', { ops: 'all' }],
      ['empty batch', { ops: [] }],
      ['too many ops', { ops: Array.from({ length: SYNC_BATCH_MAX + 1 }, good) }],
      ['id not a uuid', { ops: [{ ...good(), id: 'op-1' }] }],
      ['createdAt not ISO', { ops: [{ ...good(), createdAt: 'yesterday' }] }],
      ['createdAt without zone', { ops: [{ ...good(), createdAt: '2026-03-24T09:00:00' }] }],
      ['sessionId a string', { ops: [{ ...good(), sessionId: '12' }] }],
      ['sessionId fractional', { ops: [{ ...good(), sessionId: 1.5 }] }],
      ['sessionId zero', { ops: [{ ...good(), sessionId: 0 }] }],
      ['sessionId beyond integer', { ops: [{ ...good(), sessionId: 2 ** 31 }] }],
      ['favourite a string', { ops: [{ ...good(), favourite: 'yes' }] }],
      ['favourite missing', { ops: [{ id: randomUUID(), createdAt: at(1), sessionId: 1 }] }],
      ['op null', { ops: [null] }],
      ['body a list', [good()]],
    ];
    it.each(cases)('%s', async (_name, payload) => {
      const { headers } = await newUser();
      const res = await t.app.inject({ method: 'POST', url: '/api/agenda/favourites', headers, payload: payload as object });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    });

    it('malformed JSON', async () => {
      const { headers } = await newUser();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/agenda/favourites',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"ops": [',
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    });

    it('a text body (Fastify reads text/plain as a string, which is no object)', async () => {
      const { headers } = await newUser();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/agenda/favourites',
        headers: { ...headers, 'content-type': 'text/plain' },
        payload: 'ops',
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    });
  });
});
