import type { Invoice } from '@e-invoice-eu/core';
import { type OrderLine, splitVatId, totalsOf } from '#shared/pricing.ts';
import { VENUE_TIME_ZONE } from '#shared/venue-time-zone.ts';
import type { InvoiceBuyer } from '../../../db/schema/index.ts';
import { lineDescription } from '../../../i18n/order-lines.ts';
import type { InvoiceDocument } from '../invoice-pdf.ts';

/**
 * An invoice or credit note as the JSON invoice of @e-invoice-eu/core (UBL element names), which the
 * library turns into EN 16931 CII (profile urn:cen.eu:en16931:2017). Every amount comes from the
 * lines through totalsOf, as on the PDF, so the two cannot disagree.
 *
 * A credit note is type 381 with positive amounts (the type says it is a credit; a 381 with negative
 * amounts would be a charge) and names the invoice it corrects (BT-25, BT-26).
 */

type Country = { 'cbc:IdentificationCode': string };
type Address = {
  'cbc:StreetName'?: string;
  'cbc:AdditionalStreetName'?: string;
  'cbc:CityName'?: string;
  'cbc:PostalZone'?: string;
  'cbc:CountrySubentity'?: string;
  'cac:Country': Country;
};
export type Postal = NonNullable<InvoiceBuyer['postal']>;

