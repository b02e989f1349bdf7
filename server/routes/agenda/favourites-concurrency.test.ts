import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgendaSession, FavouriteOp } from '#shared/contracts/agenda.ts';
import { SYNC_BATCH_MAX, type SyncResponse } from '#shared/contracts/sync.ts';
import { agendaFavourites, clientOps } from '../../db/schema/index.ts';
import { signedInUser } from '../../testing/purchases.ts';
import { createTestApp } from '../../testing/test-app.ts';

const UPLOADS = 5;

// PGlite runs one transaction at a time; only PostgreSQL shows that the op-id claim holds under real concurrency.
describe.runIf(process.env.TEST_DATABASE_URL)('POST /api/agenda/favourites under concurrency (PostgreSQL)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let sessionIds: number[];
  beforeAll(async () => {
    t = await createTestApp({ ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000' });
    sessionIds = ((await t.app.inject({ method: 'GET', url: '/api/agenda' })).json() as AgendaSession[]).map((s) => s.id);
  });
  afterAll(async () => t?.close());

  it(`applies each op of a ${SYNC_BATCH_MAX}-op batch exactly once when ${UPLOADS} requests upload it at the same moment`, async () => {
    const { headers, user } = await signedInUser(t.database.db);
    // Two changes per session for 250 sessions: the later one (favourite for even i) must win.
    const ops: FavouriteOp[] = [];
    for (let i = 0; i < SYNC_BATCH_MAX / 2; i++) {
      const sessionId = sessionIds[i] as number;
      ops.push({
        id: randomUUID(),
        createdAt: new Date(Date.UTC(2026, 2, 24, 9, 0)).toISOString(),
        sessionId,
        favourite: i % 2 === 1,
      });
      ops.push({
        id: randomUUID(),
        createdAt: new Date(Date.UTC(2026, 2, 24, 9, 1)).toISOString(),
        sessionId,
        favourite: i % 2 === 0,
      });
    }

    const answers = await Promise.all(
      Array.from({ length: UPLOADS }, () =>
        t.app.inject({ method: 'POST', url: '/api/agenda/favourites', headers, payload: { ops } }),
      ),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const results = answers.map((answer) => (answer.json() as SyncResponse).results);

    // Per op: exactly one upload applied it (created/updated); the other four answered duplicate.
    for (const [index, op] of ops.entries()) {
      const statuses = results.map((list) => list[index]);
      expect(statuses.every((r) => r?.id === op.id)).toBe(true);
      expect(statuses.filter((r) => r?.status === 'duplicate')).toHaveLength(UPLOADS - 1);
      expect(statuses.filter((r) => r?.status === 'created' || r?.status === 'updated')).toHaveLength(1);
    }

    const db = t.database.db;
    expect(await db.$count(clientOps, eq(clientOps.userId, user.id))).toBe(ops.length);
    const rows = await db.select().from(agendaFavourites).where(eq(agendaFavourites.userId, user.id));
    expect(rows).toHaveLength(SYNC_BATCH_MAX / 2);
    const expected = new Set(sessionIds.slice(0, SYNC_BATCH_MAX / 2).filter((_, i) => i % 2 === 0));
    for (const row of rows) expect(row.favourite, `session ${row.sessionId}`).toBe(expected.has(row.sessionId));
  });

  it(`keeps the newest change when ${UPLOADS} devices of one user upload different changes of the same sessions at once`, async () => {
    const { headers, user } = await signedInUser(t.database.db);
    const sessions = sessionIds.slice(0, 50);
    // Device d changes every session at minute d; the device with the newest time (the last) wins everywhere.
    const batches = Array.from({ length: UPLOADS }, (_, device) =>
      sessions.map((sessionId) => ({
        id: randomUUID(),
        createdAt: new Date(Date.UTC(2026, 2, 24, 9, device)).toISOString(),
        sessionId,
        favourite: device % 2 === 0,
      })),
    );
    const answers = await Promise.all(
      batches.map((ops) => t.app.inject({ method: 'POST', url: '/api/agenda/favourites', headers, payload: { ops } })),
    );
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(200);
    const rows = await t.database.db.select().from(agendaFavourites).where(eq(agendaFavourites.userId, user.id));
    expect(rows).toHaveLength(sessions.length);
    const winner = UPLOADS - 1;
    for (const row of rows) {
      expect(row.favourite).toBe(winner % 2 === 0);
      expect(row.changedAt.toISOString()).toBe(new Date(Date.UTC(2026, 2, 24, 9, winner)).toISOString());
    }
    expect(await t.database.db.$count(clientOps, eq(clientOps.userId, user.id))).toBe(UPLOADS * sessions.length);
  });
});
