import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckinList, CheckinOp } from '#shared/contracts/checkin.ts';
import type { Lead } from '#shared/contracts/leads.ts';
import type { SyncResponse } from '#shared/contracts/sync.ts';
import {
  addresses,
  agendaFavourites,
  agendaSessions,
  auditLog,
  authTokens,
  bookings,
  invoiceFiles,
  invoices,
  leads,
  orders,
  passBarcodes,
  passes,
  surveyAnswers,
  surveyQuestions,
  users,
} from '../../db/schema/index.ts';
import { demoEmail } from '../../db/seed/demo-accounts.ts';
import { hashPassword } from '../../services/accounts/password.ts';
import { BADGE_REVOKED } from '../../services/badges/badge-verifier.ts';
import { issuedFiles } from '../../services/invoices/invoice-files.ts';
import { badgeOf, badgeTestConfig, type TestApp } from '../../testing/lead.ts';
import { addInvoice, csvRecords } from '../../testing/organizer-event.ts';
import { ORGANIZER } from '../../testing/organizer-people.ts';
import { lastMailTo, signedInUser } from '../../testing/purchases.ts';
import { createTestApp } from '../../testing/test-app.ts';
import { readZip } from '../../testing/zip-reader.ts';
import { WRONG_DELETE_PASSWORD } from './account-data.ts';

const PASSWORD = 'Correct-Horse-Battery-42';

let t: TestApp;
let vendorId: string;

beforeAll(async () => {
  t = await createTestApp(badgeTestConfig({ ACCOUNT_RATE_LIMIT_PER_MINUTE: '100000' }));
  const [vendor] = await t.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, demoEmail('vendor')));
  vendorId = vendor?.id ?? '';
}, 60_000);
afterAll(async () => t?.close());

/**
 * A signed-in attendee with a real password, an approved pass, a billing address, a survey answer,
 * a star on the agenda, a paid order with its invoice (archived), an open order, a lead they
 * scanned (as a lead scanner) and a lead the demo vendor made of them.
 */
async function person() {
  const { db } = t.database;
  const registrant = await signedInUser(db, { company: 'Personal Data GmbH' });
  const userId = registrant.user.id;
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD), permissionPaths: ['/contacts'] })
    .where(eq(users.id, userId));
  const [question] = await db.select().from(surveyQuestions).limit(1);
  await db.insert(surveyAnswers).values({
    userId,
    questionId: question?.id ?? 0,
    value: question?.kind === 'multiple' ? ['x'] : 'my answer',
    createdAt: '2026-02-01',
  });
  const [session] = await db.select({ id: agendaSessions.id }).from(agendaSessions).limit(1);
  await db.insert(agendaFavourites).values({ userId, sessionId: session?.id ?? 0, favourite: true, changedAt: new Date() });
  const paid = await addInvoice(db, registrant.user.email, { net: 10_000 });
  const archived = await issuedFiles(db, t.app.config, paid.invoice.id);
  const [open] = await db
    .insert(orders)
    .values({ userId, kind: 'hotel', status: 'open', lines: [], net: 0, vat: 0, gross: 0 })
    .returning({ id: orders.id });
  // Someone the person scanned, and the vendor's lead of the person.
  const other = await signedInUser(db, { company: 'Scanned Elsewhere AG' });
  const [pass] = await db.select({ id: passes.id }).from(passes).where(eq(passes.userId, userId));
  const [barcode] = await db
    .insert(passBarcodes)
    .values({ passId: pass?.id ?? '' })
    .returning({ id: passBarcodes.id });
  const now = new Date();
  const [theirs] = await db
    .insert(leads)
    .values({
      scannerUserId: userId,
      scannedUserId: other.user.id,
      barcodeId: randomUUID(),
      notes: 'met them',
      createdAt: now,
      changedAt: now,
    })
    .returning({ id: leads.id });
  const [aboutThem] = await db
    .insert(leads)
    .values({
      scannerUserId: vendorId,
      scannedUserId: userId,
      barcodeId: barcode?.id ?? '',
      notes: 'vendor note',
      rating: 4,
      createdAt: now,
      changedAt: now,
    })
    .returning({ id: leads.id });
  return {
    ...registrant,
    userId,
    email: registrant.user.email,
    other,
    invoice: paid.invoice,
    paidOrderId: paid.orderId,
    archivedPdf: archived?.pdf ?? Buffer.alloc(0),
    openOrderId: open?.id ?? '',
    theirLeadId: theirs?.id ?? '',
    leadAboutThemId: aboutThem?.id ?? '',
  };
}

