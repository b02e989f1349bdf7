import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client.ts';
import {
  agendaFavourites,
  agendaSessions,
  leads,
  orders,
  surveyAnswers,
  surveyQuestions,
  users,
} from '../../server/db/schema/index.ts';
import { seed } from '../../server/db/seed/index.ts';
import { DATA_EXPORTS_PER_MINUTE } from '../../server/routes/user/account-data.ts';
import { issuedFiles } from '../../server/services/invoices/invoice-files.ts';
import { insertBadgedPeople } from '../../server/testing/lead.ts';
import { addInvoice } from '../../server/testing/organizer-event.ts';
import { createRegistrant } from '../../server/testing/registrant.ts';
import { readZip } from '../../server/testing/zip-reader.ts';
import { listenInProcess } from './in-process-app.ts';
import { report } from './report.ts';
import { isMain } from './standalone.ts';

/** People exported, each as often as the per-account limit allows: 4 × 5 = 20 timed exports. */
const PEOPLE = 4;
const INVOICES = 3;
const LEADS = 50;

/** The 95th percentile (nearest rank). */
const p95 = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? Number.NaN;
};

/**
 * "Download my data" (budget: one attendee's ZIP ≤ 2 s). Each person has a billing address, a pass,
 * three paid orders with invoices (archived as at issue), an open order, survey answers, agenda
 * stars and 50 leads they scanned. Timed from request to the last byte of the ZIP, over real HTTP
 * against the app in this process on PGlite.
 */
export async function benchDataExport() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cf-bench-data-export-'));
  const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
  try {
    await database.migrate();
    await seed(database.db);
    const { db } = database;
    const { app, base } = await listenInProcess(database, dataDir, { ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000000' });
    try {
      const run = Date.now().toString(36);
      const questions = await db.select().from(surveyQuestions);
      const sessions = await db.select({ id: agendaSessions.id }).from(agendaSessions).limit(10);
      const people: Record<string, string>[] = [];
      for (let i = 0; i < PEOPLE; i++) {
        const person = await createRegistrant(db, {
          email: `bench-export-${run}-${i}@bench.example`,
          passType: 'Business Pass',
          passStatus: 'approved',
          scope: 'full',
          company: 'Bench Hosting GmbH',
        });
        const userId = person.user.id;
        await db
          .update(users)
          .set({ permissionPaths: ['/contacts'] })
          .where(eq(users.id, userId));
        for (let k = 0; k < INVOICES; k++) {
          const { invoice } = await addInvoice(db, person.user.email, { net: 10_000 * (k + 1) });
          // Archived as at issue (the confirmation mail makes the files): the export reads them as issued.
          await issuedFiles(db, app.config, invoice.id);
        }
        await db.insert(orders).values({ userId, kind: 'hotel', status: 'open', lines: [], net: 0, vat: 0, gross: 0 });
        await db
          .insert(surveyAnswers)
          .values(
            questions
              .filter((question) => question.kind === 'text')
              .map((question) => ({ userId, questionId: question.id, value: 'An answer', createdAt: '2026-02-01' })),
          );
        await db
          .insert(agendaFavourites)
          .values(sessions.map((session) => ({ userId, sessionId: session.id, favourite: true, changedAt: new Date() })));
        const scanned = await insertBadgedPeople(db, LEADS, `${run}-${i}`);
        const now = new Date();
        await db.insert(leads).values(
          scanned.map((other) => ({
            scannerUserId: userId,
            scannedUserId: other.userId,
            barcodeId: other.barcodeId,
            notes: 'Met at the booth, interested in managed hosting',
            rating: 3,
            createdAt: now,
            changedAt: now,
          })),
        );
        people.push(person.headers);
      }
      await db.execute(sql`analyze`);

      const times: number[] = [];
      let bytes = 0;
      for (const headers of people) {
        for (let round = 0; round < DATA_EXPORTS_PER_MINUTE; round++) {
          const started = performance.now();
          const res = await fetch(`${base}/api/user/data-export`, { headers });
          const body = Buffer.from(await res.arrayBuffer());
          if (!res.ok) throw new Error(`data export: ${res.status} ${body.toString('utf8').slice(0, 300)}`);
          times.push(performance.now() - started);
          bytes = body.length;
          const files = readZip(body);
          if (!files.has('orders.json') || [...files.keys()].filter((name) => name.endsWith('.pdf')).length !== INVOICES) {
            throw new Error(`data export incomplete: ${[...files.keys()].join(', ')}`);
          }
        }
      }
      console.log(
        `data export: ${times.length} exports, first ${times[0]?.toFixed(0)} ms, median ${[...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]?.toFixed(0)} ms, ${Math.round(bytes / 1024)} KB`,
      );
      report('data_export_ms_p95', p95(times), 'ms', '<= 2000');
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node --import tsx tests/bench/data-export.ts` runs it alone (in process: no build needed).
if (isMain(import.meta.url)) await benchDataExport();
