import { pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../server/db/client.ts';
import { passPools } from '../../server/db/schema/index.ts';
import { claimFromPool } from '../../server/services/pass-pool.ts';
import { report } from './report.ts';

const TOTAL = 2000;
const CLAIMS = 2100;
const CONNECTIONS = 20;
const ROUNDS = 3;
const KEY = 'bench-free-standard';
const SCRATCH = 'cloudfest_bench_claims';

const adminUrl = () => process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** Runs one statement on the admin database; false when PostgreSQL is not reachable. */
async function admin(statement: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl() });
  try {
    await client.connect();
    await client.query(statement);
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Free Standard Pass claims per second on PostgreSQL: 2,100 concurrent claims on a pool of 2,000
 * over 20 connections, the way concurrent registrations hit the pool row. Runs in a scratch
 * database so it never touches `test` or a real one, and fails if the count is not exact.
 */
export async function benchFreePassClaims() {
  if (!(await admin(`drop database if exists ${SCRATCH}`)) || !(await admin(`create database ${SCRATCH}`))) {
    console.log('BENCH free_pass_claims_postgres skipped: no PostgreSQL on 127.0.0.1:5432');
    return;
  }
  const database = await openDatabase({ url: adminUrl().replace(/\/[^/]*$/, `/${SCRATCH}`), poolSize: CONNECTIONS });
  try {
    await database.migrate();
    const { db } = database;
    const rates: number[] = [];
    for (let round = 0; round <= ROUNDS; round++) {
      await db
        .insert(passPools)
        .values({ key: KEY, total: TOTAL, taken: 0 })
        .onConflictDoUpdate({ target: passPools.key, set: { total: TOTAL, taken: 0 } });
      const started = performance.now();
      const results = await Promise.all(Array.from({ length: CLAIMS }, () => claimFromPool(db, KEY)));
      const seconds = (performance.now() - started) / 1000;
      const granted = results.filter(Boolean).length;
      const [row] = await db.select({ taken: passPools.taken }).from(passPools).where(eq(passPools.key, KEY));
      if (granted !== TOTAL || row?.taken !== TOTAL) {
        throw new Error(`free-pass pool not exact: ${granted} claims granted, taken ${row?.taken}, total ${TOTAL}`);
      }
      // Round 0 warms up connections and plans; the rest are measured.
      if (round > 0) rates.push(granted / seconds);
    }
    rates.sort((a, b) => a - b);
    report('free_pass_claims_postgres_per_s', rates[Math.floor(rates.length / 2)] ?? Number.NaN, 'claims/s', '>= 300');
  } finally {
    await database.close();
    await admin(`drop database if exists ${SCRATCH}`);
  }
}

// `node --import tsx tests/bench/free-pass-claims.ts` runs it alone.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await benchFreePassClaims();