const exportOf = (headers?: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/api/user/data-export', ...(headers ? { headers } : {}) });
const deleteWith = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({ method: 'DELETE', url: '/api/user/', headers, payload: payload as object });
const json = (files: Map<string, Buffer>, name: string) => JSON.parse(files.get(name)?.toString('utf8') ?? 'null');

describe('GET /api/user/data-export', () => {
  it('answers 401 without a sign-in', async () => {
    expect((await exportOf()).statusCode).toBe(401);
  });

  it("is a ZIP of the person's own data, their invoice byte for byte as archived, and is audited", async () => {
    const me = await person();
    const stranger = await person();
    const res = await exportOf(me.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="cloudfest-2026-my-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const files = readZip(res.rawPayload);
    for (const name of [
      'account.json',
      'orders.json',
      'bookings.json',
      'pass.json',
      'survey.json',
      'leads.json',
      'favourites.json',
    ]) {
      expect(files.has(name), name).toBe(true);
    }
    expect(json(files, 'account.json')).toMatchObject({
      uuid: me.userId,
      email: me.email,
      company: 'Personal Data GmbH',
      scopes: [],
      billingAddress: { addressLine1: 'Teststraße 1', country: { code: 'DE' } },
    });
    const orderList = json(files, 'orders.json') as { id: string; invoices: string[] }[];
    expect(orderList.map((order) => order.id).sort()).toEqual([me.paidOrderId, me.openOrderId].sort());
    expect(orderList.find((order) => order.id === me.paidOrderId)?.invoices).toEqual([me.invoice.number]);
    expect(json(files, 'pass.json')).toMatchObject({ passType: 'Standard Pass', status: 'approved' });
    expect(JSON.stringify(json(files, 'pass.json'))).not.toMatch(/secret|privateKey/i);
    expect(json(files, 'survey.json')).toHaveLength(1);
    expect(json(files, 'favourites.json')).toHaveLength(1);
    expect(json(files, 'leads.json')).toEqual([
      expect.objectContaining({
        id: me.theirLeadId,
        notes: 'met them',
        person: expect.objectContaining({ company: 'Scanned Elsewhere AG' }),
      }),
    ]);
    expect(files.get(`invoices/${me.invoice.number}.pdf`)?.equals(me.archivedPdf)).toBe(true);
    expect(files.get(`invoices/${me.invoice.number}.xml`)?.toString('utf8')).toContain('CrossIndustryInvoice');

    // Nothing of the other person with the same kind of data.
    const everything = [...files.values()].map((file) => file.toString('latin1')).join('\n');
    expect(everything).not.toContain(stranger.email);
    expect(everything).not.toContain(stranger.userId);
    expect(everything).not.toContain(stranger.invoice.number);
    expect(everything).not.toContain(stranger.paidOrderId);

    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.export'), eq(auditLog.subjectUserId, me.userId)));
    expect(entry?.actorUserId).toBe(me.userId);
  });

  it('limits exports per account', async () => {
    const me = await person();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push((await exportOf(me.headers)).statusCode);
    expect(answers).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('DELETE /api/user/', () => {
  it('answers 401 without a sign-in and 400, never 500, to bad bodies', async () => {
    expect((await t.app.inject({ method: 'DELETE', url: '/api/user/', payload: { password: 'x' } })).statusCode).toBe(401);
    const me = await person();
    for (const payload of [{}, { password: '' }, { password: 42 }, { password: 'x'.repeat(129) }, []]) {
      const res = await deleteWith(me.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const broken = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/',
      headers: { ...me.headers, 'content-type': 'application/json' },
      payload: '{"password":',
    });
    expect(broken.statusCode).toBe(400);
    // A body that is not JSON at all: refused as such (415), still not a 500.
    expect((await deleteWith(me.headers, 'password')).statusCode).toBe(415);
    expect(await t.database.db.$count(users, eq(users.id, me.userId))).toBe(1);
  });

  it('refuses a wrong password with 403 and deletes nothing', async () => {
    const me = await person();
    const res = await deleteWith(me.headers, { password: 'not-my-password' });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ detail: WRONG_DELETE_PASSWORD, errors: [{ path: 'password' }] });
    const german = await t.app.inject({
      method: 'DELETE',
      url: '/api/user/',
      headers: { ...me.headers, 'accept-language': 'de' },
      payload: { password: 'not-my-password' },
    });
    expect(german.json()).toMatchObject({ detail: 'Ihr Passwort ist nicht korrekt. Ihr Konto wurde nicht gelöscht.' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.userId));
    expect(row?.email).toBe(me.email);
  });

  it('deletes the account: no sign-in, pass refused, invoice kept with its buyer, leads gone or anonymised', async () => {
    const { db } = t.database;
    const me = await person();
    const staff = await t.login(demoEmail('staff'));
    const badge = await badgeOf(t, me.headers);
    const otherSession = await t.login(me.email, PASSWORD);

    const res = await deleteWith(me.headers, { password: PASSWORD });
    expect(res.statusCode, res.body).toBe(204);

    // Every session ended, this one and the other device's.
    expect((await deleteWith(me.headers, { password: PASSWORD })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/user/', headers: otherSession })).statusCode).toBe(401);
    expect(await db.$count(authTokens, eq(authTokens.userId, me.userId))).toBe(0);
    // Nobody signs in with the old address (or the placeholder).
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: me.email, password: PASSWORD },
    });
    expect(signIn.statusCode).toBe(401);

    const [row] = await db.select().from(users).where(eq(users.id, me.userId));
    expect(row).toMatchObject({
      email: `deleted-${me.userId}@deleted.invalid`,
      firstName: '',
      lastName: '',
      company: '',
      image: null,
    });
    expect(row?.permissionPaths).toEqual([]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: row?.email, password: PASSWORD },
    });
    expect(anonymous.statusCode).toBe(401);
    for (const table of [addresses, surveyAnswers, agendaFavourites]) {
      expect(await db.$count(table, eq(table.userId, me.userId))).toBe(0);
    }

    // The badge is refused at the door.
    const lists = (await t.app.inject({ method: 'GET', url: '/api/checkin/lists', headers: staff })).json() as CheckinList[];
    const op: CheckinOp = {
      id: randomUUID(),
      createdAt: new Date().toISOString(),
      listId: lists.find((list) => list.name === 'Main entrance')?.id ?? 0,
      token: badge,
      deviceId: 'door-1',
    };
    const checkin = await t.app.inject({ method: 'POST', url: '/api/checkin', headers: staff, payload: { ops: [op] } });
    expect((checkin.json() as SyncResponse).results).toEqual([
      expect.objectContaining({ status: 'rejected', reason: BADGE_REVOKED }),
    ]);
    const [pass] = await db.select().from(passes).where(eq(passes.userId, me.userId));
    expect(pass?.status).toBe('cancelled');

    // The invoice stays, with its buyer, for the organizer; its files as archived; the open order is gone.
    const [invoice] = await db.select().from(invoices).where(eq(invoices.id, me.invoice.id));
    expect(invoice?.buyer).toMatchObject({ name: 'Ada Lovelace', email: me.email });
    const [files] = await db.select().from(invoiceFiles).where(eq(invoiceFiles.invoiceId, me.invoice.id));
    expect(files?.pdf.equals(me.archivedPdf)).toBe(true);
    const organizer = await t.login(ORGANIZER);
    const csv = await t.app.inject({ method: 'GET', url: '/api/organizer/exports/orders.csv', headers: organizer });
    const record = csvRecords(csv.body).find((line) => Object.values(line).includes(me.invoice.number));
    expect(Object.values(record ?? {})).toContain('Ada Lovelace');
    const detail = await t.app.inject({ method: 'GET', url: `/api/organizer/attendees/${me.userId}`, headers: organizer });
    expect(detail.statusCode).toBe(200);
    expect(JSON.stringify(detail.json())).toContain(me.invoice.number);
    expect(await db.$count(orders, eq(orders.id, me.paidOrderId))).toBe(1);
    expect(await db.$count(orders, eq(orders.id, me.openOrderId))).toBe(0);
    expect(await db.$count(bookings, eq(bookings.userId, me.userId))).toBe(0);

    // Leads the person scanned are gone; the vendor keeps theirs, without the person's name or company.
    expect(await db.$count(leads, eq(leads.id, me.theirLeadId))).toBe(0);
    const vendor = await t.login(demoEmail('vendor'));
    const vendorLeads = (await t.app.inject({ method: 'GET', url: '/api/lead?active=true', headers: vendor })).json() as Lead[];
    const kept = vendorLeads.find((lead) => lead.id === me.leadAboutThemId);
    expect(kept?.notes).toBe('vendor note');
    expect(kept?.passiveUser).toMatchObject({ firstName: '', lastName: '', company: '', image: null });
    expect(JSON.stringify(vendorLeads)).not.toContain(me.email);

    // The confirmation went to the address before it was anonymised; the deletion is audited.
    expect((await lastMailTo(db, me.email))?.subject).toBe('Your CloudFest account has been deleted');
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'account.delete'), eq(auditLog.subjectUserId, me.userId)));
    expect(entry?.details).toMatchObject({ leadsDeleted: 1, leadsAnonymised: 1, ordersDeleted: 1, invoicesKept: 1 });
  });
});
