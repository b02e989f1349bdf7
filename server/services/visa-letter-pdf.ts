import { PageSizes, PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { SELLER } from './invoice-pdf.ts';
import { printable, wrap } from './pdf-layout.ts';

/** Where embassies verify a letter (quoted with its reference). */
export const VISA_CONTACT = 'visa@cloudfest.example';
/** The signatory: the organizer's managing director (the name from the invoice footer's line). */
const SIGNATORY = SELLER.managingDirector.replace(/^[^:]*:\s*/, '');

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

/** Dates as an embassy reads them in English: 24 March 2026. */
const longDate = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' }).format(
    new Date(`${iso}T00:00:00Z`),
  );
const letterDate = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', day: 'numeric', month: 'long', year: 'numeric' }).format(date);

/**
 * Renders the visa invitation letter as an A4 PDF: the organizer's letterhead, the embassy in the
 * applicant's city, a subject with the reference, the invitation with the passport data, the event
 * and the pass, the cost statement, the hotel booking when there is one, and the signature block.
 */
export async function renderVisaLetterPdf(letter: VisaLetterDocument): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const clean = printable(regular);
  doc.setTitle(`Visa invitation letter ${letter.reference}`);
  doc.setSubject(`${letter.event.name}: invitation of ${clean(letter.fullName)}`);
  doc.setAuthor(SELLER.name);
  doc.setCreator(letter.event.name);
  doc.setProducer(letter.event.name);
  doc.setCreationDate(letter.issuedAt);
  doc.setModificationDate(letter.issuedAt);

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
    text(`${SELLER.name} · ${SELLER.street} · ${SELLER.city} · ${SELLER.country}`, LEFT, FOOTER_TOP - 26, 7, regular, MUTED);
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
  text(`Organizer of ${letter.event.name}`, LEFT, 772, 9, regular, MUTED);
  [SELLER.street, SELLER.city, SELLER.country, VISA_CONTACT].forEach((line, i) => {
    textRight(line, 796 - i * 12, 8.5);
  });

  // Addressee and date
  text(`${SELLER.name} · ${SELLER.street} · ${SELLER.city}`, LEFT, 712, 7, regular, MUTED);
  y = 694;
  paragraph(`To the Embassy / Consulate General of the Federal Republic of Germany in ${letter.embassyCity}`, regular, 0);
  paragraph('Visa section', regular, 0);
  y -= 16;
  textRight(`${SELLER.city.replace(/^\d+\s*/, '')}, ${letterDate(letter.issuedAt)}`, y, SIZE);

  // Subject
  y -= 28;
  paragraph(`Visa invitation letter for ${letter.fullName} – Reference ${letter.reference}`, bold, 14);

  const eventDates = `from ${longDate(letter.event.startDate)} to ${longDate(letter.event.endDate)}`;
  paragraph('Dear Sir or Madam,', regular, 10);
  paragraph(
    `${SELLER.name} is the organizer of ${letter.event.name}, the conference of the cloud and hosting industry, held ${eventDates} at ${letter.event.venue}. We are pleased to invite the following participant, who is registered for the event:`,
  );

  // The applicant's data, one labelled line each, so an officer can compare it with the passport.
  const details: [string, string][] = [
    ['Full name (as in passport)', letter.fullName],
    ['Passport number', letter.passportNumber],
    ['Nationality', letter.nationality],
    ['Date of birth', longDate(letter.dateOfBirth)],
    ['Passport valid until', longDate(letter.passportExpiry)],
    ['Event', letter.event.name],
    ['Event dates', eventDates],
    ['Venue', letter.event.venue],
    ['Registered with', letter.passType],
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

  paragraph(
    `${letter.fullName} is registered with a ${letter.passType} under the reference ${letter.reference}. The purpose of the visit is to attend ${letter.event.name}.`,
  );
  if (letter.hotel) {
    const where = letter.hotel.address ? `${letter.hotel.name}, ${letter.hotel.address},` : letter.hotel.name;
    paragraph(
      `The participant holds a confirmed hotel booking at ${where} from ${longDate(letter.hotel.from)} to ${longDate(letter.hotel.to)}.`,
    );
  }
  paragraph(
    `All costs of travel, accommodation and stay in Germany are borne by the participant. This invitation does not imply any financial obligation of ${SELLER.name} towards the participant or the authorities.`,
  );
  paragraph(
    `Should you need to verify this letter, please contact us at ${VISA_CONTACT}, quoting the reference ${letter.reference}.`,
    regular,
    16,
  );

  // Signature block
  room(4 * LEADING + 30);
  paragraph('Yours faithfully,', regular, 30);
  page.drawLine({ start: { x: LEFT, y: y + 8 }, end: { x: LEFT + 180, y: y + 8 }, thickness: 0.5, color: MUTED });
  y -= 6;
  paragraph(SIGNATORY, bold, 0);
  paragraph(`Managing Director, ${SELLER.name}`, regular, 0);

  footer();
  return doc.save();
}
