import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckinEvents, CheckinList, CheckinOp } from '#shared/contracts/checkin.ts';
import { checkins, users } from '../../db/schema/index.ts';
import { demoEmail } from '../../db/seed/demo-accounts.ts';
import { applyClientOps } from '../../services/sync/client-ops.ts';
import {
  badgesOf,
  badgeTestConfig,
  changesSettled,
  drainPages,
  insertBadgedPeople,
  type TestApp,
  whileBusy,
} from '../../testing/lead.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { applyCheckinOps, CHECKIN_OP_KIND } from './apply.ts';

/*
 * The events download of a list pages by change cursor. 20 staff devices coming back
 * online upload 5,000 check-ins of one list stamped with one and the same received time (the time
 * window of old stepped back 5 s, answered the same 1,000 events forever and never moved on).
 */

let t: TestApp;
let staff: { authorization: string };
let staffId: string;
let main: number;

beforeAll(async () => {
  t = await createTestApp(badgeTestConfig());
  staff = await t.login(demoEmail('staff'));
  const [row] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoEmail('staff')));
  staffId = row?.id ?? '';
  const res = await t.app.inject({ method: 'GET', url: '/api/checkin/lists', headers: staff });
  main = (res.json() as CheckinList[]).find((list) => list.name === 'Main entrance')?.id ?? 0;
}, 60_000);
afterAll(async () => t?.close());

async function events(query: string) {
  const res = await whileBusy(
    () => t.app.inject({ method: 'GET', url: `/api/checkin/lists/${main}/events${query}`, headers: staff }),
    (answer) => answer.statusCode === 503,
  );
  expect(res.statusCode, res.body).toBe(200);
  return { body: res.json() as CheckinEvents, bytes: Buffer.byteLength(res.body) };
}

const fetchEvents = async (cursor: string | undefined) => {
  const { body, bytes } = await events(cursor ? `?cursor=${cursor}` : '');
  return { ids: body.events.map((event) => event.id), cursor: body.cursor, complete: body.complete, bytes };
};

describe('GET /api/checkin/lists/{id}/events', () => {
  it('refuses a cursor it did not hand out and page sizes out of range with a 400 that says why', async () => {
    for (const query of [
      '?cursor=yesterday',
      '?cursor=2026-03-24T08:00:00.000Z',
      `?cursor=99999999999999999999.${randomUUID()}`,
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/checkin/lists/${main}/events${query}`, headers: staff });
      expect(res.statusCode, query).toBe(400);
      expect(res.json(), query).toMatchObject({
        errors: [{ path: 'cursor', message: 'Not a cursor of an earlier answer: leave it out to download from the start.' }],
      });
    }
    for (const query of ['?limit=0', '?limit=1001', '?limit=many']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/checkin/lists/${main}/events${query}`, headers: staff });
      expect(res.statusCode, query).toBe(400);
    }
    const german = await t.app.inject({
      method: 'GET',
      url: `/api/checkin/lists/${main}/events?cursor=x`,
      headers: { ...staff, 'accept-language': 'de' },
    });
    expect(german.json()).toMatchObject({
      errors: [{ path: 'cursor', message: 'Kein Cursor einer früheren Antwort: Lassen Sie ihn weg, um von vorn zu laden.' }],
    });
  });

  it('gives a device paging by 1,000 all 5,000 check-ins of 20 devices with one received time exactly once, also while they arrive', async () => {
    // 5,000 people, 250 per device: 20 doors of one entrance, uploading side by side.
    const tokens = await badgesOf(t, await insertBadgedPeople(t.database.db, 5000));
    await changesSettled(t.database.db);
    const { cursor: start } = await drainPages(fetchEvents);
    const now = new Date();
    const uploads = Array.from({ length: 20 }, (_, device) => {
      const ops: CheckinOp[] = tokens.slice(device * 250, (device + 1) * 250).map((token) => ({
        id: randomUUID(),
        createdAt: now.toISOString(),
        listId: main,
        token,
        deviceId: `burst-device-${device}`,
      }));
      return { ops, done: false };
    });
    const writing = Promise.all(
      uploads.map(async (upload) => {
        const results = await whileBusy(() =>
          applyClientOps(t.database.db, {
            userId: staffId,
            kind: CHECKIN_OP_KIND,
            ops: upload.ops,
            apply: async (tx, ops) => (await applyCheckinOps(tx, staffId, ops, t.app.badgeVerifier, now)).outcomes,
          }),
        );
        // Created, or (a retry of an upload that did commit) duplicate.
        expect(results.every((result) => result.status === 'created' || result.status === 'duplicate')).toBe(true);
        upload.done = true;
      }),
    );
    // The device pages while the uploads still arrive, until it has caught up after the last one.
    const received = await drainPages(
      fetchEvents,
      () => uploads.every((upload) => upload.done),
      start,
      (ids) => ids.length >= 5000,
    );
    await writing;

    const written = uploads.flatMap((upload) => upload.ops.map((op) => op.id));
    expect(received.ids).toHaveLength(5000);
    expect(new Set(received.ids)).toEqual(new Set(written));
    expect(received.pages).toBeGreaterThanOrEqual(5);
    const stored = await t.database.db
      .select({ receivedAt: checkins.receivedAt })
      .from(checkins)
      .where(eq(checkins.listId, main));
    expect(new Set(stored.map((row) => row.receivedAt.toISOString()))).toEqual(new Set([now.toISOString()]));

    // Nothing new: one small answer with the same cursor.
    await changesSettled(t.database.db);
    const again = await events(`?cursor=${received.cursor}`);
    expect(again.body).toEqual({ events: [], cursor: received.cursor, complete: true });

    // Another page size, from the same start once all is written: the same events in the same order
    // (the change order, which the download during the writes followed too).
    const small = await drainPages(
      async (cursor) => {
        const { body, bytes } = await events(`?limit=999${cursor ? `&cursor=${cursor}` : ''}`);
        return { ids: body.events.map((event) => event.id), cursor: body.cursor, complete: body.complete, bytes };
      },
      undefined,
      start,
      (ids) => ids.length >= 5000,
    );
    expect(small.ids).toEqual(received.ids);
  }, 180_000);
});
