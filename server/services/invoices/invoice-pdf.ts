import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PageSizes, PDFDocument, type PDFFont, type PDFPage, rgb } from 'pdf-lib';
import { formatMoney } from '#shared/money.ts';
import { type OrderLine, totalsOf, vatPercent } from '#shared/pricing.ts';
import type { InvoiceBuyer } from '../../db/schema/index.ts';
import type { MessageKey } from '../../i18n/catalogues.ts';
import { shortCalendarDate, venueNumericDate } from '../../i18n/formats.ts';
import type { Language } from '../../i18n/language.ts';
import { lineDescription } from '../../i18n/order-lines.ts';
import { translator, type Values } from '../../i18n/translate.ts';
import { ROOT } from '../../paths.ts';
import { printable, wrap } from '../pdf/pdf-layout.ts';
import type { Seller } from './seller.ts';

export interface InvoiceDocument {
  /** A credit note (Rechnungskorrektur / Stornorechnung) cancels `corrects` with negative amounts. */
  kind?: 'invoice' | 'credit-note';
  /**
   * The invoice a credit note cancels (§ 14 UStG: a correction must name the invoice it corrects),
   * or, on invoices issued before migration 0020, the one a VAT correction's invoice replaced.
   */
  corrects?: { number: string; issuedAt: Date } | null;
  /** Issued before migration 0020: the credit note of a VAT correction was settled against this invoice. */
  replacedBy?: { number: string; gross: number } | null;
  number: string;
  issuedAt: Date;
  status: 'paid' | 'open';
  buyer: InvoiceBuyer;
  /** As sold, each with its VAT category and rate: every total is derived from them (totalsOf). */
  lines: OrderLine[];
  /** Date of supply (Leistungszeitraum): the event days, YYYY-MM-DD. */
  supply: { from: string; to: string };
  /** The buyer's language: 'de' German only, 'en' (default) German and English. */
  language?: Language;
  seller: Seller;
}

const A4 = { width: PageSizes.A4[0], height: PageSizes.A4[1] };
const LEFT = 57; // 20 mm
const RIGHT = A4.width - 57;
const FOOTER_TOP = 80;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);

/**
 * Liberation Sans (SIL OFL, server/assets/fonts), embedded and subset: PDF/A (the e-invoice's
 * PDF/A-3) forbids the standard fonts a viewer substitutes, and it has the letters of every
 * European name. The files are read once; they sit beside the sources, which `npm start` runs from.
 */
const FONT_DIR = join(ROOT, 'server', 'assets', 'fonts');
let fontFiles: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;
const loadFonts = () => {
  fontFiles ??= Promise.all(
    ['LiberationSans-Regular.ttf', 'LiberationSans-Bold.ttf'].map((file) => readFile(join(FONT_DIR, file))),
  ).then(([regular, bold]) => ({ regular: new Uint8Array(regular ?? []), bold: new Uint8Array(bold ?? []) }));
  return fontFiles;
};

/**
 * fontkit, parsing each font file once per process: pdf-lib parses the font for every document, and
 * a fresh parse lays out glyphs from scratch (a tenfold slower invoice). Each document still embeds
 * its own subset of the shared, read-only font.
 */
type Font = ReturnType<typeof fontkit.create>;
const parsed = new Map<Uint8Array, Font>();
const sharedFontkit: typeof fontkit = {
  ...fontkit,
  create(buffer, postscriptName) {
    const known = parsed.get(buffer);
    if (known) return known;
    const font = rememberLayouts(fontkit.create(buffer, postscriptName));
    parsed.set(buffer, font);
    return font;
  },
};

/** Texts whose layout a font keeps: an invoice's labels, the seller and the buyers of a busy day. */
const MAX_LAYOUTS = 4000;

/**
 * Shaping a text (fontkit's layout: OpenType lookups for every glyph) was most of an invoice's time,
 * and pdf-lib shapes each text twice (its width, then its glyphs). The same words recur on every
 * invoice, so a font remembers the layouts it made; pdf-lib only reads them (glyphs and their
 * advances, of the shared read-only font).
 */
function rememberLayouts(font: Font): Font {
  const layouts = new Map<string, ReturnType<Font['layout']>>();
  const layout = font.layout.bind(font);
  font.layout = ((text: string, features?: Parameters<Font['layout']>[1]) => {
    if (features !== undefined) return layout(text, features);
    let made = layouts.get(text);
    if (made === undefined) {
      if (layouts.size >= MAX_LAYOUTS) layouts.clear();
      made = layout(text);
      layouts.set(text, made);
    }
    return made;
  }) as Font['layout'];
  return font;
}

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

