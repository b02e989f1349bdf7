import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, Order } from '#shared/contracts/registration.ts';
import { verifyPassToken } from '#shared/pass-token.ts';
import { orders, passBarcodes, passes, passTypes } from '../../db/schema/index.ts';
import { changesSettled } from '../../testing/lead.ts';
import { type Headers, lastMailTo, payInSandbox, signedInUser, vendorWithoutPass } from '../../testing/purchases.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { UPGRADE_MESSAGES } from './upgrade.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'pass-upgrade-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const DURING_EVENT = new Date('2026-03-25T10:00:00Z');

/** A pass type by name and kind; "Premium Upgrade" exists twice, told apart by what it upgrades from. */
async function typeId(name: string, upgradeableBy?: string): Promise<number> {
  const rows = await t.database.db.select().from(passTypes).where(eq(passTypes.name, name));
  if (!upgradeableBy) return rows[0]?.id ?? 0;
  const from = await typeId(upgradeableBy);
  return rows.find((row) => row.upgradeableBy.includes(from))?.id ?? 0;
}

const upgrade = (headers: Headers | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/pass/upgrade', headers, payload: payload as object });

async function placed(headers: Headers, passTypeId: number): Promise<Order> {
  const res = await upgrade(headers, { passTypeId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function token(headers: Headers) {
  const res = await t.app.inject({ method: 'GET', url: '/api/pass/barcode', headers });
  expect(res.statusCode, res.body).toBe(200);
  const keys = (await t.app.inject({ method: 'GET', url: '/api/pass/keys' })).json() as {
    keys: { kid: string; publicKey: string }[];
  };
  const verdict = await verifyPassToken(
    (res.json() as { token: string }).token,
    Object.fromEntries(keys.keys.map((k) => [k.kid, k.publicKey])),
    DURING_EVENT,
  );
  if (!verdict.valid) throw new Error(`invalid token: ${verdict.reason}`);
  return verdict.payload;
}

describe('POST /api/pass/upgrade, paid through the sandbox', () => {
  it('upgrades the pass: type changed, old barcode revoked, new token with the new type, invoice and mail', async () => {
    const { headers, user } = await signedInUser(t.database.db);
    const before = await token(headers);
    expect(before.t).toBe('Standard Pass');

    const businessUpgrade = await typeId('Business Upgrade');
    const order = await placed(headers, businessUpgrade);
    expect(order).toMatchObject({
      kind: 'upgrade',
      status: 'open',
      net: 29_900,
      vat: 5_681,
      gross: 35_581,
      vatBreakdown: [{ category: 'S', basisPoints: 1900, net: 29_900, vat: 5_681 }],
      passStatus: 'approved',
      invoiceNumber: null,
      lines: [
        {
          kind: 'upgrade',
          description: 'Business Upgrade (from Standard Pass)',
          quantity: 1,
          unitPrice: 29_900,
          net: 29_900,
          vatCategory: 'S',
          vatBasisPoints: 1900,
        },
      ],
    });
    // Asking again answers the same open order.
    expect((await placed(headers, businessUpgrade)).id).toBe(order.id);

    const paid = await payInSandbox(t, headers, order, '/pass/upgrade?paid=1');
    expect(paid.page).toContain('Pass upgrade');
    expect(paid.redirect).toBe(`/pass/upgrade?paid=1&session=${paid.paymentSessionId}`);
    expect(paid.status.status).toBe('succeeded');
    expect(paid.status.order).toMatchObject({ id: order.id, status: 'paid', invoiceNumber: expect.stringMatching(/^CF-/) });

    const pass = (await t.app.inject({ method: 'GET', url: '/api/pass', headers })).json() as {
      status: string;
      passType: { id: number; name: string };
    };
    expect(pass).toMatchObject({ status: 'approved', passType: { id: await typeId('Business Pass'), name: 'Business Pass' } });

    const [old] = await t.database.db.select().from(passBarcodes).where(eq(passBarcodes.id, before.pid));
    expect(old).toMatchObject({ revokedReason: 'upgraded' });
    // The revocation list follows commits: wait for older transactions of a PostgreSQL cluster.
    await changesSettled(t.database.db);
    const revoked = (await t.app.inject({ method: 'GET', url: '/api/pass/revocations' })).json() as { revoked: string[] };
    expect(revoked.revoked).toContain(before.pid);

    const after = await token(headers);
    expect(after.t).toBe('Business Pass');
    expect(after.pid).not.toBe(before.pid);
    expect(revoked.revoked).not.toContain(after.pid);

    const invoices = (await t.app.inject({ method: 'GET', url: '/api/invoice', headers })).json() as Invoice[];
    expect(invoices).toEqual([
      expect.objectContaining({
        number: paid.status.order.invoiceNumber,
        kind: 'invoice',
        description: 'Business Upgrade (from Standard Pass)',
        net: 29_900,
        vat: 5_681,
        gross: 35_581,
      }),
    ]);
    const mail = await lastMailTo(t.database.db, user.email);
    expect(mail?.subject).toBe(`Your CloudFest 2026 upgrade to Business Pass, invoice ${paid.status.order.invoiceNumber}`);
    expect(mail?.text).toContain('Your Standard Pass is now a Business Pass.');
    expect(mail?.text).toContain('http://localhost:3000/pass');

    // A Business Pass now: the Standard Pass upgrades no longer apply, the Business → Premium one does.
    const again = await upgrade(headers, { passTypeId: await typeId('Premium Upgrade', 'Standard Pass') });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: UPGRADE_MESSAGES.notUpgradeable });
    const next = await placed(headers, await typeId('Premium Upgrade', 'Business Pass'));
    expect(next).toMatchObject({ kind: 'upgrade', status: 'open', net: 60_000 });
  });

  it('keeps one open upgrade order per user: another target re-prices the same order', async () => {
    const { headers, user } = await signedInUser(t.database.db);
    const first = await placed(headers, await typeId('Business Upgrade'));
    const second = await placed(headers, await typeId('Premium Upgrade', 'Standard Pass'));
    expect(second.id).toBe(first.id);
    expect(second).toMatchObject({ net: 89_900, gross: 106_981 });
    const open = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, user.id), eq(orders.kind, 'upgrade')));
    expect(open).toHaveLength(1);
    expect(open[0]?.subject).toEqual({ passTypeId: await typeId('Premium Upgrade', 'Standard Pass') });
  });

  it('charges an EU business buyer German VAT on the upgrade (admission: never reverse charge)', async () => {
    const { headers } = await signedInUser(t.database.db, { country: 'NL', vatId: 'NL004495445B01', company: 'Voorbeeld B.V.' });
    const order = await placed(headers, await typeId('Business Upgrade'));
    expect(order).toMatchObject({ net: 29_900, vat: 5_681, gross: 35_581 });
    expect(order.lines).toEqual([expect.objectContaining({ kind: 'upgrade', vatCategory: 'S', vatBasisPoints: 1900 })]);
  });

  it('upgrades a Business Pass only with the Business → Premium type', async () => {
    const { headers } = await signedInUser(t.database.db, { passType: 'Business Pass' });
    const fromStandard = await upgrade(headers, { passTypeId: await typeId('Premium Upgrade', 'Standard Pass') });
    expect(fromStandard.statusCode).toBe(409);
    const order = await placed(headers, await typeId('Premium Upgrade', 'Business Pass'));
    expect(order).toMatchObject({ net: 60_000, lines: [{ description: 'Premium Upgrade (from Business Pass)' }] });
  });

  it('sells a vendor without a pass a paid pass, approved on payment, with a barcode', async () => {
    const { headers, user } = await vendorWithoutPass(t.database.db);
    for (const name of ['Business Upgrade', 'Standard Pass', 'Host Pass']) {
      const res = await upgrade(headers, { passTypeId: await typeId(name) });
      expect(res.statusCode, name).toBe(409);
      expect(res.json()).toMatchObject({ detail: UPGRADE_MESSAGES.notBuyable });
    }
    const order = await placed(headers, await typeId('Business Pass'));
    expect(order).toMatchObject({
      kind: 'upgrade',
      gross: 35_581,
      lines: [{ kind: 'pass', description: 'Business Pass' }],
    });
    const paid = await payInSandbox(t, headers, order);
    expect(paid.page).toContain('Pass order');
    const [pass] = await t.database.db.select().from(passes).where(eq(passes.userId, user.id));
    expect(pass).toMatchObject({ status: 'approved', passTypeId: await typeId('Business Pass') });
    expect((await token(headers)).t).toBe('Business Pass');
    expect((await lastMailTo(t.database.db, user.email))?.text).toContain('Your Business Pass is ready.');
  });

  it('refuses a pending or cancelled pass with 409', async () => {
    const pending = await signedInUser(t.database.db, { passStatus: 'pending' });
    const res = await upgrade(pending.headers, { passTypeId: await typeId('Business Upgrade') });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ detail: UPGRADE_MESSAGES.pending });
    const cancelled = await signedInUser(t.database.db, { passStatus: 'cancelled' });
    const closed = await upgrade(cancelled.headers, { passTypeId: await typeId('Business Upgrade') });
    expect(closed.statusCode).toBe(409);
    expect(closed.json()).toMatchObject({ detail: UPGRADE_MESSAGES.closed });
  });

  it('refuses types that are not an upgrade of the current pass with 409, unknown or inactive ones with 404', async () => {
    const { headers } = await signedInUser(t.database.db);
    for (const name of ['Premium Pass', 'Host Pass']) {
      const res = await upgrade(headers, { passTypeId: await typeId(name) });
      expect(res.statusCode, name).toBe(409);
      expect(res.json()).toMatchObject({ detail: UPGRADE_MESSAGES.notUpgradeable });
    }
    expect((await upgrade(headers, { passTypeId: 999_999 })).statusCode).toBe(404);
    const inactive = await typeId('Business Upgrade');
    await t.database.db.update(passTypes).set({ active: false }).where(eq(passTypes.id, inactive));
    try {
      const res = await upgrade(headers, { passTypeId: inactive });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ detail: UPGRADE_MESSAGES.typeNotFound });
    } finally {
      await t.database.db.update(passTypes).set({ active: true }).where(eq(passTypes.id, inactive));
    }
  });

  it('answers bad input with 400 problem+json and no token with 401', async () => {
    const { headers } = await signedInUser(t.database.db);
    for (const payload of [{}, { passTypeId: 'x' }, { passTypeId: -1 }, { passTypeId: 1.5 }, { passTypeId: 2 ** 31 }, []]) {
      const res = await upgrade(headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect((await upgrade(undefined, { passTypeId: 1 })).statusCode).toBe(401);
  });

  it("answers 404 to a payment session for another user's upgrade order", async () => {
    const owner = await signedInUser(t.database.db);
    const order = await placed(owner.headers, await typeId('Business Upgrade'));
    const other = await signedInUser(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payment/session',
      headers: other.headers,
      payload: { item: order.id, amount: order.gross, redirectSuccess: '/pass', redirectCancel: '/pass' },
    });
    expect(res.statusCode).toBe(404);
  });
});
