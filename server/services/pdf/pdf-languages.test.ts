import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../testing/pdf-text.ts';
import { SAMPLE_INVOICE, TEST_SELLER } from '../../testing/sample-invoice.ts';
import { type InvoiceDocument, renderInvoicePdf } from '../invoices/invoice-pdf.ts';
import { renderVisaLetterPdf, type VisaLetterDocument } from './visa-letter-pdf.ts';

/*
 * The PDFs in German. The English invoice is the bilingual German/English one and the
 * English letter is English; invoice-pdf.test.ts and visa-letter-pdf.test.ts hold them unchanged.
 * The invoice's fonts are embedded (Liberation Sans): pdfText reads their text through ToUnicode.
 */

const flowing = (bytes: Uint8Array) => pdfText(bytes).replaceAll('\n', ' ');

describe('the German invoice', () => {
  const german: InvoiceDocument = { ...SAMPLE_INVOICE, language: 'de' };

  it('is German only, with the legal terms, German numbers and the hotel line in German', async () => {
    const bytes = await renderInvoicePdf(german);
    expect((await PDFDocument.load(bytes)).getTitle()).toBe('Rechnung CF-2026-000042');
    const text = pdfText(bytes);
    for (const expected of [
      'Rechnung CF-2026-000042',
      'Rechnungsnummer',
      'Rechnungsdatum',
      '10.02.2026',
      'Leistungszeitraum',
      'Beschreibung',
      'Einzelpreis',
      'Betrag netto',
      'Hotel Krønasår, Nordic Single, 23.03.2026',
      '27.03.2026 (4 Nächte)',
      'USt.',
      '1.015,00',
      'Nettobetrag',
      'USt. 19 % auf 299,00 €',
      'USt. 7 % auf 716,00 €',
      'Gesamtbetrag',
      '1.121,93 €',
      'USt-IdNr.: PL5260250995',
      'Geschäftsführung: Christian Jäger',
      'Bezahlt am 10.02.2026 per Online-Zahlung.',
      'Vielen Dank für Ihre Registrierung.',
      'CloudFest 2026, Europa-Park, Rust, Deutschland',
    ]) {
      expect(text).toContain(expected);
    }
    for (const english of [
      'Invoice',
      'VAT ID',
      'Total amount',
      'Reverse charge',
      'Steuerschuldnerschaft',
      'Thank you',
      'nights',
      'Germany',
    ]) {
      expect(text).not.toContain(english);
    }
  });

  it('shows German VAT for a German buyer, and what is payable when unpaid', async () => {
    const text = pdfText(
      await renderInvoicePdf({
        ...german,
        buyer: { ...german.buyer, address: ['Leopoldstraße 24', '80802 München', 'Deutschland'], vatId: '' },
        status: 'open',
      }),
    );
    expect(text).toContain('Leopoldstraße 24');
    expect(text).toContain('USt. 19 %');
    expect(text).toContain('1.121,93');
    expect(text).toContain('Zahlbar sofort ohne Abzug.');
    expect(text).not.toContain('Steuerschuldnerschaft');
  });
});

