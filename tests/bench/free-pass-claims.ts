import autocannon from 'autocannon';
import pg from 'pg';
import { report } from './report.ts';
import { startServer } from './server-process.ts';
import { isMain } from './standalone.ts';

const KEY = 'free-standard';
const SCRATCH = 'cloudfest_bench_claims';
const PORT = 4394;
const CONNECTIONS = 10;
const DURATION_S = 5;
const EXACT_TOTAL = 2000;
const EXACT_REQUESTS = 2500;

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

interface PoolState {
  taken: number;
  held: number;
  claims: number;
}

async function poolState(client: pg.Client): Promise<PoolState> {
  const { rows } = await client.query<PoolState>(
    `select (select taken from pass_pools where key = $1) as taken,
            (select count(*)::int from pass_claims where pool_key = $1 and status = 'held') as held,
            (select count(*)::int from pass_claims where pool_key = $1) as claims`,
    [KEY],
  );
  const [row] = rows;
  if (!row) throw new Error('no pool state');
  return row;
}

/** The pool state once the requests still in flight after a timed run have been answered. */
async function settledPoolState(client: pg.Client): Promise<PoolState> {
  let last = await poolState(client);
  for (;;) {
    await new Promise((r) => setTimeout(r, 200));
    const next = await poolState(client);
    if (next.claims === last.claims && next.taken === last.taken) return next;
    last = next;
  }
}

/** A fresh pool: `total` passes, none taken, no claims. */
async function resetPool(client: pg.Client, total: number) {
  await client.query('delete from pass_claims where pool_key = $1', [KEY]);
  await client.query('update pass_pools set total = $2, taken = 0 where key = $1', [KEY, total]);
}

let clientCounter = 0;

/**
 * The next client address, as the trusted proxy reports it: each request comes from another
 * client, as at a real sale, so the bound of open holds per address does not apply.
 */
function nextClient(): string {
  clientCounter += 1;
  return `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
}

function claims(url: string, options: { duration?: number; amount?: number }) {
  return autocannon({
    url: `${url}/api/pass/free-claim`,
    method: 'POST',
    connections: CONNECTIONS,
    requests: [
      {
        setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': nextClient() } }),
      },
    ],
    ...options,
  });
}

/**
 * Free Standard Pass claims per second over HTTP (POST /api/pass/free-claim) against the server
 * bundle on PostgreSQL, in a scratch database; then checks the pool is exact: every 201 is one held
 * claim and one taken pass, and a pool of 2,000 hands out exactly 2,000 to more requests.
 */
export async function benchFreePassClaims() {
  if (!(await admin(`drop database if exists ${SCRATCH}`)) || !(await admin(`create database ${SCRATCH}`))) {
    console.log('BENCH free_pass_claims_postgres skipped: no PostgreSQL on 127.0.0.1:5432');
    return;
  }
  const url = adminUrl().replace(/\/[^/]*$/, `/${SCRATCH}`);
  const server = await startServer(
    {
      DATABASE_URL: url,
      ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000000',
      ADDRESS_RATE_LIMIT_PER_MINUTE: '100000000',
      // The bench is the one proxy hop: the addresses of nextClient() are the clients'.
      TRUST_PROXY: '1',
    },
    PORT,
  );
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();

    // Throughput: a pool that does not run out; 1 s warm-up, then 5 s measured.
    await resetPool(client, 1_000_000);
    const warm = await claims(server.url, { duration: 1 });
    const result = await claims(server.url, { duration: DURATION_S });
    if (result.non2xx > 0 || result.errors > 0) {
      throw new Error(`free-claim: ${result.non2xx} non-2xx, ${result.errors} errors`);
    }
    const state = await settledPoolState(client);
    // A timed run stops counting with a request in flight on each connection; the server still answers those.
    const created = warm['2xx'] + result['2xx'];
    const inFlight = state.claims - created;
    if (state.held !== state.taken || state.claims !== state.taken || inFlight < 0 || inFlight > 2 * CONNECTIONS) {
      throw new Error(
        `free-pass pool not exact: ${created} × 201, ${state.claims} claims, ${state.held} held, taken ${state.taken}`,
      );
    }
    report('free_pass_claims_postgres_per_s', result['2xx'] / DURATION_S, 'claims/s', '>= 300');

    // Exactness: more requests than passes → exactly the pool size answered 201, the rest 409.
    await resetPool(client, EXACT_TOTAL);
    const exact = await claims(server.url, { amount: EXACT_REQUESTS });
    const gone = exact.statusCodeStats?.['409']?.count ?? 0;
    const after = await poolState(client);
    if (exact['2xx'] !== EXACT_TOTAL || gone !== EXACT_REQUESTS - EXACT_TOTAL || exact.errors > 0) {
      throw new Error(`free-pass pool not exact: ${exact['2xx']} × 201, ${gone} × 409 of ${EXACT_REQUESTS}`);
    }
    if (after.taken !== EXACT_TOTAL || after.held !== EXACT_TOTAL || after.claims !== exact['2xx']) {
      throw new Error(`free-pass pool not exact: taken ${after.taken}, held ${after.held}, total ${EXACT_TOTAL}`);
    }
    console.log(
      `free-pass exactness: ${exact['2xx']} × 201, ${gone} × 409 of ${EXACT_REQUESTS}; ${after.claims} claims, taken ${after.taken}`,
    );
  } finally {
    await client.end().catch(() => {});
    await server.stop();
    await admin(`drop database if exists ${SCRATCH}`);
  }
}

// `node --import tsx tests/bench/free-pass-claims.ts` runs it alone.
if (isMain(import.meta.url)) await benchFreePassClaims();
