import { PageSizes, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { longCalendarDate, venueLongDate } from '../../i18n/formats.ts';
import type { Language } from '../../i18n/language.ts';
import { translator } from '../../i18n/translate.ts';
import type { Seller } from '../invoices/seller.ts';
import { printable, wrap } from './pdf-layout.ts';

/** The organizer's letterhead from the configured seller (SELLER_*), the same details as on the invoices. */
function letterheadOf(seller: Seller) {
  return {
    name: seller.name,
    street: seller.street,
    city: `${seller.postcode} ${seller.city}`,
    country: seller.countryCode === 'DE' ? 'Germany' : seller.countryCode,
    managingDirector: `Geschäftsführer: ${seller.managingDirectors.join(', ')}`,
    register: seller.register,
  };
}

/** Where embassies verify a letter (quoted with its reference). */
export const VISA_CONTACT = 'visa@cloudfest.example';

export interface VisaLetterDocument {
  reference: string;
  /** The letter's date: when its data was last submitted. */
  issuedAt: Date;
  fullName: string;
  passportNumber: string;
  nationality: string;
  /** YYYY-MM-DD */
  dateOfBirth: string;
  passportExpiry: string;
  embassyCity: string;
  passType: string;
  event: { name: string; startDate: string; endDate: string; venue: string };
  /** The participant's confirmed hotel booking, if any. */
  hotel: { name: string; address: string; from: string; to: string } | null;
  /** The participant's language (default 'en'); `nationality` comes already in it. */
  language?: Language;
  /** The organizer who invites (server/services/invoices/seller.ts). */
  seller: Seller;
}

const A4 = { width: PageSizes.A4[0], height: PageSizes.A4[1] };
const LEFT = 57; // 20 mm
const RIGHT = A4.width - 57;
const WIDTH = RIGHT - LEFT;
const FOOTER_TOP = 80;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);
const SIZE = 10.5;
const LEADING = 14.5;
/** Rows of the applicant's data sit a little closer than running text. */
const ROW = 13.5;

/**
 * Renders the visa invitation letter as an A4 PDF: the organizer's letterhead, the embassy in the
 * applicant's city, a subject with the reference, the invitation with the passport data, the event
 * and the pass, the cost statement, the hotel booking when there is one, and the signature block.
 * In the participant's language (`language`, default 'en'): a German embassy reads either; dates
 * are written out (24 March 2026, 24. März 2026) so no reader mistakes day for month.
 */
