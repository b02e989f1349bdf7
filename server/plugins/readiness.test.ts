import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { SyncResponse } from '#shared/contracts/sync.ts';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/client.ts';
import { LOCK_FILE } from '../db/data-dir-lock.ts';
import { prepareDatabase } from '../db/open.ts';
import { clientOps } from '../db/schema/index.ts';
import { Readiness, shutDown } from '../services/instance/readiness.ts';
import { createDataDirApp, scannerAndBadges, scanOf } from '../testing/data-dir-app.ts';
import { createTestApp, testConfig } from '../testing/test-app.ts';
import { STARTING_UP } from './readiness.ts';

describe('GET /api/health', () => {
  it('answers 200 when ready and the database answers, 503 with a clear body when the database is gone', async () => {
    const t = await createTestApp();
    try {
      const ok = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ status: 'ok', ready: true, database: t.database.kind });

      await t.database.close();
      const broken = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(broken.statusCode).toBe(503);
      expect(broken.json()).toEqual({
        status: 'unavailable',
        ready: false,
        database: t.database.kind,
        detail: 'The database does not answer.',
      });
    } finally {
      await t.app.close();
    }
  });
});

describe('start-up', () => {
  it('is not ready while the migrations run: health and the API answer 503, other paths are served', async () => {
    // A brand-new database, as on a first start: the migrations have everything to do.
    const database = await openDatabase({ pglite: await PGlite.create() });
    const config = testConfig({ SEED_DEMO: 'false' });
    const readiness = new Readiness('starting');
    const app = await buildApp({ config, database, readiness, distDir: '/nonexistent' });
    await app.ready();
    try {
      // Requests sent once the migration is under way, answered whenever the server gets to them.
      const migrate = database.migrate;
      let during: Promise<LightMyRequestResponse[]> | undefined;
      database.migrate = async () => {
        const running = migrate();
        during = Promise.all(['/api/health', '/api/agenda', '/robots.txt'].map((url) => app.inject({ method: 'GET', url })));
        await running;
      };
      await prepareDatabase(database, config);
      const [health, api, page] = (await during) ?? [];
      expect(health?.statusCode).toBe(503);
      expect(health?.headers['retry-after']).toBe('5');
      expect(health?.json()).toMatchObject({ status: 'starting', ready: false });
      expect(api?.statusCode).toBe(503);
      expect(api?.headers['retry-after']).toBe('5');
      expect(api?.headers['content-type']).toContain('application/problem+json');
      expect(api?.json()).toMatchObject({ status: 503, detail: STARTING_UP });
      // Not the gate: whatever the static part answers without a built app, it is not "starting up".
      expect(page?.statusCode).not.toBe(503);

      readiness.ready();
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: '/api/agenda' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });
});

describe('shutdown', () => {
  it('stops being ready at once and finishes a lead upload that was in flight, committed', async () => {
    const t = await createDataDirApp();
    try {
      const { headers, badges } = await scannerAndBadges(t.app, t.database, 10);
      const ops = Array.from({ length: 300 }, (_, i) => scanOf(badges[i % badges.length] as string));

      // Shutdown starts the moment the upload reaches the server, before its body is even read.
      let closing: Promise<void> | undefined;
      let readyWhenClosing: boolean | undefined;
      t.app.server.once('request', () => {
        closing = shutDown(t.app, t.database);
        readyWhenClosing = t.app.readiness.isReady;
      });
      const res = await fetch(`${t.url}/api/lead`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ ops }),
      });
      expect(closing).toBeDefined();
      expect(readyWhenClosing).toBe(false);
      expect(t.app.readiness.phase).toBe('stopping');
      expect(res.status).toBe(200);
      const { results } = (await res.json()) as SyncResponse;
      expect(results.filter((r) => r.status === 'created' || r.status === 'updated')).toHaveLength(ops.length);
      await closing;
      t.markClosed();

      // Closed for good: the data dir is free again, and the upload is in it.
      expect(existsSync(join(t.dataDir, LOCK_FILE))).toBe(false);
      const reopened = await openDatabase({ dataDir: t.dataDir });
      try {
        const stored = await reopened.db
          .select({ id: clientOps.id })
          .from(clientOps)
          .where(
            inArray(
              clientOps.id,
              ops.map((op) => op.id),
            ),
          );
        expect(stored).toHaveLength(ops.length);
      } finally {
        await reopened.close();
      }
    } finally {
      await t.close();
    }
  });
});
