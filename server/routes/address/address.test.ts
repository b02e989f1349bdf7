import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, users } from '../../db/schema/index.ts';
import { createTestApp } from '../../testing/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let pending: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  pending = await t.login('pending@demo.cloudfest.example');
});
afterAll(async () => t?.close());

const ADDRESS = { type: 'billingAddress', addressLine1: 'Hauptstraße 1', zip: '77977', city: 'Rust', countryId: 1 };
const save = (method: 'POST' | 'PATCH', payload: object) =>
  t.app.inject({ method, url: '/api/address/', headers: pending, payload });

async function storedRow() {
  const [user] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, 'pending@demo.cloudfest.example'));
  const [row] = await t.app.db
    .select({ buyerReference: addresses.buyerReference, purchaseOrder: addresses.purchaseOrder })
    .from(addresses)
    .where(and(eq(addresses.userId, user?.id ?? ''), eq(addresses.type, 'billingAddress')));
  return row;
}

describe('the billing address’s buyer reference and purchase order number (BT-10, BT-13)', () => {
  it('are optional, trimmed, saved, answered and cleared again', async () => {
    await t.app.inject({ method: 'GET', url: '/api/address/?type=billingAddress', headers: pending });
    const created = await save('POST', ADDRESS);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ buyerReference: '', purchaseOrder: '' });

    const patched = await save('PATCH', {
      ...ADDRESS,
      buyerReference: '  04011000-1234512345-06 ',
      purchaseOrder: ' PO-2026-17 ',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ buyerReference: '04011000-1234512345-06', purchaseOrder: 'PO-2026-17' });
    expect(await storedRow()).toEqual({ buyerReference: '04011000-1234512345-06', purchaseOrder: 'PO-2026-17' });
    const read = await t.app.inject({ method: 'GET', url: '/api/address/?type=billingAddress', headers: pending });
    expect(read.json()).toMatchObject({ buyerReference: '04011000-1234512345-06', purchaseOrder: 'PO-2026-17' });

    // Left out, they are cleared like the other optional fields.
    expect((await save('PATCH', ADDRESS)).json()).toMatchObject({ buyerReference: '', purchaseOrder: '' });
    expect(await storedRow()).toEqual({ buyerReference: '', purchaseOrder: '' });
  });

  it('refuse more than 100 characters and line breaks with the validation catalogue’s message', async () => {
    const long = await save('PATCH', { ...ADDRESS, buyerReference: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);
    expect(long.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(long.json().errors).toEqual([{ path: 'buyerReference', message: expect.stringMatching(/100/) }]);
    expect((await save('PATCH', { ...ADDRESS, purchaseOrder: 'x'.repeat(100) })).statusCode).toBe(200);

    const twoLines = await save('PATCH', { ...ADDRESS, purchaseOrder: 'PO-1\nPO-2' });
    expect(twoLines.statusCode).toBe(400);
    expect(twoLines.json().errors[0].path).toBe('purchaseOrder');
  });
});
