import { deflateSync } from 'node:zlib';
import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';
import { create as createQr } from 'qrcode';
import { printable, wrap } from '../pdf/pdf-layout.ts';

/*
 * Print-ready badges as a PDF that is written while it is made. pdf-lib keeps a whole
 * document in memory until save(), which for 10,000 badges is hundreds of megabytes; so this file
 * writes the PDF's objects itself, one page after another, and keeps only their byte offsets (for
 * the cross-reference table) until the end. pdf-lib still does what it is good at: the standard
 * fonts' metrics and WinAnsi encoding (with pdf-layout.ts's cleaning and wrapping).
 *
 * Each QR code is an image XObject of one pixel per module (1 bit per pixel, quiet zone included,
 * drawn without interpolation): crisp at any printer resolution and about 300 bytes a badge.
 */

export type BadgeLayout = 'a6' | 'sheet';

export interface PrintedBadge {
  /** The signed pass token the QR code carries. */
  token: string;
  name: string;
  company: string;
  passType: string;
}

/** Light modules around the symbol (ISO/IEC 18004 asks for 4), part of the image. */
export const BADGE_QR_QUIET_ZONE = 4;

const MM = 72 / 25.4;
const A4 = { width: 595.28, height: 841.89 };
const A6 = { width: 297.64, height: 419.53 };
/** The 2×4 label sheet: eight 105 × 74.25 mm labels filling an A4 page. */
export const SHEET = { columns: 2, rows: 4 } as const;
export const BADGES_PER_PAGE: Record<BadgeLayout, number> = { a6: 1, sheet: SHEET.columns * SHEET.rows };

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  clean: (text: string) => string;
}

/** The QR code of `text` (byte mode, error correction M, as the app draws it) as a 1-bit grey image. */
export function qrImage(text: string): { size: number; bits: Buffer } {
  const { modules } = createQr([{ data: new TextEncoder().encode(text), mode: 'byte' }], { errorCorrectionLevel: 'M' });
  const size = modules.size + 2 * BADGE_QR_QUIET_ZONE;
  const rowBytes = Math.ceil(size / 8);
  // 1 = white (DeviceGray), rows padded to whole bytes.
  const bits = Buffer.alloc(rowBytes * size, 0xff);
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (!modules.data[y * modules.size + x]) continue;
      const px = x + BADGE_QR_QUIET_ZONE;
      const index = (y + BADGE_QR_QUIET_ZONE) * rowBytes + (px >> 3);
      bits[index] = (bits[index] as number) & ~(0x80 >> (px & 7));
    }
  }
  return { size, bits };
}

const num = (value: number) => (Math.round(value * 100) / 100).toString();

/** Text operators for one line; `align` centre puts the line's middle at x. */
function textLine(fonts: Fonts, bold: boolean, size: number, text: string, x: number, y: number, align: 'left' | 'centre') {
  const font = bold ? fonts.bold : fonts.regular;
  const width = font.widthOfTextAtSize(text, size);
  const left = align === 'centre' ? x - width / 2 : x;
  return `BT /${bold ? 'F2' : 'F1'} ${size} Tf 1 0 0 1 ${num(left)} ${num(y)} Tm ${font.encodeText(text).toString()} Tj ET`;
}

