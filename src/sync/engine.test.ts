import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppDatabase } from '../lib/db.ts';
import { favouriteOpsBodySchema } from '../shared/contracts/agenda.ts';
import { SYNC_BATCH_MAX } from '../shared/contracts/sync.ts';
import {
  addFavourites,
  answer,
  fakeEnvironment,
  fakeLocks,
  fakeServer,
  fakeSession,
  json,
  testDatabase,
  USER_A,
  USER_B,
} from '../testing/sync.ts';
import { BACKOFF_BASE_MS, BACKOFF_MAX_MS, backoffDelay, createSyncEngine, SYNC_MESSAGES, type SyncEngine } from './engine.ts';

const TOKEN_A = 'token-a-1';

let database: AppDatabase;
let engines: SyncEngine[] = [];

function setup(
  options: { session?: ReturnType<typeof fakeSession>; withLock?: ReturnType<typeof fakeLocks>; random?: () => number } = {},
) {
  const session = options.session ?? fakeSession({ userId: USER_A, token: TOKEN_A });
  const server = fakeServer();
  const browser = fakeEnvironment(options.withLock);
  const engine = createSyncEngine({
    database,
    session,
    fetch: server.fetch,
    environment: browser.environment,
    onOutboxChange: () => () => {},
    random: options.random ?? (() => 1),
  });
  engines.push(engine);
  return { session, server, browser, engine };
}

const rowsOf = (userId: string) => database.outbox.where('userId').equals(userId).sortBy('createdAt');

beforeEach(() => {
  database = testDatabase();
});

afterEach(async () => {
  for (const engine of engines) engine.stop();
  engines = [];
  vi.useRealTimers();
  database.close();
});

