import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Invoice, Order } from '#shared/contracts/registration.ts';
import { invoiceFiles, users } from '../../db/schema/index.ts';
import { sellerOf } from '../../services/invoices/seller.ts';
import { checkCii, readCii, writeTestXml } from '../../testing/en16931.ts';
import { facturXml } from '../../testing/pdf-attachments.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { createRegistrant, type RegistrantOptions } from '../../testing/registrant.ts';
import { createTestApp } from '../../testing/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Headers = Record<string, string>;
let t: TestApp;
let buyer: { headers: Headers; invoice: Invoice };
let company: { headers: Headers; invoice: Invoice };

/** A user who registered and paid through the sandbox, signed in with a full token. */
async function paidRegistration(options: Partial<RegistrantOptions>) {
  const { headers } = await createRegistrant(t.database.db, { scope: 'full', ...options } as RegistrantOptions);
  const checkout = await t.app.inject({ method: 'POST', url: '/api/registration/checkout', headers, payload: { hotel: null } });
  const order = checkout.json() as Order;
  const session = await t.app.inject({
    method: 'POST',
    url: '/api/payment/session',
    headers,
    payload: {
      item: order.id,
      amount: order.gross,
      redirectSuccess: '/registration/finish',
      redirectCancel: '/registration/checkout',
    },
  });
  await t.app.inject({
    method: 'POST',
    url: `/payment/sandbox/${session.json().paymentSessionId}/complete`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'outcome=succeeded',
  });
  const list = await t.app.inject({ method: 'GET', url: '/api/invoice', headers });
  const [invoice] = list.json() as Invoice[];
  if (!invoice) throw new Error(`no invoice: ${list.body}`);
  return { headers, invoice };
}

beforeAll(async () => {
  t = await createTestApp();
  buyer = await paidRegistration({ email: 'buyer@company.example' });
  company = await paidRegistration({
    email: 'eu@company.example',
    country: 'NL',
    vatId: 'NL004495445B01',
    company: 'Voorbeeld B.V.',
  });
});
afterAll(async () => t?.close());

/** The factur-x.xml a hybrid PDF embeds. */
const embeddedXml = async (bytes: Uint8Array) => (await facturXml(bytes)) ?? '';

const get = (url: string, headers?: Headers) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/invoice', () => {
  it('lists the signed-in user’s invoices', async () => {
    const res = await get('/api/invoice', buyer.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const list = res.json() as Invoice[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ number: buyer.invoice.number, gross: 35_581, status: 'paid' });
    expect(list[0]?.number).toMatch(/^CF-\d{4}-\d{6}$/);
    expect(Number.isNaN(Date.parse(list[0]?.issuedAt ?? ''))).toBe(false);
  });

  it('needs a full sign-in: no token or a registration token is 401', async () => {
    expect((await get('/api/invoice')).statusCode).toBe(401);
    const { headers } = await createRegistrant(t.database.db, { email: 'still-registering@company.example' });
    expect((await get('/api/invoice', headers)).statusCode).toBe(401);
  });

  it('answers an empty list for a user without invoices', async () => {
    // The host's pass came with a voucher and they bought nothing (the demo attendee has their hotel's invoice).
    const host = await t.login('host@demo.cloudfest.example');
    expect((await get('/api/invoice', host)).json()).toEqual([]);
  });
});

