import { FormatFactoryService, type Invoice } from '@e-invoice-eu/core';
import { decodePDFRawStream, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream } from 'pdf-lib';

/**
 * The EN 16931 XML and the Factur-X PDF by @e-invoice-eu/core. Its InvoiceService compiles the JSON
 * schema of the invoice for every call (about a second); the format services it uses are called
 * here directly, which is the same XML in a few milliseconds. Our invoices are checked against the
 * official EN 16931 rules in the tests and in CI instead (server/testing/en16931.ts).
 */
const formats = new FormatFactoryService();
const logger = { log() {}, warn: (m: string) => console.warn(m), error: (m: string) => console.error(m) };

type CiiTree = Record<string, Record<string, Record<string, Record<string, unknown>>>>;

/**
 * The format service, with one correction of the library's CII (2.3.4): it writes the preceding
 * invoice's date (BT-26) as udt:DateTimeString, which the CII schema rejects there (it is
 * qdt:DateTimeString under FormattedIssueDateTime). The invoice JSON gives BT-25 and BT-26 where its
 * converter reads them (cii.ts), so only the element's namespace is changed here, before rendering.
 */
function formatService(name: 'CII' | 'Factur-X-EN16931') {
  const format = formats.createFormatService(name, logger) as ReturnType<FormatFactoryService['createFormatService']> & {
    postProcess(cii: CiiTree): void;
  };
  const postProcess = format.postProcess.bind(format);
  format.postProcess = (cii) => {
    postProcess(cii);
    const settlement =
      cii['rsm:CrossIndustryInvoice']?.['rsm:SupplyChainTradeTransaction']?.['ram:ApplicableHeaderTradeSettlement'];
    const references = settlement?.['ram:InvoiceReferencedDocument'];
    for (const reference of (Array.isArray(references) ? references : references ? [references] : []) as Record<
      string,
      Record<string, unknown>
    >[]) {
      const date = reference['ram:FormattedIssueDateTime'];
      if (date && 'udt:DateTimeString' in date) {
        reference['ram:FormattedIssueDateTime'] = {
          'qdt:DateTimeString': date['udt:DateTimeString'],
          'qdt:DateTimeString@format': date['udt:DateTimeString@format'],
        };
      }
    }
  };
  return format;
}

/** The CII XML, profile EN 16931 (urn:cen.eu:en16931:2017). */
export async function ciiXml(invoice: Invoice): Promise<string> {
  const format = formatService('CII');
  format.fillInvoiceDefaults(invoice);
  return (await format.generate(invoice, { format: 'CII', lang: 'de' })) as string;
}

/**
 * Our rendered PDF as PDF/A-3b with the XML embedded as factur-x.xml (AFRelationship Alternative)
 * and the Factur-X XMP (fx:DocumentType INVOICE, fx:ConformanceLevel EN 16931), by the library.
 */
export async function facturXPdf(invoice: Invoice, pdf: Uint8Array, filename: string): Promise<Uint8Array> {
  const format = formatService('Factur-X-EN16931');
  format.fillInvoiceDefaults(invoice);
  const hybrid = (await format.generate(invoice, {
    format: 'Factur-X-EN16931',
    lang: 'de',
    pdf: { buffer: pdf, filename, mimetype: 'application/pdf' },
  })) as Uint8Array;
  return matchInfoToXmp(hybrid);
}

/**
 * PDF/A wants the document information dictionary to say what the XMP metadata says (ISO 19005-3,
 * 6.6.2.3). The library writes a title, producer, creator and keywords there that its XMP words
 * differently: take the XMP's words (it is the library's packet, so the values are known plain text).
 */
async function matchInfoToXmp(bytes: Uint8Array): Promise<Uint8Array> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const metadata = doc.catalog.lookup(PDFName.of('Metadata'));
  const xmp = metadata instanceof PDFRawStream ? Buffer.from(decodePDFRawStream(metadata).decode()).toString('utf8') : '';
  const value = (pattern: RegExp) => unescapeXml(pattern.exec(xmp)?.[1] ?? '');
  const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
  const title = value(/<dc:title>\s*<rdf:Alt>\s*<rdf:li[^>]*>([^<]*)</);
  if (title) info.set(PDFName.of('Title'), PDFHexString.fromText(title));
  const producer = value(/<pdf:Producer>([^<]*)</);
  if (producer) info.set(PDFName.of('Producer'), PDFHexString.fromText(producer));
  const creatorTool = value(/<xmp:CreatorTool>([^<]*)</);
  if (creatorTool) info.set(PDFName.of('Creator'), PDFHexString.fromText(creatorTool));
  info.delete(PDFName.of('Keywords'));
  return doc.save();
}

const unescapeXml = (text: string) =>
  text
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&apos;', "'")
    .replaceAll('&amp;', '&');
