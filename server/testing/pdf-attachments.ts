import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString } from 'pdf-lib';

/**
 * The files a PDF embeds (its EmbeddedFiles name tree) by name, with each one's file specification:
 * the factur-x.xml of a hybrid invoice, read with pdf-lib so tests need no poppler.
 */
export async function embeddedFiles(pdf: Uint8Array): Promise<Map<string, { bytes: Uint8Array; spec: PDFDict }>> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const tree = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict)?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const list = tree?.lookupMaybe(PDFName.of('Names'), PDFArray);
  const files = new Map<string, { bytes: Uint8Array; spec: PDFDict }>();
  for (let i = 0; list && i + 1 < list.size(); i += 2) {
    const name = list.lookup(i);
    const spec = list.lookup(i + 1, PDFDict);
    const stream = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'));
    if (!(stream instanceof PDFRawStream) || !(name instanceof PDFString || name instanceof PDFHexString)) continue;
    files.set(name.decodeText(), { bytes: decodePDFRawStream(stream).decode(), spec });
  }
  return files;
}

/** The factur-x.xml of a ZUGFeRD / Factur-X PDF as text, or null when it has none. */
export async function facturXml(pdf: Uint8Array): Promise<string | null> {
  const file = (await embeddedFiles(pdf)).get('factur-x.xml');
  return file ? Buffer.from(file.bytes).toString('utf8') : null;
}
