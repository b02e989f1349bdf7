import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { hotelLine, taxedLine, totalsOf } from '#shared/pricing.ts';
import { checkCii, officialValidation, readCii, writeTestXml } from '../../../testing/en16931.ts';
import { embeddedFiles, facturXml } from '../../../testing/pdf-attachments.ts';
import { pdfText } from '../../../testing/pdf-text.ts';
import { SAMPLE_INVOICE, TEST_SELLER } from '../../../testing/sample-invoice.ts';
import { invoicePdf, invoiceXml } from '../invoice-files.ts';
import type { InvoiceDocument } from '../invoice-pdf.ts';

/*
 * The e-invoice of every kind of document the app issues, checked by our own reading of the XML
 * (BT values and amounts) and, when ../shared/tools and Java are there, by the official EN 16931
 * rules. Every XML is left in test-output/e-invoices for CI's validator run.
 */

const germanCompany = {
  name: 'Jana Schmidt',
  company: 'Beispiel GmbH',
  address: ['Leopoldstraße 24', '80802 München', 'Deutschland'],
  postal: { line1: 'Leopoldstraße 24', line2: '', postcode: '80802', city: 'München', state: '', countryCode: 'DE' },
  vatId: '',
  email: 'jana@beispiel.example',
  reference: '04011000-12345-34',
  purchaseOrder: 'PO-2026-117',
};
const base: InvoiceDocument = { ...SAMPLE_INVOICE, buyer: germanCompany, language: 'de' };
const breakfast = taxedLine('extra', 'Breakfast', 4, 2_200);
const upgradeLine = taxedLine('upgrade', 'Business Pass (from Standard Pass)', 1, 20_000);
const trainLine = taxedLine('train-ticket', 'Deutsche Bahn Event Ticket – Return, 2nd class', 1, 11_682);
const hotel = hotelLine({ name: 'Hotel Colosseo', roomName: 'Double', start: '2026-03-23', end: '2026-03-27' }, 71_600);

const FIXTURES: Record<string, InvoiceDocument> = {
  'pass-only': { ...base, lines: [taxedLine('pass', 'Business Pass', 1, 29_900)] },
  'pass-hotel-breakfast': { ...SAMPLE_INVOICE, lines: [...SAMPLE_INVOICE.lines, breakfast] },
  upgrade: { ...base, number: 'CF-2026-000050', lines: [upgradeLine] },
  'train-ticket': { ...base, number: 'CF-2026-000051', lines: [trainLine] },
  'credit-note': {
    ...base,
    kind: 'credit-note',
    number: 'CF-2026-000057',
    issuedAt: new Date('2026-03-01T08:00:00Z'),
    corrects: { number: 'CF-2026-000042', issuedAt: new Date('2026-02-10T09:30:00Z') },
    lines: [{ ...hotel, unitPrice: -hotel.unitPrice, net: -hotel.net }],
  },
  'buyer-abroad': {
    ...base,
    language: 'en',
    buyer: {
      name: 'Camille Martin',
      company: 'Exemple SAS',
      address: ['12 rue de la Paix', '75002 Paris', 'France'],
      postal: { line1: '12 rue de la Paix', line2: '', postcode: '75002', city: 'Paris', state: '', countryCode: 'FR' },
      vatId: 'FR40303265045',
      email: 'camille@exemple.example',
    },
    lines: [taxedLine('pass', 'Business Pass', 1, 29_900), hotel],
  },
  consumer: {
    ...base,
    status: 'open',
    buyer: {
      name: 'Max Mustermann',
      company: '',
      address: ['Hauptstraße 1', '10115 Berlin', 'Deutschland'],
      postal: { line1: 'Hauptstraße 1', line2: '', postcode: '10115', city: 'Berlin', state: '', countryCode: 'DE' },
      vatId: '',
      email: 'max@example.de',
    },
    lines: [taxedLine('pass', 'Standard Pass', 1, 9_900)],
  },
  // Issued before migration 0020 under reverse charge, without the address in parts: stays as issued.
  'old-reverse-charge': {
    ...base,
    language: 'en',
    number: 'CF-2025-000310',
    issuedAt: new Date('2025-11-03T10:00:00Z'),
    buyer: {
      name: 'Jan de Vries',
      company: 'Voorbeeld B.V.',
      address: ['Keizersgracht 1', '1015 CJ Amsterdam', 'Netherlands'],
      vatId: 'NL004495445B01',
      email: 'jan@voorbeeld.example',
      vatConfirmation: { confirmedAt: '2025-11-03T09:59:00Z', reference: 'WAPIAAAAW1c4Zk2D' },
    },
    lines: [
      {
        kind: 'pass',
        description: 'Business Pass',
        quantity: 1,
        unitPrice: 29_900,
        net: 29_900,
        vatCategory: 'AE',
        vatBasisPoints: 0,
      },
    ],
  },
};

const written: string[] = [];
const xmlOf = async (name: string, doc: InvoiceDocument) => {
  const xml = await invoiceXml(doc);
  written.push(writeTestXml(name, xml));
  return xml;
};

