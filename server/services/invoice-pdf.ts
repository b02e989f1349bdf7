import { PageSizes, PDFDocument, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { REVERSE_CHARGE_NOTE, type OrderLine } from '#shared/pricing.ts';
import type { InvoiceBuyer } from '../db/schema/index.ts';
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
}

const A4 = { width: PageSizes.A4[0], height: PageSizes.A4[1] };
const LEFT = 57; // 20 mm
const RIGHT = A4.width - 57;
const FOOTER_TOP = 80;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.4, 0.4, 0.45);

const money = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' });
const eur = (cents: number) => money.format(cents / 100);
const germanDate = (date: Date) =>
  new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);
const isoToGerman = (iso: string) => iso.split('-').reverse().join('.');

/** How the document was settled: refunded, set off against a corrected invoice (VAT correction), paid or payable. */
function settlement(invoice: InvoiceDocument): string[] {
  const on = germanDate(invoice.issuedAt);
  if (invoice.kind === 'credit-note' && invoice.replacedBy) {
    const { number, gross } = invoice.replacedBy;
    const vat = eur(-invoice.gross - gross);
    return [
      `Verrechnet mit der berichtigten Rechnung ${number} ohne Umsatzsteuer; die Umsatzsteuer von ${vat} wurde am ${on} auf das ursprüngliche Zahlungsmittel erstattet.`,
      `Settled against the corrected invoice ${number} without VAT; the VAT of ${vat} was refunded to the original means of payment on ${on}.`,
    ];
  }
  if (invoice.kind === 'credit-note') {
    return [
      `Der Betrag von ${eur(-invoice.gross)} wurde am ${on} auf das ursprüngliche Zahlungsmittel erstattet.`,
      `The amount of ${eur(-invoice.gross)} was refunded to the original means of payment on ${on}.`,
    ];
  }
  if (invoice.corrects) {
    const { number } = invoice.corrects;
    return [`Bezahlt mit der Zahlung zur Rechnung ${number}. / Paid with the payment of invoice ${number}.`];
  }
  return invoice.status === 'paid'
    ? [`Bezahlt am ${on} per Online-Zahlung. / Paid on ${on} by online payment.`]
    : ['Zahlbar sofort ohne Abzug. / Payable immediately without deduction.'];
}

