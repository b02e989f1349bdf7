// Test helpers for purchases made in the signed-in area: signed-in buyers and the sandbox payment.
import { desc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Order } from '#shared/contracts/registration.ts';
import type { Db } from '../db/client.ts';
import { mailOutbox, passes, users } from '../db/schema/index.ts';
import { createRegistrant, type RegistrantOptions } from './registrant.ts';
import type { createTestApp } from './test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
export type Headers = Record<string, string>;

let counter = 0;

/** A fully signed-in user with an approved pass (Standard Pass unless told), German billing address. */
export function signedInUser(db: Db, options: Partial<RegistrantOptions> = {}) {
  return createRegistrant(db, {
    email: `buyer${++counter}-${Date.now()}@company.example`,
    passType: 'Standard Pass',
    passStatus: 'approved',
    scope: 'full',
    ...options,
  });
}

/** A vendor (tag 2) without a pass, signed in: docs/behaviour.md §6 lets them in. */
export async function vendorWithoutPass(db: Db) {
  const registrant = await signedInUser(db);
  await db.delete(passes).where(eq(passes.userId, registrant.user.id));
  await db
    .update(users)
    .set({ tagIds: [2] })
    .where(eq(users.id, registrant.user.id));
  return registrant;
}

/** Opens a payment session for the order and presses "Pay" on the sandbox's hosted page. */
export async function payInSandbox(t: TestApp, headers: Headers, order: Order, redirectSuccess = '/done') {
  const session = await t.app.inject({
    method: 'POST',
    url: '/api/payment/session',
    headers,
    payload: { item: order.id, amount: order.gross, redirectSuccess, redirectCancel: '/cancelled' },
  });
  expect(session.statusCode, session.body).toBe(200);
  const { paymentSessionId, url } = session.json() as { paymentSessionId: string; url: string };
  const page = await t.app.inject({ method: 'GET', url });
  const paid = await t.app.inject({
    method: 'POST',
    url: `/payment/sandbox/${paymentSessionId}/complete`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=succeeded',
  });
  expect(paid.statusCode, paid.body).toBe(303);
  const status = await t.app.inject({ method: 'GET', url: `/api/payment/session/${paymentSessionId}`, headers });
  return {
    paymentSessionId,
    page: page.body,
    redirect: paid.headers.location,
    status: status.json() as { status: string; order: Order },
  };
}

/** The newest mail to this address. */
export async function lastMailTo(db: Db, email: string) {
  const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id)).limit(1);
  return mail;
}
