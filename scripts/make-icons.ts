/**
 * Draws the app's icons (PWA icons, maskable icon, shortcut icons, apple-touch-icon, favicons) with
 * plain geometry and writes them as PNG with node's zlib, so no image tool is needed.
 *
 *   node --import tsx scripts/make-icons.ts
 *
 * The output is deterministic: running it again without changes gives identical files, so the
 * committed PNGs in public/ only change when this design changes.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';

type Rgba = readonly [number, number, number, number];
/** Signed distance in icon units (the icon spans 0..1); negative inside the shape. */
type Sdf = (x: number, y: number) => number;
type Paint = (x: number, y: number) => Rgba;

interface Layer {
  shape: Sdf;
  paint: Paint;
  /** Width of the soft edge in icon units; 0 means a crisp, anti-aliased edge. */
  blur?: number;
  opacity?: number;
  /** Whether the layer belongs to the content (scaled into the safe zone) or to the frame. */
  frame?: boolean;
}

// ---------------------------------------------------------------- geometry

const circle =
  (cx: number, cy: number, r: number): Sdf =>
  (x, y) =>
    Math.hypot(x - cx, y - cy) - r;

/** Axis-aligned box from its edges, with rounded corners of radius r. */
const box =
  (left: number, top: number, right: number, bottom: number, r = 0): Sdf =>
  (x, y) => {
    const hx = (right - left) / 2 - r;
    const hy = (bottom - top) / 2 - r;
    const qx = Math.abs(x - (left + right) / 2) - hx;
    const qy = Math.abs(y - (top + bottom) / 2) - hy;
    return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
  };

const union =
  (...shapes: Sdf[]): Sdf =>
  (x, y) =>
    Math.min(...shapes.map((s) => s(x, y)));

const subtract =
  (shape: Sdf, hole: Sdf): Sdf =>
  (x, y) =>
    Math.max(shape(x, y), -hole(x, y));

const translate =
  (shape: Sdf, dx: number, dy: number): Sdf =>
  (x, y) =>
    shape(x - dx, y - dy);

/** A ring of outer radius r and stroke width w, open on the right by ±angle (radians). */
const openRing = (cx: number, cy: number, r: number, w: number, angle: number): Sdf => {
  const ring: Sdf = (x, y) => Math.abs(Math.hypot(x - cx, y - cy) - (r - w / 2)) - w / 2;
  // The opening is a wedge bounded by two lines through the centre.
  const s = Math.sin(angle);
  const c = Math.cos(angle);
  const wedge: Sdf = (x, y) => {
    const px = x - cx;
    const py = y - cy;
    // Negative on the inner side of both lines: c·py − s·px < 0 (below +angle) and above −angle.
    return Math.max(py * c - px * s, -py * c - px * s);
  };
  return subtract(ring, wedge);
};

// ---------------------------------------------------------------- colours

const hex = (value: string, alpha = 1): Rgba => {
  const n = Number.parseInt(value.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255, alpha];
};

const BRAND_LIGHT = hex('#3b82f6');
const BRAND_DARK = hex('#3730a3');
const WHITE = hex('#ffffff');
const SHADOW = hex('#0b1740');

/** The brand gradient, top left to bottom right (the theme colour #1d4ed8 sits in its middle). */
const gradient: Paint = (x, y) => {
  const t = Math.min(Math.max((x + y) / 2, 0), 1);
  const mix = (a: number, b: number) => a + (b - a) * t;
  return [mix(BRAND_LIGHT[0], BRAND_DARK[0]), mix(BRAND_LIGHT[1], BRAND_DARK[1]), mix(BRAND_LIGHT[2], BRAND_DARK[2]), 1];
};
const solid =
  (colour: Rgba): Paint =>
  () =>
    colour;

// ---------------------------------------------------------------- designs

/** The cloud, centred in the unit square. */
const cloud: Sdf = translate(
  union(box(0.23, 0.505, 0.77, 0.695, 0.095), circle(0.36, 0.54, 0.13), circle(0.53, 0.43, 0.19), circle(0.68, 0.55, 0.115)),
  0,
  0.035,
);