/** Fits text into at most `lines` lines of `width`, shrinking from `size` down to `min`, cutting the rest with an ellipsis. */
function fitLines(font: PDFFont, text: string, size: number, min: number, width: number, lines: number) {
  let current = size;
  for (; current > min; current -= 1) {
    const wrapped = wrap(text, font, current, width);
    if (wrapped.length <= lines && wrapped.every((line) => font.widthOfTextAtSize(line, current) <= width)) {
      return { size: current, lines: wrapped };
    }
  }
  const wrapped = wrap(text, font, min, width).slice(0, lines);
  const cut = wrapped.map((line) => {
    let out = line;
    while (out.length > 1 && font.widthOfTextAtSize(out, min) > width) out = `${out.slice(0, -2)}…`;
    return out;
  });
  if (wrap(text, font, min, width).length > lines && cut.length > 0) {
    let last = cut[cut.length - 1] as string;
    while (last.length > 1 && font.widthOfTextAtSize(`${last}…`, min) > width) last = last.slice(0, -1);
    cut[cut.length - 1] = `${last}…`;
  }
  return { size: min, lines: cut };
}

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One badge's drawing operators in `box`; `qr` names its image resource. */
function badgeOps(fonts: Fonts, badge: PrintedBadge, box: Box, qr: string, layout: BadgeLayout): string {
  const name = fonts.clean(badge.name) || ' ';
  const company = fonts.clean(badge.company);
  const passType = fonts.clean(badge.passType);
  const ops: string[] = [];
  if (layout === 'a6') {
    const centre = box.x + box.width / 2;
    const inner = box.width - 20 * MM;
    // Pass type band along the bottom.
    const band = 16 * MM;
    ops.push(`0.1 0.1 0.12 rg ${num(box.x)} ${num(box.y)} ${num(box.width)} ${num(band)} re f`);
    ops.push(
      `1 1 1 rg ${textLine(fonts, true, 14, fitLines(fonts.bold, passType, 14, 8, inner, 1).lines[0] ?? '', centre, box.y + band / 2 - 5, 'centre')}`,
    );
    ops.push('0.1 0.1 0.12 rg');
    const qrSize = 56 * MM;
    const qrY = box.y + band + 8 * MM;
    ops.push(`q ${num(qrSize)} 0 0 ${num(qrSize)} ${num(centre - qrSize / 2)} ${num(qrY)} cm /${qr} Do Q`);
    let y = box.y + box.height - 22 * MM;
    const fitted = fitLines(fonts.bold, name, 26, 14, inner, 2);
    for (const line of fitted.lines) {
      ops.push(textLine(fonts, true, fitted.size, line, centre, y, 'centre'));
      y -= fitted.size * 1.15;
    }
    if (company) {
      const fittedCompany = fitLines(fonts.regular, company, 15, 9, inner, 2);
      y -= 2;
      for (const line of fittedCompany.lines) {
        ops.push(textLine(fonts, false, fittedCompany.size, line, centre, y, 'centre'));
        y -= fittedCompany.size * 1.2;
      }
    }
    return ops.join('\n');
  }
  // Sheet label: text on the left, QR code on the right, 6 mm margins.
  const margin = 6 * MM;
  const qrSize = Math.min(box.height - 2 * margin, 52 * MM);
  const qrX = box.x + box.width - margin - qrSize;
  ops.push('0.1 0.1 0.12 rg');
  ops.push(`q ${num(qrSize)} 0 0 ${num(qrSize)} ${num(qrX)} ${num(box.y + (box.height - qrSize) / 2)} cm /${qr} Do Q`);
  const left = box.x + margin;
  const inner = qrX - left - 2 * MM;
  let y = box.y + box.height - margin - 14;
  const fitted = fitLines(fonts.bold, name, 16, 9, inner, 3);
  for (const line of fitted.lines) {
    ops.push(textLine(fonts, true, fitted.size, line, left, y, 'left'));
    y -= fitted.size * 1.15;
  }
  if (company) {
    const fittedCompany = fitLines(fonts.regular, company, 11, 7, inner, 2);
    y -= 2;
    for (const line of fittedCompany.lines) {
      ops.push(textLine(fonts, false, fittedCompany.size, line, left, y, 'left'));
      y -= fittedCompany.size * 1.2;
    }
  }
  const typeLine = fitLines(fonts.bold, passType, 10, 7, inner, 1);
  ops.push(textLine(fonts, true, typeLine.size, typeLine.lines[0] ?? '', left, box.y + margin, 'left'));
  return ops.join('\n');
}

/** Where the badges of one page go. */
function boxes(layout: BadgeLayout): Box[] {
  if (layout === 'a6') return [{ x: 0, y: 0, ...A6 }];
  const width = A4.width / SHEET.columns;
  const height = A4.height / SHEET.rows;
  const out: Box[] = [];
  for (let row = 0; row < SHEET.rows; row++) {
    for (let column = 0; column < SHEET.columns; column++) {
      out.push({ x: column * width, y: A4.height - (row + 1) * height, width, height });
    }
  }
  return out;
}