/** How the document was settled: refunded, set off against a corrected invoice (old VAT correction), paid or payable. */
function settlement(invoice: InvoiceDocument, gross: number, words: Words): string[] {
  const date = venueNumericDate(invoice.issuedAt);
  if (invoice.kind === 'credit-note' && invoice.replacedBy) {
    const { number, gross: replacement } = invoice.replacedBy;
    return words.sentences('settled.againstCorrection', { number, vat: eur(-gross - replacement), date });
  }
  if (invoice.kind === 'credit-note') return words.sentences('settled.refunded', { amount: eur(-gross), date });
  if (invoice.corrects) return [words.label('settled.withPaymentOf', { number: invoice.corrects.number })];
  return [invoice.status === 'paid' ? words.label('settled.paid', { date }) : words.label('settled.payable')];
}

/** The seller's tax identification as § 14 (4) no. 2 UStG wants it: the VAT ID, else the tax number. */
function sellerTaxId(seller: Seller, words: Words): string {
  return seller.vatId ? `${words.label('vatId')}: ${seller.vatId}` : `${words.label('taxNumber')}: ${seller.taxNumber}`;
}

/**
 * Renders the invoice as an A4 PDF with embedded fonts: letterhead, buyer, numbers, items with their
 * VAT rate, net and VAT per rate, total (§ 14 (4) UStG), the reverse-charge note on invoices issued
 * with it; German only for a German-speaking buyer, German and English otherwise (`language`, default 'en').
 */