/** "CF" set in the cloud's body with strokes of equal weight. */
const letters: Sdf = translate(
  union(
    openRing(0.43, 0.56, 0.09, 0.045, Math.PI / 4.2),
    box(0.55, 0.47, 0.595, 0.65, 0.006),
    box(0.55, 0.47, 0.665, 0.515, 0.006),
    box(0.55, 0.54, 0.645, 0.585, 0.006),
  ),
  0,
  0.035,
);

const roundedFrame = box(0, 0, 1, 1, 0.22);
const fullFrame = box(-1, -1, 2, 2);

function appIcon(frame: Sdf, withLetters: boolean, withShadow: boolean): Layer[] {
  const layers: Layer[] = [{ shape: frame, paint: gradient, frame: true }];
  if (withShadow) layers.push({ shape: translate(cloud, 0, 0.025), paint: solid(SHADOW), blur: 0.05, opacity: 0.28 });
  layers.push({ shape: cloud, paint: solid(WHITE) });
  // The letters show the gradient through the cloud, as if cut out of it.
  if (withLetters) layers.push({ shape: letters, paint: gradient });
  return layers;
}

/** A conference badge on its lanyard slot: photo and two text lines. */
function passIcon(): Layer[] {
  const badge = subtract(box(0.3, 0.24, 0.7, 0.8, 0.06), box(0.44, 0.3, 0.56, 0.335, 0.0175));
  return [
    { shape: roundedFrame, paint: gradient, frame: true },
    { shape: translate(badge, 0, 0.02), paint: solid(SHADOW), blur: 0.05, opacity: 0.28 },
    { shape: badge, paint: solid(WHITE) },
    {
      shape: union(circle(0.5, 0.47, 0.075), box(0.38, 0.6, 0.62, 0.635, 0.0175), box(0.42, 0.67, 0.58, 0.705, 0.0175)),
      paint: gradient,
    },
  ];
}

/** A viewfinder: four corner brackets and a scan line. */
function scanIcon(): Layer[] {
  const t = 0.055; // stroke
  const a = 0.16; // arm length
  const lo = 0.24;
  const hi = 0.76;
  const corner = (x0: number, y0: number, sx: number, sy: number): Sdf => {
    const x1 = x0 + sx * a;
    const y1 = y0 + sy * a;
    const xt = x0 + sx * t;
    const yt = y0 + sy * t;
    return union(
      box(Math.min(x0, x1), Math.min(y0, yt), Math.max(x0, x1), Math.max(y0, yt), t / 2),
      box(Math.min(x0, xt), Math.min(y0, y1), Math.max(x0, xt), Math.max(y0, y1), t / 2),
    );
  };
  const brackets = union(corner(lo, lo, 1, 1), corner(hi, lo, -1, 1), corner(lo, hi, 1, -1), corner(hi, hi, -1, -1));
  const line = box(0.3, 0.48, 0.7, 0.52, 0.02);
  return [
    { shape: roundedFrame, paint: gradient, frame: true },
    { shape: translate(union(brackets, line), 0, 0.02), paint: solid(SHADOW), blur: 0.04, opacity: 0.25 },
    { shape: brackets, paint: solid(WHITE) },
    { shape: line, paint: solid(hex('#a5f3fc')) },
  ];
}

// ---------------------------------------------------------------- rendering

/**
 * Rasterises the layers at `size` pixels. Content layers are scaled by `contentScale` around the
 * centre (maskable icons keep their content inside the central safe zone); the distance field
 * gives the anti-aliasing, one pixel wide.
 */
function render(size: number, layers: Layer[], contentScale = 1): Uint8Array {
  const out = new Uint8Array(size * size * 4);
  for (let py = 0; py < size; py++) {
    for (let px = 0; px < size; px++) {
      const fx = (px + 0.5) / size;
      const fy = (py + 0.5) / size;
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (const layer of layers) {
        const scale = layer.frame ? 1 : contentScale;
        const x = 0.5 + (fx - 0.5) / scale;
        const y = 0.5 + (fy - 0.5) / scale;
        const d = layer.shape(x, y) * scale; // back to icon units
        const coverage = layer.blur ? smoothstep(layer.blur / 2, -layer.blur / 2, d) : clamp(0.5 - d * size, 0, 1);
        if (coverage <= 0) continue;
        const [cr, cg, cb, ca] = layer.paint(fx, fy);
        const alpha = coverage * ca * (layer.opacity ?? 1);
        // Porter-Duff "over" with straight (non-premultiplied) colours.
        const outA = alpha + a * (1 - alpha);
        if (outA > 0) {
          r = (cr * alpha + r * a * (1 - alpha)) / outA;
          g = (cg * alpha + g * a * (1 - alpha)) / outA;
          b = (cb * alpha + b * a * (1 - alpha)) / outA;
        }
        a = outA;
      }
      const i = (py * size + px) * 4;
      out[i] = Math.round(r);
      out[i + 1] = Math.round(g);
      out[i + 2] = Math.round(b);
      out[i + 3] = Math.round(a * 255);
    }
  }
  return out;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(Math.max(v, lo), hi);
}

