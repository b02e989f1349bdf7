import { PageSizes, PDFDocument, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { formatMoney } from '#shared/money.ts';
import type { OrderLine } from '#shared/pricing.ts';
import type { InvoiceBuyer } from '../db/schema/index.ts';
import type { MessageKey } from '../i18n/catalogues.ts';
import { shortCalendarDate, venueNumericDate } from '../i18n/formats.ts';
import type { Language } from '../i18n/language.ts';
import { lineDescription } from '../i18n/order-lines.ts';
import { translator, type Values } from '../i18n/translate.ts';
import { printable, wrap } from './pdf-layout.ts';

/** The seller as German invoices require it (§14 UStG): full name, address, VAT ID. */
export const SELLER = {
  name: 'CloudFest GmbH',
  street: 'Rheinweg 5',
  city: '77977 Rust',
  country: 'Deutschland / Germany',
  vatId: 'DE314772507',
  register: 'Amtsgericht Freiburg i. Br., HRB 712345',
  managingDirector: 'Geschäftsführer: Christian Jäger',
  email: 'invoices@cloudfest.example',
} as const;

export interface InvoiceDocument {
  /** A credit note (Rechnungskorrektur / Stornorechnung) cancels `corrects` with negative amounts. */
  kind?: 'invoice' | 'credit-note';
  /**
   * The invoice a credit note cancels (§ 14 UStG: a correction must name the invoice it corrects),
   * or the one an invoice replaces (a VAT correction: the same sale without VAT once VIES confirmed).
   */
  corrects?: { number: string; issuedAt: Date } | null;
  /** A credit note of a VAT correction: the invoice without VAT that replaces the cancelled one. */
  replacedBy?: { number: string; gross: number } | null;
  number: string;
  issuedAt: Date;
  status: 'paid' | 'open';
  buyer: InvoiceBuyer;
  lines: OrderLine[];
  net: number;
  vatBasisPoints: number;
  vat: number;
  gross: number;
  reverseCharge: boolean;
  /** Date of supply (Leistungszeitraum): the event days, YYYY-MM-DD. */
  supply: { from: string; to: string };
  /** The buyer's language: 'de' German only, 'en' (default) German and English. */
  language?: Language;
}

const A4 = { width: PageSizes.A4[0], height: PageSizes.A4[1] };
const LEFT = 57; // 20 mm
const RIGHT = A4.width - 57;
const FOOTER_TOP = 80;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);

/** Amounts and dates in German digits in either language: the invoice is a German invoice (§ 14 UStG). */
const eur = (cents: number) => formatMoney(cents, 'de');
const isoToGerman = (iso: string) => shortCalendarDate(iso, 'de');

/**
 * The words of the invoice. German law wants the invoice's terms in German (Rechnung,
 * Rechnungskorrektur, Steuerschuldnerschaft des Leistungsempfängers), so the English invoice is the
 * bilingual one it has always been: every label German first, then English ('Rechnung / Invoice'),
 * and every sentence in German and then in English. The German invoice is German only.
 */
function wordsOf(language: Language) {
  const de = translator('de', 'pdf');
  const en = translator('en', 'pdf');
  const german = language === 'de';
  return {
    /** A label: 'Rechnungsdatum' or 'Rechnungsdatum / Invoice date'. */
    label: (key: MessageKey<'pdf'>, values?: Values) => (german ? de(key, values) : `${de(key, values)} / ${en(key, values)}`),
    /** A sentence as lines of their own: German, then (English invoice) English. */
    sentences: (key: MessageKey<'pdf'>, values?: Values) => (german ? [de(key, values)] : [de(key, values), en(key, values)]),
    /** A text in the invoice's language only. */
    own: (key: MessageKey<'pdf'>, values?: Values) => (german ? de : en)(key, values),
    /** The German text, whatever the language (the document title, legally fixed terms). */
    de,
  };
}
type Words = ReturnType<typeof wordsOf>;

