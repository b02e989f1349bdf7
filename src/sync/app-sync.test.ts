import 'fake-indexeddb/auto';
import { Dexie } from 'dexie';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DATABASE_NAME } from '../lib/db.ts';
import { json, MemoryStorage, TEST_CONFIG, testPass, testUser } from '../testing/session.ts';
import { USER_B } from '../testing/sync.ts';

/*
 * The app's engine wired to the real session module (src/lib/session.ts) against a stubbed
 * server, like src/lib/session.test.ts: sign-in starts the uploads with the user's token, a chosen
 * logout deletes the user's rows, a session the server ended keeps them.
 */

const USER = testUser({ permissions: [], isLeadScanner: false });
const PASS = testPass('approved');
const CONFIG = TEST_CONFIG;

let uploads: { auth: string | null; ids: string[] }[];

beforeEach(async () => {
  vi.resetModules();
  vi.unstubAllGlobals();
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('document', Object.assign(new EventTarget(), { cookie: '', visibilityState: 'visible' }));
  vi.stubGlobal('location', { origin: 'http://app.test', protocol: 'http:' });
  uploads = [];
  const replies: Record<string, unknown> = {
    '/api/user/': USER,
    '/api/pass': PASS,
    '/api/address/': null,
    '/api/booking': [],
    '/api/train-ticket': [],
    '/api/survey/questions/': [],
    '/api/survey': [],
    '/api/config': CONFIG,
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL, init: RequestInit = {}) => {
      const path = new URL(String(input), 'http://app.test').pathname;
      if (path === '/api/user/logout') return json(204, null);
      if (path === '/api/agenda/favourites' && init.method === 'POST') {
        const ops = (JSON.parse(String(init.body)) as { ops: { id: string }[] }).ops;
        uploads.push({ auth: new Headers(init.headers).get('Authorization'), ids: ops.map((op) => op.id) });
        return json(200, { results: ops.map((op) => ({ id: op.id, status: 'created' })) });
      }
      if (path in replies) return json(200, replies[path]);
      throw new TypeError('Failed to fetch');
    }),
  );
  // A fresh device database for each test.
  await Dexie.delete(DATABASE_NAME);
});

async function fresh() {
  const session = await import('../lib/session.ts');
  const sync = await import('./app-sync.ts');
  const outbox = await import('./outbox.ts');
  const { db } = await import('../lib/db.ts');
  return { session, sync, outbox, db };
}

const favourite = (sessionId: number) => ({ sessionId, favourite: true });

describe('the app sync engine', () => {
  it('uploads the signed-in user’s changes with their token as soon as they are queued', async () => {
    const { session, sync, outbox, db } = await fresh();
    await session.startSession('tok-1');
    sync.startSyncEngine();
    const row = await outbox.enqueue('favourite', favourite(5), USER.uuid);
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(uploads).toEqual([{ auth: 'Bearer tok-1', ids: [row.id] }]);
    expect(sync.getSyncStatus().lastSyncAt).not.toBeNull();
    session.signOut({ callServer: false });
  });

  it('a chosen logout deletes the user’s unsynced rows and nobody else’s', async () => {
    const { session, sync, outbox, db } = await fresh();
    await session.startSession('tok-1');
    sync.startSyncEngine();
    // Written without waking the engine (as another tab would): still unsynced at logout.
    await db.outbox.add(outbox.createOutboxRow('favourite', favourite(1), USER.uuid));
    await db.outbox.add(outbox.createOutboxRow('favourite', favourite(2), USER_B));
    await db.favourites.put({ userId: USER.uuid, sessionId: 1, favourite: true, changedAt: '2026-03-24T08:00:00Z' });
    await session.signOut();
    expect((await db.outbox.toArray()).map((row) => row.userId)).toEqual([USER_B]);
    expect(await db.favourites.count()).toBe(0);
  });

  it('a session the server ended keeps them, and the same user’s next sign-in sends them', async () => {
    const { session, sync, outbox, db } = await fresh();
    await session.startSession('tok-1');
    sync.startSyncEngine();
    await session.signOut({ callServer: false });
    const row = outbox.createOutboxRow('favourite', favourite(1), USER.uuid);
    await db.outbox.add(row);
    expect(await db.outbox.count()).toBe(1);

    await session.startSession('tok-2');
    sync.startSyncEngine();
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
    expect(uploads).toEqual([{ auth: 'Bearer tok-2', ids: [row.id] }]);
    session.signOut({ callServer: false });
  });
});