describe('invoiceXml', () => {
  for (const [name, doc] of Object.entries(FIXTURES)) {
    it(`${name}: keeps the EN 16931 rules, with the PDF's amounts`, async () => {
      const facts = readCii(await xmlOf(name, doc));
      expect(checkCii(facts)).toEqual([]);
      const sign = doc.kind === 'credit-note' ? -1 : 1;
      const totals = totalsOf(doc.lines);
      expect(facts.typeCode).toBe(doc.kind === 'credit-note' ? '381' : '380');
      expect(facts.number).toBe(doc.number);
      expect(facts.seller).toMatchObject({ name: TEST_SELLER.name, vatId: TEST_SELLER.vatId, countryCode: 'DE' });
      expect(facts.period).toEqual(doc.supply);
      expect(facts.taxes.map(({ category, rate, basis, tax }) => ({ category, rate, basis, tax }))).toEqual(
        totals.vatBreakdown.map((row) => ({
          category: row.category,
          rate: row.category === 'AE' ? 0 : row.basisPoints / 100,
          basis: sign * row.net,
          tax: sign * row.vat,
        })),
      );
      expect(facts.totals).toMatchObject({
        taxBasis: sign * totals.net,
        taxTotal: sign * totals.vat,
        grandTotal: sign * totals.gross,
      });
      expect(facts.lines.map((line) => line.unitCode)).toEqual(doc.lines.map((line) => (line.kind === 'hotel' ? 'DAY' : 'C62')));
    });
  }

  it('carries the buyer reference, the purchase order and no VAT ID for a German company without one', async () => {
    const facts = readCii(await invoiceXml(FIXTURES['pass-only'] as InvoiceDocument));
    expect(facts.buyer).toMatchObject({
      name: 'Beispiel GmbH',
      reference: '04011000-12345-34',
      purchaseOrder: 'PO-2026-117',
      vatId: '',
    });
    expect(facts.totals).toMatchObject({ prepaid: 35_581, due: 0 });
  });

  it('gives each rate its own VAT: pass, nights and breakfast', async () => {
    const facts = readCii(await invoiceXml(FIXTURES['pass-hotel-breakfast'] as InvoiceDocument));
    expect(facts.taxes).toMatchObject([
      { category: 'S', rate: 19, basis: 29_900 + 8_800, tax: 7_353 },
      { category: 'S', rate: 7, basis: 71_600, tax: 5_012 },
    ]);
    expect(facts.totals.grandTotal).toBe(101_500 + 8_800 + 7_353 + 5_012);
    expect(facts.buyer).toMatchObject({ vatId: 'PL5260250995', countryCode: 'PL', city: 'Warszawa' });
  });

  it('writes a credit note as type 381 with positive amounts that names the invoice it corrects', async () => {
    const facts = readCii(await invoiceXml(FIXTURES['credit-note'] as InvoiceDocument));
    expect(facts.preceding).toEqual({ number: 'CF-2026-000042', date: '2026-02-10' });
    expect(facts.lines[0]).toMatchObject({ quantity: 4, unitCode: 'DAY', price: 17_900, net: 71_600, rate: 7 });
    expect(facts.totals).toMatchObject({ grandTotal: 76_612, prepaid: 76_612, due: 0 });
  });

  it('carries a foreign buyer’s VAT ID and German VAT; a consumer’s open invoice is due', async () => {
    const abroad = readCii(await invoiceXml(FIXTURES['buyer-abroad'] as InvoiceDocument));
    expect(abroad.buyer).toMatchObject({ name: 'Exemple SAS', vatId: 'FR40303265045', countryCode: 'FR' });
    expect(abroad.taxes.map((tax) => tax.rate)).toEqual([19, 7]);
    const consumer = readCii(await invoiceXml(FIXTURES.consumer as InvoiceDocument));
    expect(consumer.buyer).toMatchObject({ name: 'Max Mustermann', vatId: '' });
    expect(consumer.totals).toMatchObject({ grandTotal: 11_781, prepaid: 0, due: 11_781 });
  });

  it('keeps an old reverse-charge invoice as issued: category AE, no VAT, the reason, the address read back', async () => {
    const facts = readCii(await invoiceXml(FIXTURES['old-reverse-charge'] as InvoiceDocument));
    expect(facts.taxes).toEqual([
      { category: 'AE', rate: 0, basis: 29_900, tax: 0, exemptionReason: expect.stringContaining('Reverse charge') },
    ]);
    expect(facts.buyer).toMatchObject({ vatId: 'NL004495445B01', countryCode: 'NL', city: 'Amsterdam' });
  });

  it('words every line in the holder’s language', async () => {
    const train = readCii(await invoiceXml(FIXTURES['train-ticket'] as InvoiceDocument));
    expect(train.lines[0]?.name).toBe('Deutsche Bahn Veranstaltungsticket – Hin- und Rückfahrt, 2. Klasse');
    const upgrade = readCii(await invoiceXml(FIXTURES.upgrade as InvoiceDocument));
    expect(upgrade.lines[0]?.name).toBe('Business Pass (Upgrade von Standard Pass)');
  });

  it('catches a broken amount in our checks', async () => {
    const xml = (await invoiceXml(FIXTURES['pass-hotel-breakfast'] as InvoiceDocument)).replace(
      '<ram:LineTotalAmount>716.00</ram:LineTotalAmount>',
      '<ram:LineTotalAmount>717.00</ram:LineTotalAmount>',
    );
    // Outside test-output/e-invoices: CI validates every file there and expects them all valid.
    const file = join(mkdtempSync(join(tmpdir(), 'cf-e-invoice-')), 'broken-amount.invalid.xml');
    writeFileSync(file, xml);
    written.push(file);
    expect(checkCii(readCii(xml))).toEqual(
      expect.arrayContaining([expect.stringContaining('BR-CO-10'), expect.stringContaining('line 2: 4 × 17900 ≠ 71700')]),
    );
  });
});

