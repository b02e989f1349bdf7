import { and, eq, isNull } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodePassToken, verifyPassToken } from '#shared/pass-token.ts';
import { auditLog, passBarcodes, passes, passTypes, users } from '../../db/schema/index.ts';
import { demoEmail } from '../../db/seed/demo-accounts.ts';
import { decodeQrImage, pdfImages, pdfPageCount } from '../../testing/pdf-badges.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { createTestApp } from '../../testing/test-app.ts';

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
let t: TestApp;
let organizer: Record<string, string>;
let keys: Record<string, string>;
const AT = new Date('2026-03-25T10:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  organizer = await t.login(demoEmail('organizer'));
  const res = await t.app.inject({ method: 'GET', url: '/api/pass/keys' });
  keys = Object.fromEntries((res.json() as { keys: { kid: string; publicKey: string }[] }).keys.map((k) => [k.kid, k.publicKey]));
});
afterAll(async () => t?.close());

const get = (query: string, headers = organizer) =>
  t.app.inject({ method: 'GET', url: `/api/organizer/badges.pdf${query}`, headers });

/** Every QR code of the PDF decoded and verified; fails the test on any that does not. */
async function verifiedTokens(pdf: Buffer) {
  const images = pdfImages(pdf);
  const payloads = [];
  for (const [index, image] of images.entries()) {
    const token = await decodeQrImage(image);
    expect(token, `QR code ${index} decodes`).not.toBeNull();
    const verdict = await verifyPassToken(token as string, keys, AT);
    expect(verdict.valid, `QR code ${index} verifies`).toBe(true);
    payloads.push(decodePassToken(token as string).payload);
  }
  return payloads;
}

async function approvedPassIds(passTypeId?: number) {
  const rows = await t.database.db
    .select({ id: passes.id })
    .from(passes)
    .where(and(eq(passes.status, 'approved'), passTypeId ? eq(passes.passTypeId, passTypeId) : undefined));
  return rows.map((row) => row.id);
}

async function currentBarcodeIds(passIds: string[]) {
  const rows = await t.database.db
    .select({ id: passBarcodes.id, passId: passBarcodes.passId })
    .from(passBarcodes)
    .where(isNull(passBarcodes.revokedAt));
  const wanted = new Set(passIds);
  return rows.filter((row) => wanted.has(row.passId)).map((row) => row.id);
}

describe('GET /api/organizer/badges.pdf', () => {
  it('prints one person on an A6 page: their name, company, pass type and the barcode their app shows', async () => {
    const [attendee] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, demoEmail('attendee')));
    const res = await get(`?layout=a6&userId=${attendee?.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('attachment');
    const pdf = res.rawPayload;
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBe(1);
    const [width, height] = [doc.getPage(0).getWidth(), doc.getPage(0).getHeight()];
    expect([Math.round(width), Math.round(height)]).toEqual([298, 420]);
    const text = pdfText(pdf);
    expect(text).toContain(attendee?.lastName);
    if (attendee?.company) expect(text).toContain(attendee.company);
    const [payload] = await verifiedTokens(pdf);
    const mine = await t.app.inject({ method: 'GET', url: '/api/pass/barcode', headers: await t.login(demoEmail('attendee')) });
    expect(payload?.pid).toBe(decodePassToken((mine.json() as { token: string }).token).payload.pid);
    expect(text).toContain(payload?.t);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.subjectUserId, attendee?.id as string));
    expect(audit).toMatchObject({ action: 'badge.print', details: { layout: 'a6' } });
  });

  it('prints a pass type on 2×4 label sheets, only approved passes of that type', async () => {
    const [type] = await t.database.db.select().from(passTypes).where(eq(passTypes.name, 'Standard Pass'));
    const ids = await approvedPassIds(type?.id);
    expect(ids.length).toBeGreaterThan(8);
    const res = await get(`?layout=sheet&passType=${type?.id}`);
    expect(res.statusCode).toBe(200);
    const doc = await PDFDocument.load(res.rawPayload);
    expect(doc.getPageCount()).toBe(Math.ceil(ids.length / 8));
    expect(Math.round(doc.getPage(0).getWidth())).toBe(595);
    const payloads = await verifiedTokens(res.rawPayload);
    expect(payloads.map((p) => p.pid).sort()).toEqual((await currentBarcodeIds(ids)).sort());
    expect(new Set(payloads.map((p) => p.t))).toEqual(new Set([type?.name]));
  });

  it('answers 404 for a person without an approved pass and 400 for bad input, never 500', async () => {
    const [pending] = await t.database.db
      .select({ userId: passes.userId })
      .from(passes)
      .where(eq(passes.status, 'pending'))
      .limit(1);
    if (pending) expect((await get(`?userId=${pending.userId}`)).statusCode).toBe(404);
    expect((await get('?userId=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    for (const query of ['?layout=a4', '?userId=nope', '?passType=abc', '?passType=0', '?passType=99999999999']) {
      expect((await get(query)).statusCode, query).toBe(400);
    }
    // A pass type nobody holds still makes a PDF that opens.
    const empty = await get('?passType=999999');
    expect(empty.statusCode).toBe(200);
    expect((await PDFDocument.load(empty.rawPayload)).getPageCount()).toBe(1);
    expect(pdfImages(empty.rawPayload)).toEqual([]);
  });

  it('renders 2,000 badges in which every QR code decodes to a genuine token of a current barcode', async () => {
    const [type] = await t.database.db.select().from(passTypes).where(eq(passTypes.name, 'Standard Pass'));
    if (!type) throw new Error('no Standard Pass');
    const existing = (await approvedPassIds()).length;
    const people = Array.from({ length: 2_000 - existing }, (_, i) => ({
      email: `badge${i}@crowd.example`,
      passwordHash: '!',
      firstName: i % 7 === 0 ? 'Zoë-Łucja' : `Person${i}`,
      lastName: i % 11 === 0 ? 'Van der Longname-Featherstonehaugh Sørensen' : `Crowd${i}`,
      company: i % 3 === 0 ? '' : `Company ${i % 50} GmbH & Co. KG`,
    }));
    for (let i = 0; i < people.length; i += 500) {
      const made = await t.database.db
        .insert(users)
        .values(people.slice(i, i + 500))
        .returning({ id: users.id });
      await t.database.db
        .insert(passes)
        .values(
          made.map((row) => ({ userId: row.id, passTypeId: type.id, status: 'approved' as const, approvedAt: new Date() })),
        );
    }
    const ids = await approvedPassIds();
    expect(ids.length).toBe(2_000);

    const res = await get('?layout=sheet');
    expect(res.statusCode).toBe(200);
    expect(pdfPageCount(res.rawPayload)).toBe(250);
    const payloads = await verifiedTokens(res.rawPayload);
    expect(payloads.length).toBe(2_000);
    expect(payloads.map((p) => p.pid).sort()).toEqual((await currentBarcodeIds(ids)).sort());
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Zoë-Lucja'); // ë is WinAnsi, Ł is not
    expect(text).toContain(people.at(-1)?.lastName);
  }, 120_000);
});
