// The core encoder alone: `import 'qrcode'` also bundles its canvas, SVG-string and PNG renderers
// (CommonJS does not tree-shake), about 1.6 KB gzip this page would never run.
import { create } from 'qrcode/lib/core/qrcode.js';

/** Light modules around the symbol that scanners need to find it (ISO/IEC 18004 asks for 4). */
export const QR_QUIET_ZONE = 4;

export interface QrSvg {
  /** Width and height in modules, quiet zone included: the SVG's viewBox is `0 0 size size`. */
  size: number;
  /** One SVG path of every dark module, in module units. */
  path: string;
}

/**
 * Encodes `text` as a QR code (byte mode, error correction M: survives glare and a scratched
 * screen) and draws its dark modules as one SVG path, one rectangle per horizontal run. A single
 * path element renders crisply at any size and costs the page one DOM node instead of thousands.
 */
export function qrCodeSvg(text: string): QrSvg {
  // An explicit byte segment skips the library's mode optimisation: a signed token is mixed-case
  // base64url, which only byte mode encodes anyway.
  const { modules } = create([{ data: new TextEncoder().encode(text), mode: 'byte' }], { errorCorrectionLevel: 'M' });
  const { size, data } = modules;
  const parts: string[] = [];
  for (let y = 0; y < size; y++) {
    const row = y * size;
    let x = 0;
    while (x < size) {
      if (!data[row + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && data[row + x]) x++;
      parts.push(`M${start + QR_QUIET_ZONE} ${y + QR_QUIET_ZONE}h${x - start}v1h${start - x}z`);
    }
  }
  return { size: size + 2 * QR_QUIET_ZONE, path: parts.join('') };
}