/** How the document was settled: refunded, set off against a corrected invoice (VAT correction), paid or payable. */
function settlement(invoice: InvoiceDocument, words: Words): string[] {
  const date = venueNumericDate(invoice.issuedAt);
  if (invoice.kind === 'credit-note' && invoice.replacedBy) {
    const { number, gross } = invoice.replacedBy;
    return words.sentences('settled.againstCorrection', { number, vat: eur(-invoice.gross - gross), date });
  }
  if (invoice.kind === 'credit-note') return words.sentences('settled.refunded', { amount: eur(-invoice.gross), date });
  if (invoice.corrects) return [words.label('settled.withPaymentOf', { number: invoice.corrects.number })];
  return [invoice.status === 'paid' ? words.label('settled.paid', { date }) : words.label('settled.payable')];
}

/**
 * Renders the invoice as an A4 PDF: letterhead, buyer, numbers, items, totals, VAT or reverse-charge
 * note; German only for a German-speaking buyer, German and English otherwise (`language`, default 'en').
 */
export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Uint8Array> {
  const language = invoice.language ?? 'en';
  const words = wordsOf(language);
  const { label, sentences, own } = words;
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const clean = printable(regular);
  const creditNote = invoice.kind === 'credit-note';
  // The file's title is the German one in either language, as the invoice register knows it.
  doc.setTitle(words.de(creditNote ? 'creditNote.document' : 'invoice.document', { number: invoice.number }));
  doc.setAuthor(SELLER.name);
  doc.setCreator('CloudFest 2026');
  doc.setProducer('CloudFest 2026');
  // German first in either language (the English invoice is bilingual), for screen readers.
  doc.setLanguage('de-DE');
  doc.setCreationDate(invoice.issuedAt);
  doc.setModificationDate(invoice.issuedAt);

  let page: PDFPage = doc.addPage(PageSizes.A4);
  const text = (value: string, x: number, y: number, size = 9.5, font = regular, color = INK) =>
    page.drawText(clean(value), { x, y, size, font, color });
  const textRight = (value: string, right: number, y: number, size = 9.5, font = regular) => {
    const safe = clean(value);
    page.drawText(safe, { x: right - font.widthOfTextAtSize(safe, size), y, size, font, color: INK });
  };
  /** Lines of text stacked downwards from `top`, left- or right-aligned at x. */
  const column = (values: string[], x: number, top: number, leading: number, size = 9.5, color = INK, right = false) => {
    for (const [i, value] of values.entries()) {
      if (right) textRight(value, x, top - i * leading, size);
      else text(value, x, top - i * leading, size, regular, color);
    }
  };
  const rule = (y: number, thickness = 0.6) =>
    page.drawLine({ start: { x: LEFT, y }, end: { x: RIGHT, y }, thickness, color: MUTED });
  const country = label('seller.country');
  const vatId = label('vatId');

  const footer = () => {
    rule(FOOTER_TOP - 12, 0.4);
    const parts = [
      `${SELLER.name} · ${SELLER.street} · ${SELLER.city} · ${country}`,
      `${SELLER.managingDirector} · ${SELLER.register} · ${vatId} ${SELLER.vatId} · ${SELLER.email}`,
    ];
    column(parts, LEFT, FOOTER_TOP - 26, 10, 7, MUTED);
  };

  // Letterhead
  text(SELLER.name, LEFT, 790, 18, bold);
  column([SELLER.street, SELLER.city, country, `${vatId}: ${SELLER.vatId}`], RIGHT, 796, 12, 8.5, INK, true);

  // Buyer (address window) and invoice data side by side
  text(`${SELLER.name} · ${SELLER.street} · ${SELLER.city}`, LEFT, 712, 7, regular, MUTED);
  const buyer = [invoice.buyer.company, invoice.buyer.name, ...invoice.buyer.address].filter((line) => line.trim());
  column(buyer, LEFT, 694, 13, 10);
  let y = 694 - buyer.length * 13 - 6;
  if (invoice.buyer.vatId) text(`${vatId}: ${invoice.buyer.vatId}`, LEFT, y, 9);
  const confirmation = invoice.buyer.vatConfirmation;
  if (invoice.buyer.vatId && confirmation) {
    const reference = confirmation.reference ? `, ${label('vies.reference')} ${confirmation.reference}` : '';
    text(
      `${label('vies.confirmed')} ${venueNumericDate(new Date(confirmation.confirmedAt))}${clean(reference)}`,
      LEFT,
      y - 11,
      7.5,
      regular,
      MUTED,
    );
  }

  const supply = `${isoToGerman(invoice.supply.from)} – ${isoToGerman(invoice.supply.to)}`;
  const issued = venueNumericDate(invoice.issuedAt);
  const meta: [string, string][] = creditNote
    ? [
        [label('creditNote.number'), invoice.number],
        [label('creditNote.date'), issued],
        [label('creditNote.corrects'), invoice.corrects?.number ?? ''],
        [label('meta.supply'), supply],
        [label('meta.customer'), invoice.buyer.email],
      ]
    : [
        [label('invoice.number'), invoice.number],
        [label('invoice.date'), issued],
        [label('meta.supply'), supply],
        [label('meta.customer'), invoice.buyer.email],
      ];
  meta.forEach(([name, value], i) => {
    text(name, 330, 694 - i * 26, 7.5, regular, MUTED);
    text(value, 330, 683 - i * 26, 10, i === 0 ? bold : regular);
  });

  y = 560;
  const corrected = invoice.corrects && { number: invoice.corrects.number, date: venueNumericDate(invoice.corrects.issuedAt) };
  if (creditNote) {
    text(`${label('creditNote.heading')} ${invoice.number}`, LEFT, y, 13, bold);
    if (corrected) y -= 6;
    for (const line of corrected ? sentences('creditNote.cancels', corrected) : []) {
      y -= 12;
      text(line, LEFT, y, 9.5);
    }
  } else {
    text(`${label('invoice.heading')} ${invoice.number}`, LEFT, y, 16, bold);
    if (corrected) y -= 6;
    for (const line of corrected ? sentences('invoice.replaces', corrected) : []) {
      y -= 12;
      text(line, LEFT, y, 9.5);
    }
  }
  y -= 18;
  text(own('event.place'), LEFT, y, 9.5, regular, MUTED);

  // Items: position, description, quantity, unit price, net amount
  const col = { pos: LEFT, desc: LEFT + 28, qty: 360, unit: 445, amount: RIGHT };
  y -= 30;
  text(own('column.position'), col.pos, y, 8, bold);
  text(label('column.description'), col.desc, y, 8, bold);
  textRight(label('column.quantity'), col.qty, y, 8, bold);
  textRight(label('column.unitPrice'), col.unit, y, 8, bold);
  textRight(label('column.net'), col.amount, y, 8, bold);
  y -= 7;
  rule(y);
  y -= 15;
  invoice.lines.forEach((line, index) => {
    const description = wrap(clean(lineDescription(line, language)), regular, 9.5, col.qty - col.desc - 50);
    if (y - description.length * 12 < FOOTER_TOP + 120) {
      footer();
      page = doc.addPage(PageSizes.A4);
      y = 780;
    }
    text(String(index + 1), col.pos, y);
    column(description, col.desc, y, 12);
    textRight(String(line.quantity), col.qty, y);
    textRight(eur(line.unitPrice), col.unit, y);
    textRight(eur(line.net), col.amount, y);
    y -= description.length * 12 + 8;
  });
  rule(y + 2);

  // Totals
  y -= 16;
  const rate = invoice.vatBasisPoints / 100;
  const totals: [string, string, boolean][] = [
    [label('total.net'), eur(invoice.net), false],
    [label('total.vat', { rate }), eur(invoice.vat), false],
    [label('total.gross'), eur(invoice.gross), true],
  ];
  for (const [name, value, strong] of totals) {
    textRight(name, col.unit, y, strong ? 10.5 : 9.5, strong ? bold : regular);
    textRight(value, col.amount, y, strong ? 10.5 : 9.5, strong ? bold : regular);
    y -= strong ? 18 : 14;
  }

  y -= 14;
  if (invoice.reverseCharge) {
    // The legal wording (§ 14a Abs. 5 UStG) in German on every invoice, then the note in the invoice's language.
    text(own('reverseCharge.legalNotice'), LEFT, y, 9.5, bold);
    y -= 13;
    for (const part of wrap(own('reverseCharge.note'), regular, 9.5, RIGHT - LEFT)) {
      text(part, LEFT, y);
      y -= 13;
    }
    y -= 4;
  }
  for (const part of settlement(invoice, words).flatMap((sentence) => wrap(sentence, regular, 9.5, RIGHT - LEFT))) {
    text(part, LEFT, y);
    y -= 13;
  }
  text(label(creditNote ? 'thanks.creditNote' : 'thanks.invoice'), LEFT, y, 9.5, regular, MUTED);

  footer();
  return doc.save();
}