describe('draining', () => {
  it('sends the oldest first, in batches of at most SYNC_BATCH_MAX, with the user token, and deletes what the server took', async () => {
    const rows = await addFavourites(database, USER_A, 1_200);
    const { server, engine } = setup();
    engine.start();
    await engine.requestSync();

    expect(server.uploads.map((upload) => upload.ops.length)).toEqual([SYNC_BATCH_MAX, SYNC_BATCH_MAX, 200]);
    expect(server.sentIds()).toEqual(rows.map((row) => row.id));
    for (const upload of server.uploads) {
      expect(upload.url).toBe('/api/agenda/favourites');
      expect(upload.token).toBe(TOKEN_A);
      // The body is exactly what the server's contract accepts.
      expect(favouriteOpsBodySchema.safeParse({ ops: upload.ops }).success).toBe(true);
    }
    expect(server.uploads[0]?.ops[0]).toEqual({
      id: rows[0]?.id,
      createdAt: rows[0]?.createdAt,
      sessionId: 1,
      favourite: true,
    });
    expect(await database.outbox.count()).toBe(0);
    expect(engine.getStatus()).toMatchObject({ syncing: false, lastError: null, paused: false });
    expect(engine.getStatus().lastSyncAt).not.toBeNull();
    expect((await database.meta.get([USER_A, 'lastSyncAt']))?.value).toBe(engine.getStatus().lastSyncAt);
  });

  it('applies each result: created, updated and duplicate leave; rejected stays with its reason; no answer stays pending', async () => {
    const [created, updated, duplicate, rejected, unanswered] = await addFavourites(database, USER_A, 5);
    const { server, engine } = setup();
    server.next(
      answer([
        { id: created?.id ?? '', status: 'created' },
        { id: updated?.id ?? '', status: 'updated' },
        { id: duplicate?.id ?? '', status: 'duplicate' },
        { id: rejected?.id ?? '', status: 'rejected', reason: 'This session no longer exists.' },
      ]),
    );
    engine.start();
    await engine.requestSync();

    const left = await rowsOf(USER_A);
    expect(left.map((row) => [row.id, row.status, row.lastError, row.attempts])).toEqual([
      [rejected?.id, 'rejected', 'This session no longer exists.', 1],
      [unanswered?.id, 'pending', SYNC_MESSAGES.noAnswer, 1],
    ]);
    // A rejected row is never sent again.
    await engine.requestSync({ force: true });
    expect(server.sentIds().filter((id) => id === rejected?.id)).toHaveLength(1);
    expect(await rowsOf(USER_A)).toHaveLength(1);
  });

  it('rejects a row that does not match its contract (an older version wrote it) without sending it', async () => {
    const [good] = await addFavourites(database, USER_A, 1);
    await database.outbox.add({
      id: crypto.randomUUID(),
      userId: USER_A,
      kind: 'favourite',
      payload: { session: 12, favourite: 'yes' },
      createdAt: '2026-03-24T08:00:00.000Z',
      status: 'pending',
      attempts: 0,
      lastError: null,
    });
    const { server, engine } = setup();
    engine.start();
    await engine.requestSync();

    expect(server.sentIds()).toEqual([good?.id]);
    const [kept] = await rowsOf(USER_A);
    expect(kept?.status).toBe('rejected');
    expect(kept?.lastError).toMatch(/^This change was saved in a form this version of the app cannot send \(sessionId\)/);
  });

  it('halves a batch the server refuses as a whole (400) until the bad op is alone, and rejects only that one', async () => {
    const rows = await addFavourites(database, USER_A, 9);
    const bad = rows[6]?.id;
    const { server, engine } = setup();
    server.always((upload) =>
      upload.ops.some((op) => op.id === bad)
        ? json(400, { type: 'about:blank', title: 'Bad Request', status: 400, detail: 'Session 7 is not in the programme.' })
        : answer(upload.ops.map((op) => ({ id: op.id, status: 'created' }))),
    );
    engine.start();
    await engine.requestSync();

    const left = await rowsOf(USER_A);
    expect(left.map((row) => [row.id, row.status, row.lastError])).toEqual([
      [bad, 'rejected', 'Session 7 is not in the programme.'],
    ]);
    // Every good op reached the server exactly once.
    const accepted = server.uploads.filter((upload) => !upload.ops.some((op) => op.id === bad)).flatMap((upload) => upload.ops);
    expect(accepted.map((op) => op.id).sort()).toEqual(
      rows
        .filter((row) => row.id !== bad)
        .map((row) => row.id)
        .sort(),
    );
  });

  it('rejects the batch with the reason on 403', async () => {
    await addFavourites(database, USER_A, 2);
    const { server, engine } = setup();
    server.next(
      json(403, { type: 'about:blank', title: 'Forbidden', status: 403, detail: 'Your pass does not include the agenda.' }),
    );
    engine.start();
    await engine.requestSync();
    expect((await rowsOf(USER_A)).map((row) => [row.status, row.lastError])).toEqual([
      ['rejected', 'Your pass does not include the agenda.'],
      ['rejected', 'Your pass does not include the agenda.'],
    ]);
  });

  it('sends nothing while the browser is offline, and drains when it comes back', async () => {
    const [row] = await addFavourites(database, USER_A, 1);
    const { server, engine, browser } = setup();
    browser.setOnline(false);
    engine.start();
    await engine.requestSync();
    expect(server.uploads).toHaveLength(0);
    expect(engine.getStatus().online).toBe(false);

    browser.setOnline(true);
    await engine.requestSync();
    expect(server.sentIds()).toEqual([row?.id]);
    expect(engine.getStatus().online).toBe(true);
  });

  it('drains on the triggers: visibility and the service worker sync', async () => {
    const { server, engine, browser } = setup();
    engine.start();
    await engine.requestSync();
    const [first] = await addFavourites(database, USER_A, 1);
    browser.becomeVisible();
    await engine.requestSync();
    const [second] = await addFavourites(database, USER_A, 1);
    browser.fireBackgroundSync();
    await engine.requestSync();
    expect(server.sentIds()).toEqual([first?.id, second?.id]);
  });

  it('skips rows of a kind this version does not know, without touching them', async () => {
    await database.outbox.add({
      id: crypto.randomUUID(),
      userId: USER_A,
      // A newer tab's kind.
      kind: 'badge-print' as 'favourite',
      payload: { passId: 'x' },
      createdAt: '2026-03-24T08:00:00.000Z',
      status: 'pending',
      attempts: 0,
      lastError: null,
    });
    const { server, engine } = setup();
    engine.start();
    await engine.requestSync();
    expect(server.uploads).toHaveLength(0);
    expect((await rowsOf(USER_A))[0]).toMatchObject({ status: 'pending', attempts: 0 });
  });
});

