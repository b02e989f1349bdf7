import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '#shared/contracts/registration.ts';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { invoices, trainTicketTypes, users } from '../../db/schema/index.ts';
import { facturXml } from '../../testing/pdf-attachments.ts';
import { payInSandbox, signedInUser } from '../../testing/purchases.ts';
import { createTestDatabase, testConfig } from '../../testing/test-app.ts';
import type { Mail, Mailer } from '../mail/mail.ts';

/*
 * The confirmation of a paid order carries its invoice as the hybrid PDF: the PDF/A-3 a
 * person reads with the EN 16931 XML embedded as factur-x.xml, in the holder's language.
 */

const sent: Mail[] = [];
/** Keeps every mail as the app hands it over, attachments included (the outbox stores text only). */
const capture: Mailer = {
  mode: 'outbox',
  async send(mail) {
    sent.push(mail);
  },
  close() {},
};

let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), database, distDir: '/nonexistent', mailer: capture });
  await app.ready();
}, 60_000);
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('the order confirmation mail', () => {
  it('attaches the invoice as its ZUGFeRD / Factur-X PDF, in the holder’s language', async () => {
    const db = database.db;
    const { user, headers } = await signedInUser(db);
    await db.update(users).set({ language: 'de' }).where(eq(users.id, user.id));
    const [type] = await db.select().from(trainTicketTypes).orderBy(trainTicketTypes.priceCents).limit(1);
    const ordered = await app.inject({ method: 'POST', url: '/api/train-ticket', headers, payload: { typeId: type?.id } });
    expect(ordered.statusCode, ordered.body).toBe(201);
    const order = ordered.json() as Order;
    // payInSandbox wants the test app's shape; the app and database are all it uses.
    await payInSandbox({ app, database, login: async () => headers, close: async () => {} }, headers, order);

    const [invoice] = await db.select().from(invoices).where(eq(invoices.userId, user.id));
    if (!invoice) throw new Error('no invoice');
    const mail = sent.findLast((one) => one.to === user.email);
    expect(mail?.subject).toContain(`Rechnung ${invoice.number}`);
    expect(mail?.text).toContain(`Ihre Rechnung ${invoice.number} ist als PDF-E-Rechnung (ZUGFeRD) angehängt`);
    expect(mail?.text).not.toMatch(/Steuerschuldnerschaft|reverse charge/i);
    expect(mail?.attachments).toHaveLength(1);
    const [attachment] = mail?.attachments ?? [];
    expect(attachment).toMatchObject({ filename: `${invoice.number}.pdf`, contentType: 'application/pdf' });
    const pdf = attachment?.content ?? Buffer.alloc(0);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const xml = (await facturXml(pdf)) ?? '';
    expect(xml).toContain('CrossIndustryInvoice');
    expect(xml).toContain(`<ram:ID>${invoice.number}</ram:ID>`);
    // The XML's total is the invoice's: the train ticket at 7 %.
    const gross = `${Math.floor(invoice.gross / 100)}.${String(invoice.gross % 100).padStart(2, '0')}`;
    expect(xml).toMatch(new RegExp(`GrandTotalAmount[^>]*>${gross.replace('.', '\\.')}<`));
  });
});
