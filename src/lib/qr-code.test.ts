import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { QR_QUIET_ZONE, qrCodeSvg } from './qr-code.ts';

/** A pass token's shape: base64url JSON, a dot, a base64url Ed25519 signature (~290 characters). */
const TOKEN =
  'eyJ2IjoxLCJraWQiOiJRa0ZDcjlvTiIsInBpZCI6IjNmMWMyYTllLTAwMDAtNDAwMC04MDAwLTAwMDAwMDAwMDAwMSIsIm4iOiJMZW5hIEhvZmZtYW5uIiwiYyI6IlBpeGVsaGF1cyBEaWdpdGFsIEdtYkgiLCJ0IjoiU3RhbmRhcmQgUGFzcyIsInZmIjoxNzc0MjI0MDAwLCJ2dCI6MTc3NDU2OTYwMH0' +
  '.3q2-7wAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA_-';

/** Paints the path's rectangles (only the `M x y h w v1 h-w z` runs qrCodeSvg writes) into RGBA pixels. */
function rasterize(svg: { size: number; path: string }, scale: number) {
  const width = svg.size * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const [, x, y, w] of svg.path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let py = Number(y) * scale; py < (Number(y) + 1) * scale; py++) {
      for (let px = Number(x) * scale; px < (Number(x) + Number(w)) * scale; px++) {
        const i = (py * width + px) * 4;
        data[i] = data[i + 1] = data[i + 2] = 0;
      }
    }
  }
  // The reader only reads data, width and height; DOM's ImageData type asks for more.
  return { data, width, height: width, colorSpace: 'srgb' } as ImageData;
}

beforeAll(async () => {
  // Node has no fetch for file paths: hand the reader its .wasm directly.
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  await prepareZXingModule({ overrides: { wasmBinary: readFileSync(wasm).buffer }, fireImmediately: true });
});

describe('qrCodeSvg', () => {
  it('draws a code that a scanner reads back as the exact token', async () => {
    const svg = qrCodeSvg(TOKEN);
    const [result, ...others] = await readBarcodes(rasterize(svg, 3), { formats: ['QRCode'] });
    expect(others).toHaveLength(0);
    expect(result?.isValid).toBe(true);
    expect(result?.text).toBe(TOKEN);
  });

  it('keeps a four-module quiet zone and only whole-module rectangles inside it', () => {
    const svg = qrCodeSvg(TOKEN);
    // Version 13 (69 modules) at error correction M holds a token of this length.
    expect(svg.size).toBe(69 + 2 * QR_QUIET_ZONE);
    const runs = [...svg.path.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)];
    expect(runs.map((m) => m[0]).join('')).toBe(svg.path);
    for (const [, x, y, w, back] of runs) {
      expect(Number(x)).toBeGreaterThanOrEqual(QR_QUIET_ZONE);
      expect(Number(y)).toBeGreaterThanOrEqual(QR_QUIET_ZONE);
      expect(Number(x) + Number(w)).toBeLessThanOrEqual(svg.size - QR_QUIET_ZONE);
      expect(back).toBe(w);
    }
    // The top-left finder pattern starts with a run of 7 dark modules.
    expect(svg.path.startsWith(`M${QR_QUIET_ZONE} ${QR_QUIET_ZONE}h7v1h-7z`)).toBe(true);
  });

  it('is deterministic, so a re-render draws the same code', () => {
    expect(qrCodeSvg(TOKEN)).toEqual(qrCodeSvg(TOKEN));
  });
});