export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Uint8Array> {
  const language = invoice.language ?? 'en';
  const words = wordsOf(language);
  const { label, sentences, own } = words;
  const { seller } = invoice;
  const totals = totalsOf(invoice.lines);
  const doc = await PDFDocument.create();
  doc.registerFontkit(sharedFontkit);
  const fonts = await loadFonts();
  const regular = await doc.embedFont(fonts.regular, { subset: true });
  const bold = await doc.embedFont(fonts.bold, { subset: true });
  const clean = printable(regular);
  const creditNote = invoice.kind === 'credit-note';
  // The file's title is the German one in either language, as the invoice register knows it.
  doc.setTitle(words.de(creditNote ? 'creditNote.document' : 'invoice.document', { number: invoice.number }));
  doc.setAuthor(seller.name);
  doc.setCreator('CloudFest 2026');
  doc.setProducer('CloudFest 2026');
  // German first in either language (the English invoice is bilingual), for screen readers.
  doc.setLanguage('de-DE');
  doc.setCreationDate(invoice.issuedAt);
  doc.setModificationDate(invoice.issuedAt);

  let page: PDFPage = doc.addPage(PageSizes.A4);
  const text = (value: string, x: number, y: number, size = 9.5, font: PDFFont = regular, color = INK) =>
    page.drawText(clean(value), { x, y, size, font, color });
  const textRight = (value: string, right: number, y: number, size = 9.5, font: PDFFont = regular) => {
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
  // The seller's country by name where it is Germany (the only one configured so far), else its code.
  const country = seller.countryCode === 'DE' ? label('seller.country') : seller.countryCode;
  const place = `${seller.postcode} ${seller.city}`;
  const taxId = sellerTaxId(seller, words);

  const footer = () => {
    rule(FOOTER_TOP - 12, 0.4);
    const directors = seller.managingDirectors.length
      ? [own('seller.managingDirectors', { names: seller.managingDirectors.join(', ') })]
      : [];
    const parts = [
      [seller.name, seller.street, place, country].join(' · '),
      [...directors, seller.register, taxId, seller.email].filter(Boolean).join(' · '),
    ];
    column(parts, LEFT, FOOTER_TOP - 26, 10, 7, MUTED);
  };

  // Letterhead
  text(seller.name, LEFT, 790, 18, bold);
  column([seller.street, place, country, taxId], RIGHT, 796, 12, 8.5, INK, true);

  // Buyer (address window) and invoice data side by side
  text(`${seller.name} · ${seller.street} · ${place}`, LEFT, 712, 7, regular, MUTED);
  const buyer = [invoice.buyer.company, invoice.buyer.name, ...invoice.buyer.address].filter((line) => line.trim());
  column(buyer, LEFT, 694, 13, 10);
  let y = 694 - buyer.length * 13 - 6;
  const buyerDetails = [
    invoice.buyer.vatId && `${label('vatId')}: ${invoice.buyer.vatId}`,
    invoice.buyer.reference && `${label('buyer.reference')}: ${invoice.buyer.reference}`,
    invoice.buyer.purchaseOrder && `${label('buyer.purchaseOrder')}: ${invoice.buyer.purchaseOrder}`,
  ].filter((line): line is string => Boolean(line));
  for (const line of buyerDetails) {
    text(line, LEFT, y, 9);
    y -= 11;
  }
  // Issued invoices stay as issued: a reverse-charge invoice showed when VIES confirmed the VAT ID.
  const confirmation = invoice.buyer.vatConfirmation;
  if (invoice.buyer.vatId && confirmation) {
    const reference = confirmation.reference ? `, ${label('vies.reference')} ${confirmation.reference}` : '';
    text(
      `${label('vies.confirmed')} ${venueNumericDate(new Date(confirmation.confirmedAt))}${reference}`,
      LEFT,
      y,
      7.5,
      regular,
      MUTED,
    );
    y -= 11;
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

  y = Math.min(560, y - 14, 694 - meta.length * 26 - 14);
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

  // Items: position, description (kind), quantity, VAT rate, unit price, net amount
  const col = { pos: LEFT, desc: LEFT + 28, qty: 318, vat: 368, unit: 452, amount: RIGHT };
  y -= 30;
  text(own('column.position'), col.pos, y, 8, bold);
  text(label('column.description'), col.desc, y, 8, bold);
  textRight(label('column.quantity'), col.qty, y, 8, bold);
  textRight(label('column.vat'), col.vat, y, 8, bold);
  textRight(label('column.unitPrice'), col.unit, y, 8, bold);
  textRight(label('column.net'), col.amount, y, 8, bold);
  y -= 7;
  rule(y);
  y -= 15;
  invoice.lines.forEach((line, index) => {
    const description = wrap(clean(lineDescription(line, language)), regular, 9.5, col.qty - col.desc - 40);
    if (y - description.length * 12 < FOOTER_TOP + 120) {
      footer();
      page = doc.addPage(PageSizes.A4);
      y = 780;
    }
    text(String(index + 1), col.pos, y);
    column(description, col.desc, y, 12);
    textRight(String(line.quantity), col.qty, y);
    textRight(`${vatPercent(line.vatBasisPoints)} %`, col.vat, y);
    textRight(eur(line.unitPrice), col.unit, y);
    textRight(eur(line.net), col.amount, y);
    y -= description.length * 12 + 8;
  });
  rule(y + 2);

  // Totals: net, then each rate's VAT on its net (§ 14 (4) no. 8 UStG), then the total
  y -= 16;
  const rows: [string, string, boolean][] = [
    [label('total.net'), eur(totals.net), false],
    ...totals.vatBreakdown.map((row): [string, string, boolean] => [
      label('total.vatRate', { rate: vatPercent(row.basisPoints), net: eur(row.net) }),
      eur(row.vat),
      false,
    ]),
    [label('total.gross'), eur(totals.gross), true],
  ];
  for (const [name, value, strong] of rows) {
    textRight(name, col.unit, y, strong ? 10.5 : 9.5, strong ? bold : regular);
    textRight(value, col.amount, y, strong ? 10.5 : 9.5, strong ? bold : regular);
    y -= strong ? 18 : 14;
  }

  y -= 14;
  if (invoice.lines.some((line) => line.vatCategory === 'AE')) {
    // Issued before migration 0020 under reverse charge: the legal wording (§ 14a Abs. 5 UStG), then the note, as issued.
    text(own('reverseCharge.legalNotice'), LEFT, y, 9.5, bold);
    y -= 13;
    for (const part of wrap(own('reverseCharge.note'), regular, 9.5, RIGHT - LEFT)) {
      text(part, LEFT, y);
      y -= 13;
    }
    y -= 4;
  }
  for (const part of settlement(invoice, totals.gross, words).flatMap((sentence) =>
    wrap(clean(sentence), regular, 9.5, RIGHT - LEFT),
  )) {
    text(part, LEFT, y);
    y -= 13;
  }
  text(label(creditNote ? 'thanks.creditNote' : 'thanks.invoice'), LEFT, y, 9.5, regular, MUTED);

  footer();
  return doc.save();
}
