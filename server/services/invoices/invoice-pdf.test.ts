import { readFile } from 'node:fs/promises';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { hotelLine, taxedLine } from '#shared/pricing.ts';
import { pdfText } from '../../testing/pdf-text.ts';
import { SAMPLE_INVOICE, TEST_SELLER } from '../../testing/sample-invoice.ts';
import { type InvoiceDocument, renderInvoicePdf } from './invoice-pdf.ts';

const invoice = SAMPLE_INVOICE;
const flowing = (bytes: Uint8Array) => pdfText(bytes).replaceAll('\n', ' ');

describe('renderInvoicePdf', () => {
  it('draws an A4 invoice with seller, buyer, items with their rate, net and VAT per rate and the total (§ 14 (4) UStG)', async () => {
    const bytes = await renderInvoicePdf(invoice);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(doc.getTitle()).toBe('Rechnung CF-2026-000042');
    expect(doc.getAuthor()).toBe(TEST_SELLER.name);

    const text = pdfText(bytes);
    for (const expected of [
      TEST_SELLER.name,
      'Rheinweg 5',
      '77977 Rust',
      `USt-IdNr. / VAT ID: ${TEST_SELLER.vatId}`,
      'Managing directors: Christian Jäger',
      'Rechnung / Invoice CF-2026-000042',
      '10.02.2026',
      '24.03.2026 – 26.03.2026',
      'Business Pass',
      'Hotel Krønasår, Nordic Single',
      '19 %',
      '7 %',
      'Nettobetrag / Net amount',
      '1.015,00 €',
      'USt. 19 % auf 299,00 € / VAT 19 % on 299,00 €',
      '56,81 €',
      'USt. 7 % auf 716,00 € / VAT 7 % on 716,00 €',
      '50,12 €',
      '1.121,93 €',
      'USt-IdNr. / VAT ID: PL5260250995',
      // Embedded fonts have every European letter; what no font has falls back to '?'.
      'Zoë Łukasiewicz',
      'ul. Długa 5',
      'Przykład Sp. z o.o. ?',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Steuerschuldnerschaft');
    // PDF/A forbids the standard fonts a viewer substitutes: only embedded ones.
    expect(Buffer.from(bytes).toString('latin1')).not.toMatch(/\/BaseFont\s*\/Helvetica/);
  });

  it('prints the buyer reference and purchase order, and the tax number when there is no VAT ID', async () => {
    const text = pdfText(
      await renderInvoicePdf({
        ...invoice,
        language: 'de',
        buyer: { ...invoice.buyer, vatId: '', reference: '04011000-12345-34', purchaseOrder: 'PO-117' },
        seller: { ...TEST_SELLER, vatId: '', taxNumber: '12/345/67890' },
      }),
    );
    expect(text).toContain('Ihre Referenz: 04011000-12345-34');
    expect(text).toContain('Bestellnummer: PO-117');
    expect(text).toContain('Steuernummer: 12/345/67890');
    expect(text).not.toContain('USt-IdNr.');
  });

  it('prints an old reverse-charge invoice as issued: 0 %, the VIES confirmation and the note', async () => {
    const old: InvoiceDocument = {
      ...invoice,
      buyer: { ...invoice.buyer, vatConfirmation: { confirmedAt: '2026-02-10T09:29:00Z', reference: 'WAPIAAAAW1c4Zk2D' } },
      lines: invoice.lines.map((line) => ({ ...line, vatCategory: 'AE' as const, vatBasisPoints: 0 })),
    };
    const text = flowing(await renderInvoicePdf(old));
    expect(text).toContain('USt. 0 % auf 1.015,00 € / VAT 0 % on 1.015,00 €');
    expect(text).toContain('Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG).');
    expect(text).toContain('Reverse charge: VAT liability passes to the recipient (Art. 196 VAT Directive 2006/112/EC)');
    expect(text).toContain('VIES-bestätigt / confirmed by VIES 10.02.2026, Nr. / ref. WAPIAAAAW1c4Zk2D');
    expect(text).toContain('1.015,00 €');
  });

  it('prints each line in the holder’s language, the train ticket too', async () => {
    const text = flowing(
      await renderInvoicePdf({
        ...invoice,
        language: 'de',
        lines: [taxedLine('train-ticket', 'Deutsche Bahn Event Ticket – Return, 2nd class', 1, 11_682)],
      }),
    );
    expect(text).toContain('Deutsche Bahn Veranstaltungsticket – Hin- und Rückfahrt, 2. Klasse');
    expect(text).toContain('USt. 7 % auf 116,82 €');
  });
});

describe('renderInvoicePdf for a credit note', () => {
  const night = hotelLine({ name: 'Hotel Krønasår', roomName: 'Nordic Single', start: '2026-03-23', end: '2026-03-27' }, 71_600);
  const note: InvoiceDocument = {
    ...invoice,
    kind: 'credit-note',
    number: 'CF-2026-000057',
    issuedAt: new Date('2026-03-01T08:00:00Z'),
    corrects: { number: invoice.number, issuedAt: invoice.issuedAt },
    lines: [{ ...night, unitPrice: -17_900, net: -71_600 }],
  };

  it('is titled a Rechnungskorrektur (Stornorechnung), names the invoice it cancels and shows negative amounts', async () => {
    const bytes = await renderInvoicePdf(note);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('Rechnungskorrektur CF-2026-000057');
    const text = pdfText(bytes);
    for (const expected of [
      'Rechnungskorrektur (Stornorechnung) / Credit note CF-2026-000057',
      'Storniert die Rechnung CF-2026-000042 vom 10.02.2026.',
      'Cancels invoice CF-2026-000042 of 10.02.2026.',
      'Zur Rechnung / Corrects invoice',
      '01.03.2026',
      '-716,00 €',
      '-179,00 €',
      'USt. 7 % auf -716,00 € / VAT 7 % on -716,00 €',
      '-50,12 €',
      '-766,12 €',
      'Der Betrag von 766,12 € wurde am 01.03.2026 auf das ursprüngliche Zahlungsmittel erstattet.',
      TEST_SELLER.name,
    ]) {
      expect(flowing(bytes)).toContain(expected);
    }
    expect(text).not.toContain('Gutschrift');
    expect(text).not.toContain('Rechnung / Invoice CF-2026-000057');
    expect(text).not.toContain('Thank you for registering');
  });

  it('fits the longest title on the page', async () => {
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const bold = await doc.embedFont(await readFile(new URL('../../assets/fonts/LiberationSans-Bold.ttf', import.meta.url)));
    const width = bold.widthOfTextAtSize('Rechnungskorrektur (Stornorechnung) / Credit note CF-2026-999999', 13);
    expect(width).toBeLessThan(595 - 2 * 57);
  });
});