export async function renderVisaLetterPdf(letter: VisaLetterDocument): Promise<Uint8Array> {
  const language = letter.language ?? 'en';
  const t = translator(language, 'pdf');
  const SELLER = letterheadOf(letter.seller);
  // The signatory: the organizer's first managing director.
  const SIGNATORY = letter.seller.managingDirectors[0] ?? letter.seller.name;
  const longDate = (iso: string) => longCalendarDate(iso, language);
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const clean = printable(regular);
  const event = letter.event.name;
  doc.setTitle(t('visa.document', { reference: letter.reference }));
  doc.setSubject(t('visa.documentSubject', { event, name: clean(letter.fullName) }));
  doc.setAuthor(SELLER.name);
  doc.setCreator(event);
  doc.setProducer(event);
  doc.setLanguage(language === 'de' ? 'de-DE' : 'en-GB');
  doc.setCreationDate(letter.issuedAt);
  doc.setModificationDate(letter.issuedAt);
  // The English letter has always named the country in both languages; the German one in German.
  const country = language === 'de' ? t('seller.country') : SELLER.country;

  let page: PDFPage = doc.addPage(PageSizes.A4);
  let y = 0;
  const text = (value: string, x: number, at: number, size = SIZE, font: PDFFont = regular, color = INK) =>
    page.drawText(clean(value), { x, y: at, size, font, color });
  const textRight = (value: string, at: number, size: number) => {
    const safe = clean(value);
    page.drawText(safe, { x: RIGHT - regular.widthOfTextAtSize(safe, size), y: at, size, font: regular, color: INK });
  };
  const footer = () => {
    page.drawLine({
      start: { x: LEFT, y: FOOTER_TOP - 12 },
      end: { x: RIGHT, y: FOOTER_TOP - 12 },
      thickness: 0.4,
      color: MUTED,
    });
    text(`${SELLER.name} · ${SELLER.street} · ${SELLER.city} · ${country}`, LEFT, FOOTER_TOP - 26, 7, regular, MUTED);
    text(`${SELLER.managingDirector} · ${SELLER.register} · ${VISA_CONTACT}`, LEFT, FOOTER_TOP - 36, 7, regular, MUTED);
  };
  /** Makes room for `height` points, starting a new page (with the footer on the old one) when needed. */
  const room = (height: number) => {
    if (y - height >= FOOTER_TOP + 10) return;
    footer();
    page = doc.addPage(PageSizes.A4);
    y = 780;
  };
  const paragraph = (value: string, font = regular, gapAfter = 7) => {
    for (const line of wrap(clean(value), font, SIZE, WIDTH)) {
      room(LEADING);
      text(line, LEFT, y, SIZE, font);
      y -= LEADING;
    }
    y -= gapAfter;
  };

  // Letterhead
  text(SELLER.name, LEFT, 790, 18, bold);
  text(t('visa.organizerOf', { event }), LEFT, 772, 9, regular, MUTED);
  [SELLER.street, SELLER.city, country, VISA_CONTACT].forEach((line, i) => {
    textRight(line, 796 - i * 12, 8.5);
  });

  // Addressee and date
  text(`${SELLER.name} · ${SELLER.street} · ${SELLER.city}`, LEFT, 712, 7, regular, MUTED);
  y = 694;
  paragraph(t('visa.embassy', { city: letter.embassyCity }), regular, 0);
  paragraph(t('visa.section'), regular, 0);
  y -= 16;
  textRight(`${SELLER.city.replace(/^\d+\s*/, '')}, ${venueLongDate(letter.issuedAt, language)}`, y, SIZE);

  // Subject
  y -= 28;
  paragraph(t('visa.heading', { name: letter.fullName, reference: letter.reference }), bold, 14);

  const eventDates = t('visa.dates', { start: longDate(letter.event.startDate), end: longDate(letter.event.endDate) });
  paragraph(t('visa.salutation'), regular, 10);
  paragraph(t('visa.intro', { organizer: SELLER.name, event, dates: eventDates, venue: letter.event.venue }));

  // The applicant's data, one labelled line each, so an officer can compare it with the passport.
  const details: [string, string][] = [
    [t('visa.fullName'), letter.fullName],
    [t('visa.passportNumber'), letter.passportNumber],
    [t('visa.nationality'), letter.nationality],
    [t('visa.dateOfBirth'), longDate(letter.dateOfBirth)],
    [t('visa.passportExpiry'), longDate(letter.passportExpiry)],
    [t('visa.event'), event],
    [t('visa.eventDates'), eventDates],
    [t('visa.venue'), letter.event.venue],
    [t('visa.registeredWith'), letter.passType],
  ];
  y -= 2;
  for (const [label, value] of details) {
    const lines = wrap(clean(value), bold, SIZE, RIGHT - (LEFT + 170));
    room(lines.length * ROW);
    text(label, LEFT + 12, y, 9.5, regular, MUTED);
    lines.forEach((line, i) => {
      text(line, LEFT + 170, y - i * ROW, SIZE, bold);
    });
    y -= lines.length * ROW;
  }
  y -= 10;

  paragraph(t('visa.registration', { name: letter.fullName, pass: letter.passType, reference: letter.reference, event }));
  if (letter.hotel) {
    const { name: hotel, address, from, to } = letter.hotel;
    const stay = { hotel, from: longDate(from), to: longDate(to) };
    paragraph(address ? t('visa.hotelWithAddress', { ...stay, address }) : t('visa.hotel', stay));
  }
  paragraph(t('visa.costs', { organizer: SELLER.name }));
  paragraph(t('visa.verify', { contact: VISA_CONTACT, reference: letter.reference }), regular, 16);

  // Signature block
  room(4 * LEADING + 30);
  paragraph(t('visa.closing'), regular, 30);
  page.drawLine({ start: { x: LEFT, y: y + 8 }, end: { x: LEFT + 180, y: y + 8 }, thickness: 0.5, color: MUTED });
  y -= 6;
  paragraph(SIGNATORY, bold, 0);
  paragraph(t('visa.signatoryRole', { organizer: SELLER.name }), regular, 0);

  footer();
  return doc.save();
}