describe('failures and backoff', () => {
  it('keeps the rows on a network error, counts the attempt, and retries after an exponential backoff', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const [row] = await addFavourites(database, USER_A, 1);
    const { server, engine, browser } = setup();
    server.next('network-error');
    server.next('network-error');
    engine.start();
    await engine.requestSync();

    expect(await rowsOf(USER_A)).toEqual([
      expect.objectContaining({ id: row?.id, status: 'pending', attempts: 1, lastError: SYNC_MESSAGES.network }),
    ]);
    expect(engine.getStatus()).toMatchObject({
      online: false,
      lastError: SYNC_MESSAGES.network,
      retryAt: Date.now() + BACKOFF_BASE_MS,
    });
    expect(browser.backgroundSyncRegistrations()).toBe(1);

    // Not before the backoff is over, even when asked.
    await engine.requestSync();
    expect(server.uploads).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(BACKOFF_BASE_MS);
    await engine.requestSync();
    expect(server.uploads).toHaveLength(2);
    expect((await rowsOf(USER_A))[0]?.attempts).toBe(2);
    // The second failure waits twice as long.
    expect(engine.getStatus().retryAt).toBe(Date.now() + 2 * BACKOFF_BASE_MS);

    await vi.advanceTimersByTimeAsync(2 * BACKOFF_BASE_MS - 1);
    expect(server.uploads).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await engine.requestSync();
    expect(server.uploads).toHaveLength(3);
    expect(await rowsOf(USER_A)).toEqual([]);
    expect(engine.getStatus()).toMatchObject({ online: true, lastError: null, retryAt: null });
  });

  it('retries a 5xx the same way, and coming online skips the wait', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    await addFavourites(database, USER_A, 3);
    const { server, engine, browser } = setup();
    server.next(json(503, { type: 'about:blank', title: 'Service Unavailable', status: 503 }));
    engine.start();
    await engine.requestSync();
    expect(engine.getStatus().lastError).toBe(SYNC_MESSAGES.serverBusy(503));
    expect(await database.outbox.count()).toBe(3);

    browser.setOnline(true);
    await engine.requestSync();
    expect(server.uploads).toHaveLength(2);
    expect(await database.outbox.count()).toBe(0);
  });

  it('backoff grows from 2 s and stops at 5 min, with jitter between half and full', () => {
    expect(backoffDelay(1, () => 1)).toBe(2_000);
    expect(backoffDelay(2, () => 1)).toBe(4_000);
    expect(backoffDelay(8, () => 1)).toBe(256_000);
    expect(backoffDelay(9, () => 1)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(50, () => 1)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(1, () => 0)).toBe(1_000);
  });

  it('looks again on a timer, for rows written without a notification', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { server, engine } = setup();
    engine.start();
    await engine.requestSync();
    const [row] = await addFavourites(database, USER_A, 1);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(server.uploads).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    await engine.requestSync();
    expect(server.sentIds()).toEqual([row?.id]);
    expect(await database.outbox.count()).toBe(0);
  });

  it('retries rows the server did not answer for after a backoff', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const [row] = await addFavourites(database, USER_A, 1);
    const { server, engine } = setup();
    server.next(answer([]));
    engine.start();
    await engine.requestSync();
    expect(engine.getStatus()).toMatchObject({ lastError: SYNC_MESSAGES.noAnswer, retryAt: Date.now() + BACKOFF_BASE_MS });
    await vi.advanceTimersByTimeAsync(BACKOFF_BASE_MS);
    await engine.requestSync();
    expect(server.sentIds()).toEqual([row?.id, row?.id]);
    expect(await database.outbox.count()).toBe(0);
  });
});

