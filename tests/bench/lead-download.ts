import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { LeadChanges } from '#shared/contracts/leads.ts';
import { type Database, type Db, openDatabase } from '../../server/db/client.ts';
import { leads, passBarcodes, passes, passTypes, users } from '../../server/db/schema/index.ts';
import { seed } from '../../server/db/seed/index.ts';
import { createRegistrant } from '../../server/testing/registrant.ts';
import { listenInProcess } from './in-process-app.ts';
import { median, report } from './report.ts';
import { isMain } from './standalone.ts';

const LEADS = 2000;
const ROUNDS = 40;

/** A lead scanner with 2,000 leads (people with passes and barcodes, notes, tags and answers), written straight in. */
async function scannerWithLeads(db: Db): Promise<Record<string, string>> {
  const run = Date.now().toString(36);
  const scanner = await createRegistrant(db, {
    email: `bench-download-scanner-${run}@bench.example`,
    passStatus: 'approved',
    scope: 'full',
  });
  await db
    .update(users)
    .set({ permissionPaths: ['/contacts'] })
    .where(eq(users.id, scanner.user.id));
  const [type] = await db.select({ id: passTypes.id }).from(passTypes).where(eq(passTypes.name, 'Standard Pass'));
  if (!type) throw new Error('Standard Pass missing');
  for (let from = 0; from < LEADS; from += 500) {
    const people = await db
      .insert(users)
      .values(
        Array.from({ length: 500 }, (_, k) => ({
          email: `bench-download-${run}-${from + k}@bench.example`,
          passwordHash: 'not-a-real-hash',
          firstName: `Visitor${from + k}`,
          lastName: 'Messebesucher',
          company: `Hosting Company ${(from + k) % 80} GmbH`,
        })),
      )
      .returning({ id: users.id });
    const passRows = await db
      .insert(passes)
      .values(people.map((person) => ({ userId: person.id, passTypeId: type.id, status: 'approved' as const })))
      .returning({ id: passes.id, userId: passes.userId });
    const barcodes = await db
      .insert(passBarcodes)
      .values(passRows.map((pass) => ({ passId: pass.id })))
      .returning({ id: passBarcodes.id, passId: passBarcodes.passId });
    const personOf = new Map(passRows.map((pass) => [pass.id, pass.userId]));
    await db.insert(leads).values(
      barcodes.map((barcode, k) => ({
        scannerUserId: scanner.user.id,
        scannedUserId: personOf.get(barcode.passId) ?? '',
        barcodeId: barcode.id,
        notes: `Met at the booth on day one, interested in managed Kubernetes (${from + k})`,
        rating: (from + k) % 6,
        tags: ['hot', 'kubernetes'],
        answers: { 'Decision maker?': 'Yes', 'Budget this year?': '€5–20k' },
        createdAt: new Date(Date.UTC(2026, 2, 24, 9, 0, 0, from + k)),
        changedAt: new Date(Date.UTC(2026, 2, 24, 9, 0, 0, from + k)),
      })),
    );
  }
  // PostgreSQL's autovacuum would have analysed the tables by the event; PGlite runs none.
  await db.execute(sql`analyze`);
  return scanner.headers;
}

/**
 * A scanner device opening the app (budget: with 2,000 leads and nothing changed since its
 * last sync, the lead download is ≤ 5 KB and ≤ 20 ms). The device did its first sync (the whole
 * list, paged) before; then GET /api/lead/changes with its cursor, timed from request to parsed
 * answer (median of 40 after a warm-up), and the bytes of the answer's body.
 */
async function measure(database: Database, dataDir: string, label: string) {
  await database.migrate();
  await seed(database.db);
  const headers = await scannerWithLeads(database.db);
  const { app, base } = await listenInProcess(database, dataDir, { ACCOUNT_RATE_LIMIT_PER_MINUTE: '1000000' });
  try {
    const get = async (cursor: string | undefined) => {
      const started = performance.now();
      const res = await fetch(`${base}/api/lead/changes${cursor ? `?cursor=${cursor}` : ''}`, { headers });
      const text = await res.text();
      if (!res.ok) throw new Error(`lead changes: ${res.status} ${text.slice(0, 300)}`);
      const body = JSON.parse(text) as LeadChanges;
      return { body, bytes: Buffer.byteLength(text), ms: performance.now() - started };
    };

    // The first sync: the whole list, a page at a time.
    let cursor: string | undefined;
    let received = 0;
    let firstBytes = 0;
    const firstStarted = performance.now();
    for (;;) {
      const page = await get(cursor);
      received += page.body.leads.length;
      firstBytes += page.bytes;
      cursor = page.body.cursor;
      if (page.body.complete) break;
    }
    const firstMs = performance.now() - firstStarted;
    if (received !== LEADS) throw new Error(`first sync got ${received} leads, expected ${LEADS}`);

    // The app opens again, nothing changed.
    for (let i = 0; i < 5; i++) await get(cursor);
    const times: number[] = [];
    let bytes = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const again = await get(cursor);
      if (again.body.leads.length > 0 || again.body.reset || again.body.cursor !== cursor) throw new Error('something changed');
      times.push(again.ms);
      bytes = again.bytes;
    }
    console.log(
      `scanner start-up lead download with 2,000 leads and nothing changed (${label}): ${bytes} bytes, ${median(times).toFixed(1)} ms`,
    );
    report(`lead_download_unchanged_2000_${label}_bytes`, bytes, 'bytes', '≤ 5120');
    report(`lead_download_unchanged_2000_${label}_ms`, median(times), 'ms', '≤ 20');
    report(`lead_download_first_sync_2000_${label}_kb`, firstBytes / 1024, 'KB');
    report(`lead_download_first_sync_2000_${label}_ms`, firstMs, 'ms');
  } finally {
    await app.close();
  }
}

export async function benchLeadDownload() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cf-bench-lead-download-'));
  try {
    const pglite = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    try {
      await measure(pglite, dataDir, 'pglite');
    } finally {
      await pglite.close();
    }
    const url = process.env.DATABASE_URL;
    if (!url) {
      console.log('BENCH lead_download_unchanged_2000_postgres skipped: set DATABASE_URL');
      return;
    }
    const postgres = await openDatabase({ url });
    try {
      await measure(postgres, dataDir, 'postgres');
    } finally {
      await postgres.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await benchLeadDownload();