function smoothstep(edge0: number, edge1: number, v: number): number {
  const t = clamp((v - edge0) / (edge1 - edge0), 0, 1);
  return t * t * (3 - 2 * t);
}

// ---------------------------------------------------------------- PNG and ICO

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * Encodes RGBA pixels as an 8-bit truecolour-with-alpha PNG. Each row gets the filter with the
 * smallest sum of absolute differences (the usual heuristic), which shrinks gradients a lot.
 */
function encodePng(size: number, rgba: Uint8Array): Buffer {
  const stride = size * 4;
  const raw = Buffer.alloc((stride + 1) * size);
  const zero = new Uint8Array(stride);
  const candidate = new Uint8Array(stride);
  for (let y = 0; y < size; y++) {
    const row = rgba.subarray(y * stride, (y + 1) * stride);
    const prev = y > 0 ? rgba.subarray((y - 1) * stride, y * stride) : zero;
    let bestType = 0;
    let bestScore = Number.POSITIVE_INFINITY;
    let best = new Uint8Array(stride);
    for (let type = 0; type <= 4; type++) {
      let score = 0;
      for (let i = 0; i < stride; i++) {
        const left = i >= 4 ? (row[i - 4] ?? 0) : 0;
        const up = prev[i] ?? 0;
        const upLeft = i >= 4 ? (prev[i - 4] ?? 0) : 0;
        const predictor = [0, left, up, (left + up) >> 1, paeth(left, up, upLeft)][type] ?? 0;
        const v = ((row[i] ?? 0) - predictor) & 255;
        candidate[i] = v;
        score += v < 128 ? v : 256 - v;
      }
      if (score < bestScore) {
        bestScore = score;
        bestType = type;
        best = candidate.slice();
      }
    }
    raw[y * (stride + 1)] = bestType;
    raw.set(best, y * (stride + 1) + 1);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  // bytes 10-12: compression, filter method, no interlace (all 0)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** An ICO holding PNG images (supported by every current browser), for the default /favicon.ico. */
function encodeIco(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry[0] = size >= 256 ? 0 : size;
    entry[1] = size >= 256 ? 0 : size;
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

// ---------------------------------------------------------------- outputs

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const iconsDir = join(root, 'public', 'icons');
mkdirSync(iconsDir, { recursive: true });

const png = (size: number, layers: Layer[], contentScale = 1) => encodePng(size, render(size, layers, contentScale));
// Below ~64 px the letters and the shadow turn to mush; the bare cloud reads better.
const small = (size: number) => png(size, appIcon(roundedFrame, false, false));

const files: [string, Buffer][] = [
  ['icons/icon-192.png', png(192, appIcon(roundedFrame, true, true))],
  ['icons/icon-512.png', png(512, appIcon(roundedFrame, true, true))],
  // Maskable: full bleed; the cloud reaches ~0.29 of the width from the centre, inside the 0.4 safe circle.
  ['icons/maskable-512.png', png(512, appIcon(fullFrame, true, true), 0.9)],
  // iOS masks the corners itself and turns transparency black, so this one is full bleed too.
  ['icons/apple-touch-icon-180.png', png(180, appIcon(fullFrame, true, true), 1)],
  ['icons/shortcut-pass-96.png', png(96, passIcon())],
  ['icons/shortcut-scan-96.png', png(96, scanIcon())],
  ['icons/favicon-32.png', small(32)],
  ['favicon.ico', encodeIco([16, 32, 48].map((size) => ({ size, png: small(size) })))],
];

for (const [name, data] of files) {
  writeFileSync(join(root, 'public', name), data);
  console.log(`public/${name}  ${data.length} bytes`);
}