/** Renders the invoice as an A4 PDF: letterhead, buyer, numbers, items, totals, VAT or reverse-charge note. */
export async function renderInvoicePdf(invoice: InvoiceDocument): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const clean = printable(regular);
  const creditNote = invoice.kind === 'credit-note';
  doc.setTitle(`${creditNote ? 'Rechnungskorrektur' : 'Rechnung'} ${invoice.number}`);
  doc.setAuthor(SELLER.name);
  doc.setCreator('CloudFest 2026');
  doc.setProducer('CloudFest 2026');
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

  const footer = () => {
    rule(FOOTER_TOP - 12, 0.4);
    const parts = [
      `${SELLER.name} · ${SELLER.street} · ${SELLER.city} · ${SELLER.country}`,
      `${SELLER.managingDirector} · ${SELLER.register} · USt-IdNr. / VAT ID ${SELLER.vatId} · ${SELLER.email}`,
    ];
    column(parts, LEFT, FOOTER_TOP - 26, 10, 7, MUTED);
  };

  // Letterhead
  text(SELLER.name, LEFT, 790, 18, bold);
  column([SELLER.street, SELLER.city, SELLER.country, `USt-IdNr. / VAT ID: ${SELLER.vatId}`], RIGHT, 796, 12, 8.5, INK, true);

  // Buyer (address window) and invoice data side by side
  text(`${SELLER.name} · ${SELLER.street} · ${SELLER.city}`, LEFT, 712, 7, regular, MUTED);
  const buyer = [invoice.buyer.company, invoice.buyer.name, ...invoice.buyer.address].filter((line) => line.trim());
  column(buyer, LEFT, 694, 13, 10);
  let y = 694 - buyer.length * 13 - 6;
  if (invoice.buyer.vatId) text(`USt-IdNr. / VAT ID: ${invoice.buyer.vatId}`, LEFT, y, 9);
  const confirmation = invoice.buyer.vatConfirmation;
  if (invoice.buyer.vatId && confirmation) {
    const reference = confirmation.reference ? `, Nr. / ref. ${confirmation.reference}` : '';
    text(
      `VIES-bestätigt / confirmed by VIES ${germanDate(new Date(confirmation.confirmedAt))}${clean(reference)}`,
      LEFT,
      y - 11,
      7.5,
      regular,
      MUTED,
    );
  }

  const supply = `${isoToGerman(invoice.supply.from)} – ${isoToGerman(invoice.supply.to)}`;
  const meta: [string, string][] = creditNote
    ? [
        ['Nummer / Credit note no.', invoice.number],
        ['Datum / Date', germanDate(invoice.issuedAt)],
        ['Zur Rechnung / Corrects invoice', invoice.corrects?.number ?? ''],
        ['Leistungszeitraum / Date of supply', supply],
        ['Kunde / Customer', invoice.buyer.email],
      ]
    : [
        ['Rechnungsnummer / Invoice no.', invoice.number],
        ['Rechnungsdatum / Invoice date', germanDate(invoice.issuedAt)],
        ['Leistungszeitraum / Date of supply', supply],
        ['Kunde / Customer', invoice.buyer.email],
      ];
  meta.forEach(([label, value], i) => {
    text(label, 330, 694 - i * 26, 7.5, regular, MUTED);
    text(value, 330, 683 - i * 26, 10, i === 0 ? bold : regular);
  });

  y = 560;
  if (creditNote) {
    text(`Rechnungskorrektur (Stornorechnung) / Credit note ${invoice.number}`, LEFT, y, 13, bold);
    if (invoice.corrects) {
      const { number, issuedAt } = invoice.corrects;
      y -= 18;
      text(`Storniert die Rechnung ${number} vom ${germanDate(issuedAt)}.`, LEFT, y, 9.5);
      y -= 12;
      text(`Cancels invoice ${number} of ${germanDate(issuedAt)}.`, LEFT, y, 9.5);
    }
  } else {
    text(`Rechnung / Invoice ${invoice.number}`, LEFT, y, 16, bold);
    if (invoice.corrects) {
      const { number, issuedAt } = invoice.corrects;
      y -= 18;
      text(`Ersetzt die Rechnung ${number} vom ${germanDate(issuedAt)} (berichtigt: ohne Umsatzsteuer).`, LEFT, y, 9.5);
      y -= 12;
      text(`Replaces invoice ${number} of ${germanDate(issuedAt)} (corrected: without VAT).`, LEFT, y, 9.5);
    }
  }
  y -= 18;
  text('CloudFest 2026, Europa-Park, Rust, Germany', LEFT, y, 9.5, regular, MUTED);

  // Items: position, description, quantity, unit price, net amount
  const col = { pos: LEFT, desc: LEFT + 28, qty: 360, unit: 445, amount: RIGHT };
  y -= 30;
  text('Pos.', col.pos, y, 8, bold);
  text('Beschreibung / Description', col.desc, y, 8, bold);
  textRight('Menge / Qty', col.qty, y, 8, bold);
  textRight('Einzelpreis / Unit', col.unit, y, 8, bold);
  textRight('Betrag netto / Net', col.amount, y, 8, bold);
  y -= 7;
  rule(y);
  y -= 15;
  invoice.lines.forEach((line, index) => {
    const description = wrap(clean(line.description), regular, 9.5, col.qty - col.desc - 50);
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
    ['Nettobetrag / Net amount', eur(invoice.net), false],
    [`Umsatzsteuer ${rate} % / VAT ${rate} %`, eur(invoice.vat), false],
    ['Gesamtbetrag / Total amount', eur(invoice.gross), true],
  ];
  for (const [label, value, strong] of totals) {
    textRight(label, col.unit, y, strong ? 10.5 : 9.5, strong ? bold : regular);
    textRight(value, col.amount, y, strong ? 10.5 : 9.5, strong ? bold : regular);
    y -= strong ? 18 : 14;
  }

  y -= 14;
  if (invoice.reverseCharge) {
    text('Steuerschuldnerschaft des Leistungsempfängers (§ 13b UStG).', LEFT, y, 9.5, bold);
    y -= 13;
    for (const part of wrap(REVERSE_CHARGE_NOTE, regular, 9.5, RIGHT - LEFT)) {
      text(part, LEFT, y);
      y -= 13;
    }
    y -= 4;
  }
  const settled = settlement(invoice);
  for (const part of settled.flatMap((sentence) => wrap(sentence, regular, 9.5, RIGHT - LEFT))) {
    text(part, LEFT, y);
    y -= 13;
  }
  text(
    creditNote ? 'Vielen Dank. / Thank you.' : 'Vielen Dank für Ihre Registrierung. / Thank you for registering.',
    LEFT,
    y,
    9.5,
    regular,
    MUTED,
  );

  footer();
  return doc.save();
}
