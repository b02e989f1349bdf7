import type { Sharp } from 'sharp';

/** The long side of a stored avatar: more than any variant of it is shown at (56 px at dpr 3 and profile pages). */
export const STORED_MAX_SIDE = 1024;
/** Decompression-bomb guard: a few kilobytes of PNG can claim gigapixels. 50 MP covers phone cameras. */
const MAX_INPUT_PIXELS = 50_000_000;
const READABLE_FORMATS = new Set(['jpeg', 'png', 'webp']);

export const UNREADABLE_PICTURE = 'This file is not a picture we can read.';

/** sharp (libvips, native) loads on the first upload or variant, not at server start (start-up budget). */
let sharpModule: Promise<typeof import('sharp')> | undefined;
function loadSharp() {
  sharpModule ??= import('sharp').then((m) => {
    // Our own LRU keeps the rendered variants; libvips' operation cache would only hold a second copy.
    m.default.cache(false);
    return m;
  });
  return sharpModule.then((m) => m.default);
}

export class UnreadablePictureError extends Error {
  constructor(cause?: unknown) {
    super(UNREADABLE_PICTURE, { cause });
    this.name = 'UnreadablePictureError';
  }
}

export interface StoredPicture {
  data: Buffer;
  width: number;
  height: number;
  contentType: 'image/webp';
}

/**
 * Normalises an upload: decodes it (JPEG, PNG or WebP by its bytes, whatever the header claimed),
 * turns it upright by its EXIF orientation, fits it into STORED_MAX_SIDE and re-encodes it as WebP.
 * Re-encoding keeps only pixels: EXIF (GPS position, camera serial), ICC and XMP are dropped.
 */
export async function normalisePicture(input: Buffer): Promise<StoredPicture> {
  const sharp = await loadSharp();
  try {
    const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
    const meta = await source.metadata();
    if (!meta.format || !READABLE_FORMATS.has(meta.format)) throw new Error(`format ${meta.format ?? 'unknown'}`);
    const { data, info } = await source
      .autoOrient()
      .resize(STORED_MAX_SIDE, STORED_MAX_SIDE, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height, contentType: 'image/webp' };
  } catch (error) {
    throw new UnreadablePictureError(error);
  }
}

export interface Variant {
  /** Output pixels (CSS size × dpr); undefined keeps the aspect ratio on that side. */
  width?: number;
  height?: number;
  fit: 'crop' | 'contain';
}

/** The variant a query asks for, in device pixels: SPEC §7's 56×56 crop at dpr 2 is 112×112. */
export function variantOf(query: { width?: number; height?: number; fit?: 'crop' | 'contain'; dpr?: number }): Variant {
  const dpr = query.dpr ?? 1;
  return {
    width: query.width === undefined ? undefined : query.width * dpr,
    height: query.height === undefined ? undefined : query.height * dpr,
    fit: query.fit ?? 'contain',
  };
}

export const variantKey = (imageId: string, v: Variant) => `${imageId}:${v.width ?? ''}x${v.height ?? ''}:${v.fit}`;

/**
 * Renders a variant of a stored (already normalised) picture as WebP. crop fills the box exactly,
 * cut from the centre (enlarging a small picture so the box is always full); contain fits the
 * picture inside the box and never enlarges it.
 */
export async function renderVariant(stored: Buffer, variant: Variant): Promise<Buffer> {
  if (variant.width === undefined && variant.height === undefined) return stored;
  const sharp = await loadSharp();
  const image: Sharp = sharp(stored);
  const crop = variant.fit === 'crop';
  return image
    .resize(
      variant.width,
      variant.height,
      crop ? { fit: 'cover', position: 'centre' } : { fit: 'inside', withoutEnlargement: true },
    )
    .webp({ quality: 82 })
    .toBuffer();
}

/**
 * A small least-recently-used cache of rendered variants, bounded by entry count and by size
 * (big renders are not kept), so list pages full of 112×112 avatars do not re-render per request.
 */
export class VariantCache {
  private readonly entries = new Map<string, Buffer>();

  constructor(
    private readonly maxEntries = 500,
    private readonly maxEntryBytes = 200 * 1024,
  ) {}

  get(key: string): Buffer | undefined {
    const value = this.entries.get(key);
    if (value) {
      // Re-insert: Maps iterate in insertion order, so the first key is the least recently used.
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  set(key: string, value: Buffer) {
    if (value.length > this.maxEntryBytes) return;
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    this.entries.set(key, value);
  }

  /** Drops every variant of an image (after it was deleted or replaced). */
  forget(imageId: string) {
    for (const key of this.entries.keys()) if (key.startsWith(`${imageId}:`)) this.entries.delete(key);
  }

  get size() {
    return this.entries.size;
  }
}