describe('sessions', () => {
  it('pauses on 401 and resumes only for a new sign-in of the same user', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const rowsA = await addFavourites(database, USER_A, 2);
    const { server, engine, session, browser } = setup();
    server.next(json(401, { type: 'about:blank', title: 'Unauthorized', status: 401 }));
    engine.start();
    await engine.requestSync();
    expect(engine.getStatus()).toMatchObject({ paused: true, lastError: SYNC_MESSAGES.sessionEnded });
    expect((await rowsOf(USER_A)).map((row) => row.status)).toEqual(['pending', 'pending']);

    // Paused: no trigger sends anything.
    browser.setOnline(true);
    browser.fireBackgroundSync();
    await engine.requestSync({ force: true });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(server.uploads).toHaveLength(1);

    // Another user signs in on this device: only their rows go, with their token.
    const rowsB = await addFavourites(database, USER_B, 1);
    session.set(null);
    session.set({ userId: USER_B, token: 'token-b' });
    await engine.requestSync();
    expect(engine.getStatus().paused).toBe(false);
    expect(server.uploads.slice(1)).toEqual([
      expect.objectContaining({ token: 'token-b', ops: [expect.objectContaining({ id: rowsB[0]?.id })] }),
    ]);
    expect(await rowsOf(USER_A)).toHaveLength(2);

    // The first user signs in again: their rows go with their new token.
    session.set(null);
    session.set({ userId: USER_A, token: 'token-a-2' });
    await engine.requestSync();
    const last = server.uploads.at(-1);
    expect(last?.token).toBe('token-a-2');
    expect(last?.ops.map((op) => op.id)).toEqual(rowsA.map((row) => row.id));
    expect(
      server.uploads.every((upload) => upload.ops.every((op) => (upload.token === 'token-b') === (op.id === rowsB[0]?.id))),
    ).toBe(true);
    expect(await database.outbox.count()).toBe(0);
  });

  it('does nothing while signed out', async () => {
    await addFavourites(database, USER_A, 1);
    const { server, engine } = setup({ session: fakeSession(null) });
    engine.start();
    await engine.requestSync({ force: true });
    expect(server.uploads).toHaveLength(0);
  });

  it('stops sending between batches when the session changes', async () => {
    await addFavourites(database, USER_A, SYNC_BATCH_MAX + 1);
    const { server, engine, session } = setup();
    server.next((upload) => {
      session.set(null);
      return answer(upload.ops.map((op) => ({ id: op.id, status: 'created' })));
    });
    engine.start();
    await engine.requestSync();
    expect(server.uploads).toHaveLength(1);
    expect(await rowsOf(USER_A)).toHaveLength(1);
  });
});

describe('concurrency', () => {
  it('sends each row once when requestSync is called twice at the same time', async () => {
    const rows = await addFavourites(database, USER_A, 700);
    const { server, engine } = setup();
    engine.start();
    await Promise.all([engine.requestSync(), engine.requestSync(), engine.requestSync({ force: true })]);
    expect(server.sentIds()).toEqual(rows.map((row) => row.id));
  });

  it('sends each row once when two tabs drain the same outbox (serialised by the lock)', async () => {
    const rows = await addFavourites(database, USER_A, 600);
    const withLock = fakeLocks();
    const tab1 = setup({ withLock });
    const tab2 = setup({ withLock });
    // Both tabs answer from one server log.
    tab2.server.always((upload) => {
      tab1.server.uploads.push(upload);
      return answer(upload.ops.map((op) => ({ id: op.id, status: 'created' })));
    });
    tab1.engine.start();
    tab2.engine.start();
    await Promise.all([tab1.engine.requestSync(), tab2.engine.requestSync()]);
    expect(tab1.server.sentIds().sort()).toEqual(rows.map((row) => row.id).sort());
  });

  it('picks up rows added while a drain is under way', async () => {
    const [first] = await addFavourites(database, USER_A, 1);
    const { server, engine } = setup();
    let second: string | undefined;
    server.next(async (upload) => {
      // A change made while the first upload is in flight wakes the engine (as enqueue does).
      second = (await addFavourites(database, USER_A, 1))[0]?.id;
      void engine.requestSync();
      return answer(upload.ops.map((op) => ({ id: op.id, status: 'created' })));
    });
    engine.start();
    await engine.requestSync();
    expect(server.sentIds()).toEqual([first?.id, second]);
    expect(await database.outbox.count()).toBe(0);
  });
});