async function loadFonts(): Promise<Fonts> {
  const doc = await PDFDocument.create();
  const [regular, bold] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold)]);
  // One character set for both: the bold and regular Helvetica know the same WinAnsi glyphs.
  return { regular, bold, clean: printable(regular) };
}

/**
 * The badges PDF as chunks of bytes, written as the badges arrive: each batch from `source` becomes
 * its pages at once, and only the pages' object offsets stay behind. An empty source still makes a
 * valid document (one blank page), so a filter matching nobody downloads something that opens.
 */
export async function* badgePdf(source: AsyncIterable<readonly PrintedBadge[]>, layout: BadgeLayout): AsyncGenerator<Buffer> {
  const fonts = await loadFonts();
  const pageBoxes = boxes(layout);
  const media = layout === 'a6' ? A6 : A4;
  const perPage = BADGES_PER_PAGE[layout];
  const offsets: number[] = [];
  const pageIds: number[] = [];
  let position = 0;
  let nextId = 5; // 1 catalog, 2 pages, 3 and 4 fonts

  const chunks: Buffer[] = [];
  const put = (data: string | Buffer) => {
    const buffer = typeof data === 'string' ? Buffer.from(data, 'latin1') : data;
    chunks.push(buffer);
    position += buffer.length;
  };
  const object = (id: number, body: string, stream?: Buffer) => {
    offsets[id] = position;
    if (stream) {
      put(`${id} 0 obj\n${body.replace(/>>$/, `/Length ${stream.length} >>`)}\nstream\n`);
      put(stream);
      put('\nendstream\nendobj\n');
    } else put(`${id} 0 obj\n${body}\nendobj\n`);
  };
  const flush = () => {
    const out = Buffer.concat(chunks);
    chunks.length = 0;
    return out;
  };

  put('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n');
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  object(3, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  object(4, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');

  const writePage = (badges: readonly PrintedBadge[]) => {
    const images: string[] = [];
    const ops: string[] = [];
    badges.forEach((badge, index) => {
      const { size, bits } = qrImage(badge.token);
      const id = nextId++;
      object(
        id,
        `<< /Type /XObject /Subtype /Image /Width ${size} /Height ${size} /ColorSpace /DeviceGray /BitsPerComponent 1 /Interpolate false /Filter /FlateDecode >>`,
        deflateSync(bits),
      );
      images.push(`/Q${index} ${id} 0 R`);
      ops.push(badgeOps(fonts, badge, pageBoxes[index] as Box, `Q${index}`, layout));
    });
    const contentId = nextId++;
    object(contentId, '<< /Filter /FlateDecode >>', deflateSync(Buffer.from(ops.join('\n'), 'latin1')));
    const pageId = nextId++;
    object(
      pageId,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${media.width} ${media.height}] /Contents ${contentId} 0 R /Resources << /Font << /F1 3 0 R /F2 4 0 R >>${images.length ? ` /XObject << ${images.join(' ')} >>` : ''} >> >>`,
    );
    pageIds.push(pageId);
  };

  yield flush();
  let pending: PrintedBadge[] = [];
  for await (const batch of source) {
    pending.push(...batch);
    while (pending.length >= perPage) {
      writePage(pending.slice(0, perPage));
      pending = pending.slice(perPage);
    }
    yield flush();
  }
  if (pending.length > 0 || pageIds.length === 0) writePage(pending);

  object(2, `<< /Type /Pages /Count ${pageIds.length} /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] >>`);
  const xref = position;
  const lines = [`xref\n0 ${nextId}\n`, '0000000000 65535 f \n'];
  for (let id = 1; id < nextId; id++) lines.push(`${String(offsets[id] ?? 0).padStart(10, '0')} 00000 n \n`);
  put(lines.join(''));
  put(`trailer\n<< /Size ${nextId} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  yield flush();
}
