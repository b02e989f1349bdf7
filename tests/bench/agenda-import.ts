import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AgendaImportReport } from '#shared/contracts/organizer-content.ts';
import { openDatabase } from '../../server/db/client.ts';
import { DEMO_PASSWORD } from '../../server/db/seed/demo-accounts.ts';
import { seed } from '../../server/db/seed/index.ts';
import { FIXTURE_PATH } from '../fixtures/make-pretalx-schedule.ts';
import { listenInProcess } from './in-process-app.ts';
import { report } from './report.ts';
import { isMain } from './standalone.ts';

/**
 * The organizer's agenda import (budget: ≤ 2 s for 200 talks): POST the pretalx
 * schedule.json of tests/fixtures (3 days, 8 rooms, 200 talks, ~270 KB) over HTTP to a server on
 * PGlite with the seeded demo agenda, from sending the file to the report — parsing, validation, the
 * diff and the one transaction that replaces the seeded agenda with the 200 talks.
 */
export async function benchAgendaImport() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cf-bench-agenda-import-'));
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    await database.migrate();
    await seed(database.db);
    const { app, base } = await listenInProcess(database, dataDir);
    try {
      const login = await fetch(`${base}/api/user/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'organizer@demo.cloudfest.example', password: DEMO_PASSWORD }),
      });
      if (!login.ok) throw new Error(`organizer login: ${login.status} ${await login.text()}`);
      const { token } = (await login.json()) as { token: string };
      const file = readFileSync(FIXTURE_PATH, 'utf8');

      const started = performance.now();
      const res = await fetch(`${base}/api/organizer/agenda/import`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: file,
      });
      const body = (await res.json()) as AgendaImportReport;
      const ms = performance.now() - started;
      if (!res.ok || body.added.length !== 200) throw new Error(`import: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
      report('organizer_agenda_import_200_ms', ms, 'ms', '<= 2000');
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await benchAgendaImport();
