import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrainTicket } from '#shared/contracts/index.ts';
import type { Invoice, Order } from '#shared/contracts/registration.ts';
import { trainTickets, trainTicketTypes } from '../../db/schema/index.ts';
import { demoEmail } from '../../db/seed/demo-accounts.ts';
import { type Headers, lastMailTo, payInSandbox, signedInUser, vendorWithoutPass } from '../../testing/purchases.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { TRAIN_TICKET_MESSAGES } from './index.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let types: (typeof trainTicketTypes.$inferSelect)[];

beforeAll(async () => {
  t = await createTestApp();
  types = await t.database.db.select().from(trainTicketTypes).orderBy(trainTicketTypes.priceCents);
});
afterAll(async () => t?.close());

const buy = (headers: Headers | undefined, payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/train-ticket', headers, payload: payload as object });

async function ordered(headers: Headers, typeId: number): Promise<Order> {
  const res = await buy(headers, { typeId });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const second = () => types[0] as (typeof types)[number];
const first = () => types[1] as (typeof types)[number];

describe('POST /api/train-ticket', () => {
  it('sells one return ticket through the sandbox: ticket with a code, invoice, mail', async () => {
    const { headers, user } = await signedInUser(t.database.db);
    const order = await ordered(headers, first().id);
    expect(order).toMatchObject({
      kind: 'train-ticket',
      status: 'open',
      net: 17_990,
      // Rail in Germany: 7 % (§ 12 (2) no. 10 UStG).
      vat: 1_259,
      gross: 19_249,
      vatBreakdown: [{ category: 'S', basisPoints: 700, net: 17_990, vat: 1_259 }],
      lines: [
        {
          kind: 'train-ticket',
          description: first().name,
          quantity: 1,
          unitPrice: 17_990,
          net: 17_990,
          vatCategory: 'S',
          vatBasisPoints: 700,
        },
      ],
    });
    // Another type while the order is open: the same order, re-priced.
    const changed = await ordered(headers, second().id);
    expect(changed).toMatchObject({ id: order.id, net: 10_990, vat: 769, gross: 11_759 });

    const paid = await payInSandbox(t, headers, changed, '/train-ticket/buy/return?paid=1');
    expect(paid.page).toContain('Train ticket');
    expect(paid.status.order).toMatchObject({ status: 'paid', invoiceNumber: expect.stringMatching(/^CF-/) });

    const tickets = (await t.app.inject({ method: 'GET', url: '/api/train-ticket', headers })).json() as TrainTicket[];
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({ type: { id: second().id, name: second().name, price: 10_990 } });
    expect(tickets[0]?.code).toMatch(/^DB-EVT-26-[A-HJKMNP-Z2-9]{8}$/);

    const invoices = (await t.app.inject({ method: 'GET', url: '/api/invoice', headers })).json() as Invoice[];
    expect(invoices).toEqual([expect.objectContaining({ description: second().name, gross: 11_759, kind: 'invoice' })]);
    const mail = await lastMailTo(t.database.db, user.email);
    expect(mail?.subject).toBe(`Your CloudFest 2026 train ticket, invoice ${paid.status.order.invoiceNumber}`);
    expect(mail?.text).toContain(`Your ticket code: ${tickets[0]?.code}`);

    // One ticket per user.
    const again = await buy(headers, { typeId: first().id });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: TRAIN_TICKET_MESSAGES.alreadyHave });
  });

  it('gives every ticket its own code', async () => {
    const codes = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const { headers, user } = await signedInUser(t.database.db);
      await payInSandbox(t, headers, await ordered(headers, second().id));
      const [ticket] = await t.database.db.select().from(trainTickets).where(eq(trainTickets.userId, user.id));
      codes.add(ticket?.code ?? '');
    }
    expect(codes.size).toBe(3);
  });

  it('sells to a vendor without a pass too', async () => {
    const { headers } = await vendorWithoutPass(t.database.db);
    expect((await ordered(headers, second().id)).kind).toBe('train-ticket');
  });

  it('refuses a user who already has a ticket (409) and an unknown type (404)', async () => {
    const vip = await t.login(demoEmail('vip'));
    const res = await buy(vip, { typeId: second().id });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ detail: TRAIN_TICKET_MESSAGES.alreadyHave });
    const { headers } = await signedInUser(t.database.db);
    const unknown = await buy(headers, { typeId: 999_999 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ detail: TRAIN_TICKET_MESSAGES.typeNotFound });
  });

  it('answers bad input with 400 problem+json and no token with 401', async () => {
    const { headers } = await signedInUser(t.database.db);
    for (const payload of [{}, { typeId: '1' }, { typeId: 0 }, { typeId: 2 ** 31 }, { type: 1 }]) {
      const res = await buy(headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
    }
    expect((await buy(undefined, { typeId: second().id })).statusCode).toBe(401);
  });
});
