import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { LeadOp } from '#shared/contracts/leads.ts';
import type { SyncResponse } from '#shared/contracts/sync.ts';
import { loadConfig } from '../../server/config.ts';
import { type Database, openDatabase } from '../../server/db/client.ts';
import { users } from '../../server/db/schema/index.ts';
import { seed } from '../../server/db/seed/index.ts';
import { createBadgeVerifier } from '../../server/services/badges/badge-verifier.ts';
import { createPassSigner } from '../../server/services/passes/pass-signing.ts';
import { createRegistrant } from '../../server/testing/registrant.ts';
import { listenInProcess } from './in-process-app.ts';
import { report } from './report.ts';
import { isMain } from './standalone.ts';

const OPS = 1000;
const BATCH = 500;
const PEOPLE = 40;

/**
 * 1,000 queued lead scans of 40 people uploaded through the HTTP API in two batches of 500, as the
 * sync engine sends them (budget: ≤ 5 s on PGlite and PostgreSQL). The server runs in this
 * process with a fresh scanner and fresh badges, so every run starts from zero leads.
 */
async function uploadThousand(database: Database, dataDir: string): Promise<number> {
  const { app, base } = await listenInProcess(database, dataDir, { ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000' });
  try {
    const run = randomUUID().slice(0, 8);
    const scanner = await createRegistrant(database.db, {
      email: `bench-scanner-${run}@bench.example`,
      passStatus: 'approved',
      scope: 'full',
    });
    await database.db
      .update(users)
      .set({ permissionPaths: ['/contacts'] })
      .where(eq(users.id, scanner.user.id));
    const tokens = await Promise.all(
      Array.from({ length: PEOPLE }, async (_, i) => {
        const person = await createRegistrant(database.db, {
          email: `bench-lead-${run}-${i}@bench.example`,
          passType: 'Standard Pass',
          passStatus: 'approved',
          scope: 'full',
        });
        const res = await fetch(`${base}/api/pass/barcode`, { headers: person.headers });
        if (!res.ok) throw new Error(`barcode: ${res.status}`);
        return ((await res.json()) as { token: string }).token;
      }),
    );
    const ops: LeadOp[] = Array.from({ length: OPS }, (_, i) => ({
      id: randomUUID(),
      createdAt: new Date(Date.UTC(2026, 2, 24, 9, 0, i)).toISOString(),
      token: tokens[i % PEOPLE] as string,
      ...(i % 7 === 3 ? { notes: `note ${i}` } : {}),
    }));

    const started = performance.now();
    let applied = 0;
    for (let from = 0; from < OPS; from += BATCH) {
      const res = await fetch(`${base}/api/lead`, {
        method: 'POST',
        headers: { ...scanner.headers, 'content-type': 'application/json' },
        body: JSON.stringify({ ops: ops.slice(from, from + BATCH) }),
      });
      if (!res.ok) throw new Error(`upload: ${res.status} ${await res.text()}`);
      const { results } = (await res.json()) as SyncResponse;
      applied += results.filter((r) => r.status === 'created' || r.status === 'updated').length;
    }
    const ms = performance.now() - started;
    if (applied !== OPS) throw new Error(`expected ${OPS} applied ops, got ${applied}`);
    return ms;
  } finally {
    await app.close();
  }
}

/** Server-side signature check of one badge (cached key), median of many. */
async function badgeVerifyMs(dataDir: string): Promise<number> {
  const signer = createPassSigner(
    loadConfig({
      NODE_ENV: 'production',
      MAIL_LOG_ONLY: 'true',
      PAYMENT_PROVIDER: 'sandbox',
      PUBLIC_URL: 'http://localhost:3000',
      DATA_DIR: dataDir,
    }),
  );
  const token = await signer.signPass(
    { id: randomUUID(), typeName: 'Standard Pass' },
    { firstName: 'Lena', lastName: 'Hoffmann', company: 'Pixelhaus Digital GmbH' },
    { startDate: '2026-03-24', endDate: '2026-03-26' },
  );
  const verifier = createBadgeVerifier(signer);
  for (let i = 0; i < 200; i++) await verifier.verifySignature(token);
  const times: number[] = [];
  for (let i = 0; i < 2000; i++) {
    const started = performance.now();
    const verdict = await verifier.verifySignature(token);
    times.push(performance.now() - started);
    if (!verdict.ok) throw new Error('bench badge did not verify');
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] as number;
}

export async function benchLeadUpload() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cf-bench-leads-'));
  try {
    report('badge_verify_server_median_ms', await badgeVerifyMs(dataDir), 'ms', '≤ 2');

    const pglite = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    try {
      await pglite.migrate();
      await seed(pglite.db);
      report('lead_upload_1000_pglite_ms', await uploadThousand(pglite, dataDir), 'ms', '≤ 5000');
    } finally {
      await pglite.close();
    }

    const url = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL;
    if (!url) {
      console.log('BENCH lead_upload_1000_postgres_ms skipped: set DATABASE_URL or TEST_DATABASE_URL');
      return;
    }
    const postgres = await openDatabase({ url });
    try {
      await postgres.migrate();
      await seed(postgres.db);
      report('lead_upload_1000_postgres_ms', await uploadThousand(postgres, dataDir), 'ms', '≤ 5000');
    } finally {
      await postgres.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (isMain(import.meta.url)) await benchLeadUpload();