const EUR = 'EUR' as const;
/** Cents as the decimal the XML wants: 35581 → '355.81', -1 → '-0.01'. */
export const amount = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`;
const percent = (basisPoints: number) => String(basisPoints / 100);
/** The venue's calendar day of a moment (the invoice date), YYYY-MM-DD. */
const venueDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: VENUE_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
export const isoDay = (date: Date) => venueDay.format(date);

/** UN/ECE Rec. 20 unit: hotel nights are counted in days, everything else in pieces. */
const unitOf = (line: OrderLine) => (line.kind === 'hotel' ? 'DAY' : 'C62');

/** Issued before migration 0020 under reverse charge (category AE): the exemption the XML must state (BR-AE-10). */
const REVERSE_CHARGE = { code: 'VATEX-EU-AE', text: 'Reverse charge / Steuerschuldnerschaft des Leistungsempfängers' };

const address = (postal: Postal): Address => ({
  'cbc:StreetName': postal.line1,
  ...(postal.line2 ? { 'cbc:AdditionalStreetName': postal.line2 } : {}),
  'cbc:CityName': postal.city,
  ...(postal.postcode ? { 'cbc:PostalZone': postal.postcode } : {}),
  ...(postal.state ? { 'cbc:CountrySubentity': postal.state } : {}),
  'cac:Country': { 'cbc:IdentificationCode': postal.countryCode },
});

/**
 * The buyer's address in parts. Invoices issued before migration 0020 whose holder had no billing address
 * left have only the printed lines ('street', 'postcode city', 'country'): read them back, the country
 * by its English or German name (`countryCode` resolves it), the seller's country when unknown.
 */
export function postalOf(
  buyer: InvoiceBuyer,
  countryCode: (name: string) => string | undefined,
  fallbackCountry: string,
): Postal {
  if (buyer.postal) return buyer.postal;
  const lines = buyer.address.filter((line) => line.trim());
  const last = lines.at(-1) ?? '';
  const code = countryCode(last);
  const rest = code ? lines.slice(0, -1) : lines;
  const place = /^(\d{4} ?[A-Z]{2}|\S*\d\S*)\s+(.+)$/.exec(rest.at(-1) ?? '');
  return {
    line1: rest[0] ?? '',
    line2: rest.length > 2 ? rest.slice(1, -1).join(', ') : '',
    postcode: place?.[1] ?? '',
    city: place?.[2] ?? rest.at(-1) ?? '',
    state: '',
    countryCode: code ?? fallbackCountry,
  };
}

export function ublInvoiceOf(doc: InvoiceDocument, postal: Postal): Invoice {
  const creditNote = doc.kind === 'credit-note';
  // A credit note's lines are stored negative (they cancel); the 381 carries them positive.
  const sign = creditNote ? -1 : 1;
  const lines = doc.lines.map((line) => ({ ...line, unitPrice: sign * line.unitPrice, net: sign * line.net }));
  const totals = totalsOf(lines);
  const language = doc.language ?? 'en';
  const { seller, buyer } = doc;
  const paid = doc.status === 'paid';
  const reverseCharge = totals.vatBreakdown.some((row) => row.category === 'AE');
  const buyerVatId = buyer.vatId ? splitVatId(buyer.vatId) : null;

  const sellerTax = [
    ...(seller.vatId ? [{ 'cbc:CompanyID': seller.vatId, 'cac:TaxScheme': { 'cbc:ID': 'VAT' } }] : []),
    ...(seller.taxNumber && !seller.vatId ? [{ 'cbc:CompanyID': seller.taxNumber, 'cac:TaxScheme': { 'cbc:ID': 'FC' } }] : []),
  ];
  const invoice = {
    'ubl:Invoice': {
      'cbc:ID': doc.number,
      'cbc:IssueDate': isoDay(doc.issuedAt),
      'cbc:InvoiceTypeCode': creditNote ? '381' : '380',
      'cbc:DocumentCurrencyCode': EUR,
      ...(buyer.reference ? { 'cbc:BuyerReference': buyer.reference } : {}),
      'cac:InvoicePeriod': { 'cbc:StartDate': doc.supply.from, 'cbc:EndDate': doc.supply.to },
      ...(buyer.purchaseOrder ? { 'cac:OrderReference': { 'cbc:ID': buyer.purchaseOrder } } : {}),
      // BT-25 and BT-26 where the library's converter reads them (not inside cac:InvoiceDocumentReference,
      // as its JSON schema has it), the date as CII writes it; generate.ts fixes its namespace.
      ...(doc.corrects
        ? {
            'cac:BillingReference': [
              { 'cbc:ID': doc.corrects.number, 'cbc:IssueDate': isoDay(doc.corrects.issuedAt).replaceAll('-', '') },
            ],
          }
        : {}),
      'cac:AccountingSupplierParty': {
        'cac:Party': {
          'cbc:EndpointID': seller.email,
          'cbc:EndpointID@schemeID': 'EM',
          'cac:PostalAddress': address({
            line1: seller.street,
            line2: '',
            postcode: seller.postcode,
            city: seller.city,
            state: '',
            countryCode: seller.countryCode,
          }),
          'cac:PartyTaxScheme': sellerTax,
          'cac:PartyLegalEntity': {
            'cbc:RegistrationName': seller.name,
            ...(seller.register ? { 'cbc:CompanyID': seller.register } : {}),
          },
          'cac:Contact': {
            ...(seller.phone ? { 'cbc:Telephone': seller.phone } : {}),
            'cbc:ElectronicMail': seller.email,
          },
        },
      },
      'cac:AccountingCustomerParty': {
        'cac:Party': {
          ...(buyer.email ? { 'cbc:EndpointID': buyer.email, 'cbc:EndpointID@schemeID': 'EM' } : {}),
          'cac:PostalAddress': address(postal),
          ...(buyerVatId
            ? {
                'cac:PartyTaxScheme': {
                  'cbc:CompanyID': `${buyerVatId.countryCode}${buyerVatId.number}`,
                  'cac:TaxScheme': { 'cbc:ID': 'VAT' },
                },
              }
            : {}),
          'cac:PartyLegalEntity': { 'cbc:RegistrationName': buyer.company || buyer.name },
          'cac:Contact': {
            ...(buyer.company && buyer.name ? { 'cbc:Name': buyer.name } : {}),
            ...(buyer.email ? { 'cbc:ElectronicMail': buyer.email } : {}),
          },
        },
      },
      // The CII schema wants ApplicableHeaderTradeDelivery, which the library writes only from
      // cac:Delivery: the service was completed on the event's last day (BT-72).
      'cac:Delivery': { 'cbc:ActualDeliveryDate': doc.supply.to },
      // Open invoices are payable at once (BR-CO-25 wants terms when something is due).
      ...(paid
        ? {}
        : { 'cac:PaymentTerms': { 'cbc:Note': 'Zahlbar sofort ohne Abzug. / Payable immediately without deduction.' } }),
      'cac:TaxTotal': [
        {
          'cbc:TaxAmount': amount(totals.vat),
          'cbc:TaxAmount@currencyID': EUR,
          'cac:TaxSubtotal': totals.vatBreakdown.map((row) => ({
            'cbc:TaxableAmount': amount(row.net),
            'cbc:TaxableAmount@currencyID': EUR,
            'cbc:TaxAmount': amount(row.vat),
            'cbc:TaxAmount@currencyID': EUR,
            'cac:TaxCategory': {
              'cbc:ID': row.category,
              'cbc:Percent': row.category === 'AE' ? '0' : percent(row.basisPoints),
              ...(row.category === 'AE'
                ? { 'cbc:TaxExemptionReasonCode': REVERSE_CHARGE.code, 'cbc:TaxExemptionReason': REVERSE_CHARGE.text }
                : {}),
              'cac:TaxScheme': { 'cbc:ID': 'VAT' },
            },
          })),
        },
      ],
      'cac:LegalMonetaryTotal': {
        'cbc:LineExtensionAmount': amount(totals.net),
        'cbc:LineExtensionAmount@currencyID': EUR,
        'cbc:TaxExclusiveAmount': amount(totals.net),
        'cbc:TaxExclusiveAmount@currencyID': EUR,
        'cbc:TaxInclusiveAmount': amount(totals.gross),
        'cbc:TaxInclusiveAmount@currencyID': EUR,
        // Paid online (or, for a credit note, refunded): nothing is due.
        'cbc:PrepaidAmount': amount(paid ? totals.gross : 0),
        'cbc:PrepaidAmount@currencyID': EUR,
        'cbc:PayableAmount': amount(paid ? 0 : totals.gross),
        'cbc:PayableAmount@currencyID': EUR,
      },
      'cac:InvoiceLine': lines.map((line, index) => ({
        'cbc:ID': String(index + 1),
        'cbc:InvoicedQuantity': String(line.quantity),
        'cbc:InvoicedQuantity@unitCode': unitOf(line),
        'cbc:LineExtensionAmount': amount(line.net),
        'cbc:LineExtensionAmount@currencyID': EUR,
        'cac:Item': {
          'cbc:Name': lineDescription(line, language),
          'cac:ClassifiedTaxCategory': {
            'cbc:ID': line.vatCategory,
            'cbc:Percent': line.vatCategory === 'AE' ? '0' : percent(line.vatBasisPoints),
            'cac:TaxScheme': { 'cbc:ID': 'VAT' },
          },
        },
        'cac:Price': { 'cbc:PriceAmount': amount(line.unitPrice), 'cbc:PriceAmount@currencyID': EUR },
      })),
    },
  };
  if (reverseCharge && !buyerVatId) {
    // BR-AE-02 needs the buyer's VAT ID; every reverse-charge invoice had one (it was the condition).
    throw new Error(`Reverse-charge invoice ${doc.number} without the buyer's VAT ID`);
  }
  return invoice as unknown as Invoice;
}
