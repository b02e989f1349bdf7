import type { InvoiceDocument } from '../invoice-pdf.ts';
import { renderInvoicePdf } from '../invoice-pdf.ts';
import { postalOf, ublInvoiceOf } from './cii.ts';
import { countryCodeOf } from './countries.ts';
import { ciiXml, facturXPdf } from './generate.ts';

/** The e-invoice of a document: its EN 16931 XML alone, or embedded in the rendered PDF (Factur-X). */

const ublOf = async (doc: InvoiceDocument) =>
  ublInvoiceOf(doc, postalOf(doc.buyer, await countryCodeOf(), doc.seller.countryCode));

export async function invoiceXml(doc: InvoiceDocument): Promise<string> {
  return ciiXml(await ublOf(doc));
}

export async function invoicePdf(doc: InvoiceDocument): Promise<Uint8Array> {
  const [invoice, pdf] = await Promise.all([ublOf(doc), renderInvoicePdf(doc)]);
  return facturXPdf(invoice, pdf, `${doc.number}.pdf`);
}
