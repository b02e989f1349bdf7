import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { REVERSE_CHARGE_NOTE } from '../../src/shared/pricing.ts';
import { pdfText } from '../testing/pdf-text.ts';
import { type InvoiceDocument, renderInvoicePdf, SELLER } from './invoice-pdf.ts';

const invoice: InvoiceDocument = {
  number: 'CF-2026-000042',
  issuedAt: new Date('2026-02-10T09:30:00Z'),
  status: 'paid',
  buyer: {
    name: 'Zoë Łukasiewicz',
    company: 'Przykład Sp. z o.o. 🚀',
    address: ['ul. Długa 5', '00-238 Warszawa', 'Poland'],
    vatId: 'PL5260250995',
    email: 'zoe@example.pl',
  },
  lines: [
    { kind: 'pass', description: 'Business Pass', quantity: 1, unitPrice: 29_900, net: 29_900 },
    {
      kind: 'hotel',
      description: 'Hotel Krønasår, Nordic Single, 2026-03-23 to 2026-03-27 (4 nights)',
      quantity: 4,
      unitPrice: 17_900,
      net: 71_600,
    },
  ],
  net: 101_500,
  vatBasisPoints: 0,
  vat: 0,
  gross: 101_500,
  reverseCharge: true,
  supply: { from: '2026-03-24', to: '2026-03-26' },
};

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
