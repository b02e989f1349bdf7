import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../testing/pdf-text.ts';
import { TEST_SELLER } from '../../testing/sample-invoice.ts';
import { renderVisaLetterPdf, VISA_CONTACT, type VisaLetterDocument } from './visa-letter-pdf.ts';

const letter: VisaLetterDocument = {
  seller: TEST_SELLER,
  reference: 'CF26-VISA-012345',
  issuedAt: new Date('2026-01-10T10:00:00Z'),
  fullName: 'Priya Raghunathan',
  passportNumber: 'Z1234567',
  nationality: 'India',
  dateOfBirth: '1990-07-14',
  passportExpiry: '2031-01-31',
  embassyCity: 'New Delhi',
  passType: 'Business Pass',
  event: { name: 'CloudFest 2026', startDate: '2026-03-24', endDate: '2026-03-26', venue: 'Europa-Park, Rust, Germany' },
  hotel: { name: 'Hotel Colosseo', address: 'Europa-Park-Straße 2, 77977 Rust', from: '2026-03-23', to: '2026-03-27' },
};

const render = async (overrides: Partial<VisaLetterDocument>) => {
  const bytes = await renderVisaLetterPdf({ ...letter, ...overrides });
  return { bytes, text: pdfText(bytes), flowing: pdfText(bytes).replaceAll('\n', ' ') };
};

describe('renderVisaLetterPdf', () => {
  it('writes an A4 letter with letterhead, date, embassy, subject, data, hotel, cost statement and signature', async () => {
    const { bytes, text, flowing } = await render({});
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 595.28, height: 841.89 });
    expect(doc.getTitle()).toBe('Visa invitation letter CF26-VISA-012345');
    for (const expected of [
      TEST_SELLER.name,
      TEST_SELLER.street,
      VISA_CONTACT,
      'Rust, 10 January 2026',
      'Priya Raghunathan',
      'Z1234567',
      'India',
      '14 July 1990',
      '31 January 2031',
      'from 24 March 2026 to 26 March 2026',
      'Business Pass',
      'Christian Jäger',
      'Managing Director, CloudFest GmbH',
    ]) {
      expect(text).toContain(expected);
    }
    expect(flowing).toContain('To the Embassy / Consulate General of the Federal Republic of Germany in New Delhi');
    expect(flowing).toContain('Reference CF26-VISA-012345');
    expect(flowing).toContain(
      'confirmed hotel booking at Hotel Colosseo, Europa-Park-Straße 2, 77977 Rust, from 23 March 2026 to 27 March 2026',
    );
    expect(flowing).toContain('borne by the participant');
    expect(flowing).toContain('does not imply any financial obligation');
  });

  it('leaves the hotel out when there is no booking', async () => {
    const { flowing } = await render({ hotel: null });
    expect(flowing).not.toContain('hotel booking');
  });

  it('prints any name: plain letters for what the font lacks, ? only as the last resort', async () => {
    const { text } = await render({ fullName: 'Łukasz Żółć 王', embassyCity: 'Đà Nẵng' });
    expect(text).toContain('Lukasz Zólc ?');
    expect(text.replaceAll('\n', ' ')).toContain('in Dà Nang');
  });

  it('flows onto a second page rather than over the footer when the data is long', async () => {
    const { bytes, text } = await render({
      fullName: 'Maximiliana Alexandra '.repeat(7).trim(),
      embassyCity: 'Ciudad '.repeat(14).trim(),
      hotel: letter.hotel && { ...letter.hotel, name: 'Grand Hotel '.repeat(120).trim() },
    });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(2);
    expect(text).toContain('Managing Director, CloudFest GmbH');
  });
});