describe('GET /api/invoice/:id/pdf and /xml', () => {
  it('sends the hybrid invoice PDF (Factur-X) with a file name', async () => {
    const seller = sellerOf(t.app.config);
    const res = await get(`/api/invoice/${buyer.invoice.id}/pdf`, buyer.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${buyer.invoice.number}.pdf"`);
    const bytes = res.rawPayload;
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const text = pdfText(bytes);
    for (const expected of [
      seller.name,
      seller.vatId,
      buyer.invoice.number,
      'Teststraße 1',
      'Business Pass',
      '299,00',
      'USt. 19 % auf 299,00 €',
      '56,81',
      '355,81',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Reverse charge');
    // The embedded XML is the one the XML route answers, with the page's totals.
    const xml = await get(`/api/invoice/${buyer.invoice.id}/xml`, buyer.headers);
    expect(await embeddedXml(bytes)).toBe(xml.body);
  });

  it('hands out the files as issued (archived): the same bytes on every download, whatever the holder’s language later', async () => {
    const first = await get(`/api/invoice/${buyer.invoice.id}/pdf`, buyer.headers);
    const [archived] = await t.database.db.select().from(invoiceFiles).where(eq(invoiceFiles.invoiceId, buyer.invoice.id));
    expect(archived?.pdf.equals(first.rawPayload)).toBe(true);
    const holder = await t.database.db
      .select({ id: users.id, language: users.language })
      .from(users)
      .where(eq(users.email, 'buyer@company.example'));
    const other = holder[0]?.language === 'de' ? 'en' : 'de';
    await t.database.db.update(users).set({ language: other }).where(eq(users.email, 'buyer@company.example'));
    const later = await get(`/api/invoice/${buyer.invoice.id}/pdf`, buyer.headers);
    expect(later.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await get(`/api/invoice/${buyer.invoice.id}/xml`, buyer.headers)).body).toBe(archived?.xml);
  });

  it('answers the EN 16931 XML alone as a download', async () => {
    const res = await get(`/api/invoice/${buyer.invoice.id}/xml`, buyer.headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${buyer.invoice.number}.xml"`);
    writeTestXml('route-pass-only', res.body);
    const facts = readCii(res.body);
    expect(checkCii(facts)).toEqual([]);
    expect(facts).toMatchObject({ typeCode: '380', number: buyer.invoice.number });
    expect(facts.totals).toMatchObject({ grandTotal: 35_581, taxTotal: 5_681, due: 0 });
  });

  it('charges an EU company German VAT and carries its VAT ID, never reverse charge', async () => {
    const res = await get(`/api/invoice/${company.invoice.id}/pdf`, company.headers);
    const text = pdfText(res.rawPayload);
    expect(text).not.toContain('Steuerschuldnerschaft');
    expect(text).toContain('USt-IdNr. / VAT ID: NL004495445B01');
    expect(text).toContain('Voorbeeld B.V.');
    expect(text).toContain('USt. 19 % auf 299,00 € / VAT 19 % on 299,00 €');
    const xml = (await get(`/api/invoice/${company.invoice.id}/xml`, company.headers)).body;
    writeTestXml('route-eu-company', xml);
    expect(readCii(xml).buyer).toMatchObject({ name: 'Voorbeeld B.V.', vatId: 'NL004495445B01', countryCode: 'NL' });
  });

  it('works as a plain link with the HttpOnly session cookie', async () => {
    const token = buyer.headers.authorization?.slice('Bearer '.length);
    for (const kind of ['pdf', 'xml']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/invoice/${buyer.invoice.id}/${kind}`,
        cookies: { session: token ?? '' },
      });
      expect(res.statusCode).toBe(200);
    }
  });

  it('answers 404 for another user’s or an unknown invoice, 400 for a malformed id, 401 without a token', async () => {
    for (const kind of ['pdf', 'xml']) {
      const theirs = await get(`/api/invoice/${company.invoice.id}/${kind}`, buyer.headers);
      expect(theirs.statusCode).toBe(404);
      expect(theirs.headers['content-type']).toContain('application/problem+json');
      expect((await get(`/api/invoice/00000000-0000-4000-8000-000000000000/${kind}`, buyer.headers)).statusCode).toBe(404);
      expect((await get(`/api/invoice/42/${kind}`, buyer.headers)).statusCode).toBe(400);
      expect((await get(`/api/invoice/${buyer.invoice.id}/${kind}`)).statusCode).toBe(401);
    }
  });
});
