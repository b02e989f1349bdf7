import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { DEMO_PASSWORD, demoEmail } from '../../server/db/seed/demo-accounts.ts';
import { report } from './report.ts';
import { startServer } from './server-process.ts';
import { isMain } from './standalone.ts';

const PORT = 4395;
const CONNECTIONS = 20;
const DURATION_S = 10;

type Call = (method: string, path: string, body?: unknown) => Promise<Response>;

async function json<T>(res: Response, expected: number): Promise<T> {
  if (res.status !== expected) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Pays an order on the sandbox's hosted page, as the browser's form post does. */
async function pay(call: Call, base: string, order: { id: string; gross: number }) {
  const session = await json<{ paymentSessionId: string }>(
    await call('POST', '/api/payment/session', {
      item: order.id,
      amount: order.gross,
      redirectSuccess: '/',
      redirectCancel: '/',
    }),
    200,
  );
  const res = await fetch(`${base}/payment/sandbox/${session.paymentSessionId}/complete`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'outcome=succeeded',
    redirect: 'manual',
  });
  if (res.status !== 303) throw new Error(`sandbox payment: ${res.status}`);
}

/**
 * The signed-in attendee buys what the app sells (an upgrade, a train ticket, a hotel room) through
 * the API and the sandbox, so the invoice list is the real one: three more invoices, each a join
 * away from its order.
 */
async function buyerWithInvoices(base: string): Promise<string> {
  const login = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: demoEmail('attendee'), password: DEMO_PASSWORD }),
  });
  const { token } = await json<{ token: string }>(login, 200);
  const call: Call = (method, path, body) =>
    fetch(`${base}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  // The seed's own purchases (the demo stay) have their invoices already.
  const before = (await json<unknown[]>(await call('GET', '/api/invoice'), 200)).length;
  const pass = await json<{ passType: { id: number } }>(await call('GET', '/api/pass'), 200);
  const upgrades = await json<{ id: number }[]>(
    await call('GET', `/api/pass/type/paid-upgrade?upgradeableBy=${pass.passType.id}`),
    200,
  );
  const upgradeId = upgrades[0]?.id;
  if (!upgradeId) throw new Error('no upgrade for the attendee');
  await pay(call, base, await json(await call('POST', '/api/pass/upgrade', { passTypeId: upgradeId }), 201));

  const [ticketType] = await json<{ id: number }[]>(await call('GET', '/api/train-ticket/type'), 200);
  await pay(call, base, await json(await call('POST', '/api/train-ticket', { typeId: ticketType?.id }), 201));

  const hotels = await json<{ id: number; rooms: { id: number; available: number }[] }[]>(
    await call('GET', '/api/accommodation'),
    200,
  );
  const hotel = hotels.find((h) => h.rooms.some((r) => r.available > 0));
  const room = hotel?.rooms.find((r) => r.available > 0);
  if (!hotel || !room) throw new Error('no bookable room');
  const booked = await json<{ order: { id: string; gross: number } }>(
    await call('POST', '/api/booking', { accommodationId: hotel.id, roomId: room.id, start: '2026-03-23', end: '2026-03-27' }),
    201,
  );
  await pay(call, base, booked.order);

  const invoices = await json<unknown[]>(await call('GET', '/api/invoice'), 200);
  if (invoices.length !== before + 3) throw new Error(`expected ${before + 3} invoices, got ${invoices.length}`);
  return token;
}

/** GET /api/invoice latency at 20 connections against the server bundle on its embedded database (budget: p99 ≤ 50 ms). */
export async function benchInvoiceApi() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cf-bench-invoices-'));
  const server = await startServer(
    {
      DATA_DIR: dataDir,
      ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000000',
      ADDRESS_RATE_LIMIT_PER_MINUTE: '1000',
      EMAIL_RATE_LIMIT_PER_MINUTE: '1000',
    },
    PORT,
  );
  try {
    const token = await buyerWithInvoices(server.url);
    const options = { url: `${server.url}/api/invoice`, connections: CONNECTIONS, headers: { authorization: `Bearer ${token}` } };
    await autocannon({ ...options, duration: 1 });
    const result = await autocannon({ ...options, duration: DURATION_S });
    if (result.non2xx > 0 || result.errors > 0)
      throw new Error(`/api/invoice: ${result.non2xx} non-2xx, ${result.errors} errors`);
    report('invoice_list_p99_ms', result.latency.p99, 'ms', '<= 50 ms');
    console.log(`invoice list: ${Math.round(result.requests.average)} req/s, median ${result.latency.p50} ms`);
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node --import tsx tests/bench/invoice-api.ts` runs it alone (after the server bundle is built).
if (isMain(import.meta.url)) await benchInvoiceApi();