describe('the German credit note', () => {
  const note: InvoiceDocument = {
    ...SAMPLE_INVOICE,
    language: 'de',
    kind: 'credit-note',
    number: 'CF-2026-000057',
    issuedAt: new Date('2026-03-01T08:00:00Z'),
    corrects: { number: SAMPLE_INVOICE.number, issuedAt: SAMPLE_INVOICE.issuedAt },
    lines: [
      {
        kind: 'hotel',
        description: 'Hotel Krønasår, Nordic Single, 2026-03-23 to 2026-03-24 (1 night)',
        quantity: 1,
        unitPrice: -17_900,
        net: -17_900,
        vatCategory: 'S',
        vatBasisPoints: 700,
      },
    ],
  };

  it('is a Rechnungskorrektur that names the invoice it cancels and the refund', async () => {
    const bytes = await renderInvoicePdf(note);
    expect((await PDFDocument.load(bytes)).getTitle()).toBe('Rechnungskorrektur CF-2026-000057');
    const text = pdfText(bytes);
    for (const expected of [
      'Rechnungskorrektur (Stornorechnung) CF-2026-000057',
      'Storniert die Rechnung CF-2026-000042 vom 10.02.2026.',
      'Zur Rechnung',
      '01.03.2026',
      '(1 Nacht)',
      '-179,00',
      '-191,53',
      'Der Betrag von 191,53',
      'wurde am 01.03.2026 auf das ursprüngliche Zahlungsmittel erstattet.',
      'Vielen Dank.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Cancels invoice');
    expect(text).not.toContain('Credit note');
  });

  it('says how a VAT correction was settled', async () => {
    // Issued before migration 0020: a VAT correction's credit note, settled against the invoice without VAT.
    const text = flowing(await renderInvoicePdf({ ...note, replacedBy: { number: 'CF-2026-000058', gross: -17_900 } }));
    expect(text).toContain('Verrechnet mit der berichtigten Rechnung CF-2026-000058 ohne Umsatzsteuer;');
    expect(text).not.toContain('Settled against');
  });
});

describe('the German visa invitation letter', () => {
  const letter: VisaLetterDocument = {
    seller: TEST_SELLER,
    language: 'de',
    reference: 'CF26-VISA-012345',
    issuedAt: new Date('2026-01-10T10:00:00Z'),
    fullName: 'Priya Raghunathan',
    passportNumber: 'Z1234567',
    nationality: 'Indien',
    dateOfBirth: '1990-07-14',
    passportExpiry: '2031-01-31',
    embassyCity: 'Neu-Delhi',
    passType: 'Business Pass',
    event: { name: 'CloudFest 2026', startDate: '2026-03-24', endDate: '2026-03-26', venue: 'Europa-Park, Rust' },
    hotel: { name: 'Hotel Colosseo', address: 'Europa-Park-Straße 2, 77977 Rust', from: '2026-03-23', to: '2026-03-27' },
  };

  it('is addressed to the German mission, with the data, the cost statement and the signature in German', async () => {
    const bytes = await renderVisaLetterPdf(letter);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getTitle()).toBe('Einladungsschreiben für das Visum CF26-VISA-012345');
    const text = pdfText(bytes);
    const flow = flowing(bytes);
    for (const expected of [
      'Veranstalter des CloudFest 2026',
      'Visastelle',
      'Rust, 10. Januar 2026',
      'Sehr geehrte Damen und Herren,',
      'Vollständiger Name (laut Reisepass)',
      'Reisepassnummer',
      'Staatsangehörigkeit',
      'Indien',
      '14. Juli 1990',
      '31. Januar 2031',
      'vom 24. März 2026 bis zum 26. März 2026',
      'Mit freundlichen Grüßen',
      'Geschäftsführer, CloudFest GmbH',
    ]) {
      expect(text).toContain(expected);
    }
    expect(flow).toContain('An die Botschaft / das Generalkonsulat der Bundesrepublik Deutschland in Neu-Delhi');
    expect(flow).toContain('Referenz CF26-VISA-012345');
    expect(flow).toContain('Zweck der Reise ist die Teilnahme am CloudFest 2026.');
    expect(flow).toContain(
      'bestätigte Hotelbuchung im Hotel Colosseo, Europa-Park-Straße 2, 77977 Rust, vom 23. März 2026 bis zum 27. März 2026 vor.',
    );
    expect(flow).toContain('Sämtliche Kosten für Reise, Unterkunft und Aufenthalt in Deutschland trägt die teilnehmende Person.');
    expect(flow).toContain('keinerlei finanzielle Verpflichtungen der CloudFest GmbH');
    for (const english of ['Dear Sir', 'Yours faithfully', 'Passport number', 'Managing Director', 'Germany']) {
      expect(flow).not.toContain(english);
    }
  });

  it('leaves the hotel out when there is no booking', async () => {
    expect(flowing(await renderVisaLetterPdf({ ...letter, hotel: null }))).not.toContain('Hotelbuchung');
  });
});
