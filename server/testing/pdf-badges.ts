import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

/**
 * Reads a badges PDF back as a printer would see it: every 1-bit image XObject (the QR codes) is
 * inflated, drawn at a few pixels per module, and decoded with zxing (the scanner's own decoder).
 */

export interface PdfImage {
  width: number;
  height: number;
  /** DeviceGray, 1 bit per pixel, rows padded to bytes: 0 dark, 1 light. */
  bits: Buffer;
}

/** Every 1-bit image of the PDF, in file order. */
export function pdfImages(bytes: Uint8Array): PdfImage[] {
  const raw = Buffer.from(bytes);
  const images: PdfImage[] = [];
  const text = raw.toString('latin1');
  const header =
    /<< \/Type \/XObject \/Subtype \/Image \/Width (\d+) \/Height (\d+) [^>]*\/BitsPerComponent 1 [^>]*\/Length (\d+) >>\nstream\n/g;
  for (const match of text.matchAll(header)) {
    const start = (match.index ?? 0) + match[0].length;
    const length = Number(match[3]);
    images.push({ width: Number(match[1]), height: Number(match[2]), bits: inflateSync(raw.subarray(start, start + length)) });
  }
  return images;
}

let ready: Promise<unknown> | undefined;
function zxing() {
  ready ??= (() => {
    const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
    return prepareZXingModule({
      overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
      fireImmediately: true,
    });
  })();
  return ready;
}

/** The text of the QR code in a 1-bit image, or null when zxing finds none. */
export async function decodeQrImage(image: PdfImage, scale = 3): Promise<string | null> {
  await zxing();
  const rowBytes = Math.ceil(image.width / 8);
  const width = image.width * scale;
  const height = image.height * scale;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    const source = Math.floor(y / scale) * rowBytes;
    for (let x = 0; x < width; x++) {
      const px = Math.floor(x / scale);
      const light = ((image.bits[source + (px >> 3)] as number) >> (7 - (px & 7))) & 1;
      const offset = (y * width + x) * 4;
      const value = light ? 255 : 0;
      data[offset] = value;
      data[offset + 1] = value;
      data[offset + 2] = value;
      data[offset + 3] = 255;
    }
  }
  const results = await readBarcodes({ data, width, height, colorSpace: 'srgb' } as ImageData, {
    formats: ['QRCode'],
    tryHarder: false,
    maxNumberOfSymbols: 1,
  });
  return results[0]?.text ?? null;
}

/** Pages of the PDF (its page tree's /Count). */
export function pdfPageCount(bytes: Uint8Array): number {
  const match = /\/Type \/Pages \/Count (\d+)/.exec(Buffer.from(bytes).toString('latin1'));
  return match ? Number(match[1]) : 0;
}
