import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { REVERSE_CHARGE_NOTE } from '#shared/pricing.ts';
import { pdfText } from '../testing/pdf-text.ts';
import { SAMPLE_INVOICE } from '../testing/sample-invoice.ts';
import { renderInvoicePdf, SELLER } from './invoice-pdf.ts';

const invoice = SAMPLE_INVOICE;

describe('renderInvoicePdf', () => {
  it('draws an A4 German invoice with seller, buyer, items, totals and the reverse-charge note', async () => {
    const bytes = await renderInvoicePdf(invoice);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(doc.getTitle()).toBe('Rechnung CF-2026-000042');

    const text = pdfText(bytes);
    for (const expected of [
      SELLER.name,
      `USt-IdNr. / VAT ID: ${SELLER.vatId}`,
      'Rechnung / Invoice CF-2026-000042',
      '10.02.2026',
      '24.03.2026',
      'Business Pass',
      'Hotel Krønasår, Nordic Single',
      '1.015,00',
      'Umsatzsteuer 0 % / VAT 0 %',
      'USt-IdNr. / VAT ID: PL5260250995',
      'Steuerschuldnerschaft des Leistungsempfängers',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text.replace(/\n/g, ' ')).toContain(REVERSE_CHARGE_NOTE);
    // Letters the standard font lacks fall back to their base letter instead of failing the invoice.
    expect(text).toContain('Zoë Lukasiewicz');
    expect(text).toContain('ul. Dluga 5');
    expect(text).toContain('Przyklad Sp. z o.o. ?');
  });

  it('shows 19 % VAT without the note for a German buyer', async () => {
    const text = pdfText(
      await renderInvoicePdf({
        ...invoice,
        buyer: { ...invoice.buyer, address: ['Leopoldstraße 24', '80802 München', 'Germany'], vatId: '' },
        vatBasisPoints: 1900,
        vat: 19_285,
        gross: 120_785,
        reverseCharge: false,
      }),
    );
    expect(text).toContain('Umsatzsteuer 19 % / VAT 19 %');
    expect(text).toContain('192,85');
    expect(text).toContain('1.207,85');
    expect(text).not.toContain('Reverse charge');
  });
});

describe('renderInvoicePdf for a credit note', () => {
  const note = {
    ...invoice,
    kind: 'credit-note' as const,
    number: 'CF-2026-000057',
    issuedAt: new Date('2026-03-01T08:00:00Z'),
    corrects: { number: invoice.number, issuedAt: invoice.issuedAt },
    lines: [{ ...(invoice.lines[1] as (typeof invoice.lines)[number]), unitPrice: -17_900, net: -71_600 }],
    net: -71_600,
    vat: 0,
    gross: -71_600,
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
      '-716,00',
      '-179,00',
      'Der Betrag von 716,00',
      'wurde am 01.03.2026 auf das ursprüngliche Zahlungsmittel erstattet.',
      SELLER.name,
      'USt-IdNr. / VAT ID: PL5260250995',
      'Steuerschuldnerschaft des Leistungsempfängers',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Rechnung / Invoice CF-2026-000057');
    expect(text).not.toContain('Thank you for registering');
  });

  it('fits the longest title on the page', async () => {
    const doc = await PDFDocument.create();
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const width = bold.widthOfTextAtSize('Rechnungskorrektur (Stornorechnung) / Credit note CF-2026-999999', 13);
    expect(width).toBeLessThan(595 - 2 * 57);
  });
});
