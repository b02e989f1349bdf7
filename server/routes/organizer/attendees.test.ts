import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AttendeeAction, AttendeeDetail, AttendeePage } from '#shared/contracts/organizer-people.ts';
import type { Order } from '#shared/contracts/registration.ts';
import {
  addresses,
  auditLog,
  emailTokens,
  invoices,
  mailOutbox,
  passBarcodes,
  passes,
  passTypes,
  refunds,
  users,
} from '../../db/schema/index.ts';
import { changesSettled } from '../../testing/lead.ts';
import { addInvoice } from '../../testing/organizer-event.ts';
import { createPeople, freePoolHolder, ORGANIZER, passTypeId, poolTaken } from '../../testing/organizer-people.ts';
import { lastMailTo, payInSandbox, signedInUser } from '../../testing/purchases.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { NOTHING_TO_RESEND } from './attendees.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let organizer: Record<string, string>;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'organizer-attendees-'));
  t = await createTestApp({ DATA_DIR: dataDir, ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000' });
  organizer = await t.login(ORGANIZER);
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: organizer });
const act = (userId: string, action: string) =>
  t.app.inject({ method: 'POST', url: `/api/organizer/attendees/${userId}/${action}`, headers: organizer });
const search = async (query: string) => {
  const res = await get(`/api/organizer/attendees?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AttendeePage;
};

describe('GET /api/organizer/attendees', () => {
  it('searches name, e-mail and company case-insensitively, with filters and server-side paging', async () => {
    const { db } = t.database;
    await createPeople(db, 25, { prefix: 'zebrafinch', company: 'Zebrafinch Hosting AG' });
    await createPeople(db, 5, {
      prefix: 'zebrafinch-ok',
      status: 'approved',
      passType: 'Premium Pass',
      company: 'Zebrafinch Hosting AG',
    });
    await createPeople(db, 3, { prefix: 'zebrafinch-none', status: null, company: 'Zebrafinch Hosting AG' });

    const byCompany = await search('q=ZEBRAFINCH%20hosting&pageSize=10');
    expect(byCompany.total).toBe(33);
    expect(byCompany.rows).toHaveLength(10);
    const page4 = await search('q=zebrafinch%20hosting&pageSize=10&page=4');
    expect(page4.rows).toHaveLength(3);
    const everyone = new Set([...(await search('q=zebrafinch&pageSize=100')).rows.map((row) => row.userId)]);
    expect(everyone.size).toBe(33);

    expect((await search('q=zebrafinch-ok-3@company')).rows.map((row) => row.email)).toEqual(['zebrafinch-ok-3@company.example']);
    expect((await search('q=zebrafinch&status=approved')).total).toBe(5);
    expect((await search('q=zebrafinch&status=pending')).total).toBe(25);
    const none = await search('q=zebrafinch&status=none');
    expect(none.total).toBe(3);
    expect(none.rows.every((row) => row.passType === null && row.status === null && row.source === null)).toBe(true);
    const premium = await passTypeId(db, 'Premium Pass');
    const byType = await search(`q=zebrafinch&passType=${premium}`);
    expect(byType.total).toBe(5);
    expect(byType.rows[0]).toMatchObject({
      passType: { id: premium, name: 'Premium Pass' },
      status: 'approved',
      source: 'purchase',
    });
    // Full names match too; pattern characters are taken literally.
    expect((await search('q=jonas%20becker')).rows.map((row) => row.email)).toContain('pending@demo.cloudfest.example');
    expect((await search('q=%25%25')).total).toBe(0);
    expect((await search('q=_')).total).toBe(0);
  });

  it('refuses bad filters with 400, never 500', async () => {
    for (const query of [
      'status=gone',
      'passType=abc',
      'passType=0',
      'pageSize=5000',
      'page=-1',
      `q=${'x'.repeat(101)}`,
      'q=a%0Ab',
    ]) {
      const res = await get(`/api/organizer/attendees?${query}`);
      expect({ query, status: res.statusCode }).toEqual({ query, status: 400 });
    }
    expect((await get('/api/organizer/attendees/not-a-uuid')).statusCode).toBe(400);
    expect((await get(`/api/organizer/attendees/${crypto.randomUUID()}`)).statusCode).toBe(404);
    expect((await act(crypto.randomUUID(), 'cancel-pass')).statusCode).toBe(404);
  });
});

describe('GET /api/organizer/attendees/:userId', () => {
  it('shows one person: profile, pass with barcodes, orders, invoices, bookings, check-ins, leads', async () => {
    const [vip] = await t.database.db.select().from(users).where(eq(users.email, 'vip@demo.cloudfest.example'));
    const res = await get(`/api/organizer/attendees/${vip?.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as AttendeeDetail;
    expect(detail.profile).toMatchObject({ email: 'vip@demo.cloudfest.example', scopes: expect.arrayContaining(['vip']) });
    expect(detail.pass).toMatchObject({ passType: { name: 'Premium Pass' }, status: 'approved' });
    expect(detail.bookings.length).toBeGreaterThan(0);
    expect(detail.leads).toEqual({ asScanner: expect.any(Number), asScanned: expect.any(Number) });
  });

  it('shows the billing VAT ID and the VAT ID printed on each invoice, with no VIES confirmation any more', async () => {
    const { db } = t.database;
    const [buyer] = await createPeople(db, 1, { status: 'approved' });
    const userId = buyer?.userId ?? '';
    expect(((await get(`/api/organizer/attendees/${userId}`)).json() as AttendeeDetail).billingVat).toBeNull();

    await db.insert(addresses).values({ userId, type: 'billingAddress', company: 'Wien Hosting GmbH', vatId: 'ATU 1358 5627' });
    // An invoice an older version issued under reverse charge, and one of today.
    const old = await addInvoice(db, buyer?.email ?? '', {
      net: 40_000,
      reverseCharge: true,
      vatId: 'ATU13585627',
      vatConfirmation: { confirmedAt: '2026-02-09T23:30:00.000Z', reference: 'WAPIAAAAZ1Q2w3E4' },
    });
    const plain = await addInvoice(db, buyer?.email ?? '', { net: 10_000 });

    const detail = (await get(`/api/organizer/attendees/${userId}`)).json() as AttendeeDetail;
    expect(detail.billingVat).toEqual({ vatId: 'ATU13585627' });
    expect(detail.invoices.find((row) => row.number === old.invoice.number)).toEqual(
      expect.objectContaining({ buyerVatId: 'ATU13585627', gross: 40_000 }),
    );
    expect(detail.invoices.find((row) => row.number === plain.invoice.number)).toEqual(
      expect.objectContaining({ buyerVatId: '', gross: 11_900 }),
    );
    for (const row of detail.invoices)
      expect(Object.keys(row).sort()).toEqual(['buyerVatId', 'gross', 'id', 'issuedAt', 'kind', 'number']);

    await db.update(addresses).set({ vatId: 'DE811907980' }).where(eq(addresses.userId, userId));
    expect(((await get(`/api/organizer/attendees/${userId}`)).json() as AttendeeDetail).billingVat).toEqual({
      vatId: 'DE811907980',
    });
  });
});