describe('invoicePdf', () => {
  it('is our invoice as PDF/A-3 with the same XML embedded as factur-x.xml and the Factur-X XMP', async () => {
    const doc = FIXTURES['pass-hotel-breakfast'] as InvoiceDocument;
    const bytes = await invoicePdf(doc);
    const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
    const embedded = (await embeddedFiles(bytes)).get('factur-x.xml');
    expect(embedded).not.toBeNull();
    expect(Buffer.from(embedded?.bytes ?? []).toString('utf8')).toBe(await invoiceXml(doc));
    expect(embedded?.spec.get(PDFName.of('AFRelationship'))).toBe(PDFName.of('Alternative'));
    expect(pdf.catalog.lookup(PDFName.of('AF'), PDFArray).size()).toBe(1);
    expect(pdf.catalog.lookup(PDFName.of('OutputIntents'), PDFArray).size()).toBe(1);

    const metadata = pdf.catalog.lookup(PDFName.of('Metadata'));
    if (!(metadata instanceof PDFRawStream)) throw new Error('no XMP metadata stream');
    const xmp = Buffer.from(decodePDFRawStream(metadata).decode()).toString('utf8');
    expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
    expect(xmp).toContain('<fx:DocumentType>INVOICE</fx:DocumentType>');
    expect(xmp).toContain('<fx:DocumentFileName>factur-x.xml</fx:DocumentFileName>');
    expect(xmp).toContain('<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>');
    // PDF/A: the information dictionary says what the XMP says.
    expect(xmp).toContain(`<rdf:li xml:lang="x-default">${pdf.getTitle()}</rdf:li>`);
    expect(xmp).toContain(`<pdf:Producer>${pdf.getProducer()}</pdf:Producer>`);
    expect(pdf.getKeywords()).toBeUndefined();

    // Every font is embedded (PDF/A), and the page still says what we rendered.
    const raw = Buffer.from(bytes).toString('latin1');
    expect(raw).not.toMatch(/\/BaseFont\s*\/Helvetica/);
    const text = pdfText(bytes);
    for (const expected of [
      'Rechnung / Invoice CF-2026-000042',
      'Zoë Łukasiewicz',
      'Breakfast',
      'USt. 19 % auf 387,00',
      '73,53',
      '50,12',
      '1.226,65',
    ]) {
      expect(text).toContain(expected);
    }
    expect(pdf.getPageCount()).toBe(1);
  });

  it('embeds a credit note’s XML (type 381, BT-25)', async () => {
    const bytes = await invoicePdf(FIXTURES['credit-note'] as InvoiceDocument);
    const facts = readCii((await facturXml(bytes)) ?? '');
    expect(facts).toMatchObject({ typeCode: '381', preceding: { number: 'CF-2026-000042' } });
    expect(pdfText(bytes)).toContain('Rechnungskorrektur (Stornorechnung) CF-2026-000057');
  });
});

describe('the official EN 16931 validator', () => {
  it('accepts every e-invoice above and rejects the broken amount (skipped without ../shared/tools or Java)', async (context) => {
    const valid = written.filter((file) => !file.includes('.invalid'));
    const broken = written.filter((file) => file.includes('.invalid'));
    expect(valid.length).toBe(Object.keys(FIXTURES).length);
    expect(broken.length).toBe(1);
    const result = officialValidation([...valid, ...broken]);
    if (result.status === 'skipped') {
      context.skip();
      return;
    }
    const lines = result.output.trim().split('\n');
    expect(lines.at(-1)).toBe(`${valid.length} valid, 1 invalid`);
    const fatal = lines.filter((line) => / fatal /.test(line) || line.includes(': schema:'));
    expect(fatal.length).toBeGreaterThan(0);
    expect(fatal.every((line) => line.startsWith(broken[0] as string))).toBe(true);
    expect(result.output).not.toContain('test-output/e-invoices/broken');
    expect(result.output).toMatch(/fatal BR-CO-10/);
  }, 600_000);
});