describe('attendee actions', () => {
  it('a re-sent confirmation link confirms with the password the holder chose at sign-up, after their own link expired', async () => {
    const { db } = t.database;
    const email = 'resend.chosen@company.example';
    const password = 'Kangaroo-Tuesday-88!';
    const payload = { email, password, firstName: 'Rita', lastName: 'Resend' };
    expect((await t.app.inject({ method: 'POST', url: '/api/user/sign-up', payload })).statusCode).toBe(202);
    const [user] = await db.select().from(users).where(eq(users.email, email));
    const userId = user?.id ?? '';
    // Two days later: the mailed link has expired.
    await db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, userId));

    expect((await act(userId, 'resend-confirmation')).statusCode).toBe(200);
    const link = new URL((await lastMailTo(db, email))?.text.match(/http:\/\/\S+/)?.[0] ?? '');
    const confirm = (typed: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/confirm',
        payload: { uuid: userId, token: link.searchParams.get('token'), password: typed },
      });
    expect((await confirm('Mallory-Wednesday-66?')).statusCode).toBe(400);
    const confirmed = await confirm(password);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { email, password } })).statusCode).toBe(200);
  });

  it('resends the confirmation mail to an unconfirmed address, the approval mail to an approved pass, 409 otherwise', async () => {
    const { db } = t.database;
    const [unconfirmed] = await createPeople(db, 1, { confirmed: false });
    const res = await act(unconfirmed?.userId ?? '', 'resend-confirmation');
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AttendeeAction).message).toContain('confirmation e-mail');
    const mail = await lastMailTo(db, unconfirmed?.email ?? '');
    expect(mail?.subject).toBe('Confirm your e-mail address for CloudFest 2026');
    expect(mail?.text).toContain(`/sign-up/confirm/${unconfirmed?.userId}?token=`);

    const [approved] = await createPeople(db, 1, { status: 'approved' });
    expect((await act(approved?.userId ?? '', 'resend-confirmation')).statusCode).toBe(200);
    expect((await lastMailTo(db, approved?.email ?? ''))?.subject).toBe('Your CloudFest 2026 pass is approved');

    const [pending] = await createPeople(db, 1);
    const refused = await act(pending?.userId ?? '', 'resend-confirmation');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(NOTHING_TO_RESEND);
    expect(
      await db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.to, pending?.email ?? '')),
    ).toHaveLength(0);
  });

  it('reissues a lost badge: old barcode revoked as lost (on the revocation list), a new one issued and served', async () => {
    const { db } = t.database;
    const buyer = await signedInUser(db);
    const first = (await t.app.inject({ method: 'GET', url: '/api/pass/barcode', headers: buyer.headers })).json()
      .token as string;
    const [old] = await db
      .select()
      .from(passBarcodes)
      .innerJoin(passes, eq(passes.id, passBarcodes.passId))
      .where(eq(passes.userId, buyer.user.id));
    const res = await act(buyer.user.id, 'reissue-barcode');
    expect(res.statusCode, res.body).toBe(200);
    const barcodes = (res.json() as AttendeeAction).attendee.pass?.barcodes ?? [];
    expect(barcodes).toHaveLength(2);
    expect(barcodes.find((b) => b.id === old?.pass_barcodes.id)).toMatchObject({
      revokedReason: 'lost',
      revokedAt: expect.any(String),
    });
    const current = barcodes.find((b) => b.revokedAt === null);
    expect(current).toBeDefined();
    // The revocation list follows commits: wait for older transactions of a PostgreSQL cluster.
    await changesSettled(t.database.db);
    const revoked = (await t.app.inject({ method: 'GET', url: '/api/pass/revocations' })).json() as { revoked: string[] };
    expect(revoked.revoked).toContain(old?.pass_barcodes.id);
    expect(revoked.revoked).not.toContain(current?.id);
    const second = (await t.app.inject({ method: 'GET', url: '/api/pass/barcode', headers: buyer.headers })).json()
      .token as string;
    expect(second).not.toBe(first);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'barcode.reissue'), eq(auditLog.subjectUserId, buyer.user.id)));
    expect(entry?.details).toMatchObject({ revoked: [old?.pass_barcodes.id], issued: current?.id });

    const [pending] = await createPeople(db, 1);
    expect((await act(pending?.userId ?? '', 'reissue-barcode')).statusCode).toBe(409);
    const [nopass] = await createPeople(db, 1, { status: null });
    expect((await act(nopass?.userId ?? '', 'reissue-barcode')).statusCode).toBe(409);
  });

  it('cancels a free pass: barcodes revoked, pool slot freed once, holder mailed; a second cancel is 409', async () => {
    const { db } = t.database;
    const holder = await freePoolHolder(db, 'approved');
    const before = await poolTaken(db);
    const res = await act(holder.userId, 'cancel-pass');
    expect(res.statusCode, res.body).toBe(200);
    const action = res.json() as AttendeeAction;
    expect(action.message).toContain('back to the pool');
    expect(action.attendee.pass).toMatchObject({ status: 'cancelled', source: 'free-pool' });
    expect(action.attendee.pass?.barcodes.every((b) => b.revokedReason === 'cancelled')).toBe(true);
    expect(await poolTaken(db)).toBe(before - 1);
    expect((await lastMailTo(db, holder.email))?.subject).toBe('Your CloudFest 2026 pass has been cancelled');
    const again = await act(holder.userId, 'cancel-pass');
    expect(again.statusCode).toBe(409);
    expect(await poolTaken(db)).toBe(before - 1);
  });

  it('cancels a paid pass: the upgrade is refunded through the sandbox with a credit note', async () => {
    const { db } = t.database;
    const buyer = await signedInUser(db);
    const [upgradeType] = await db.select().from(passTypes).where(eq(passTypes.name, 'Business Upgrade'));
    const placed = await t.app.inject({
      method: 'POST',
      url: '/api/pass/upgrade',
      headers: buyer.headers,
      payload: { passTypeId: upgradeType?.id },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json() as Order;
    await payInSandbox(t, buyer.headers, order);

    const res = await act(buyer.user.id, 'cancel-pass');
    expect(res.statusCode, res.body).toBe(200);
    const action = res.json() as AttendeeAction;
    expect(action.message).toContain('EUR 355.81 refunded');
    const [refund] = await db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(refund).toMatchObject({ amount: 35_581, provider: 'sandbox' });
    const notes = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.orderId, order.id), eq(invoices.kind, 'credit-note')));
    expect(notes).toHaveLength(1);
    expect(notes[0]?.gross).toBe(-35_581);
    expect(action.attendee.invoices.map((invoice) => invoice.kind)).toEqual(['invoice', 'credit-note']);
    expect(action.attendee.orders.find((row) => row.id === order.id)?.refunded).toBe(35_581);
    expect((await lastMailTo(db, buyer.user.email))?.text).toContain('EUR 355.81');
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'pass.cancel'), eq(auditLog.subjectUserId, buyer.user.id)));
    expect(entry?.details).toMatchObject({ previousStatus: 'approved', refunds: [{ orderId: order.id, amount: 35_581 }] });
  });
});
