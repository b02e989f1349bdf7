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
    // Our own caches keep the rendered variants; libvips' operation cache would only hold a second copy.
    m.default.cache(false);
    // One libvips thread per picture: with imageJobs below, image work takes one core and one worker
    // thread at most, never all of them from password hashing.
    m.default.concurrency(1);
    return m;
  });
  return sharpModule.then((m) => m.default);
}

/**
 * At most `limit` jobs at once, the rest waiting their turn in order. Every sharp call runs as one:
 * sharp holds a libuv worker thread for each picture it works on, and password hashing (scrypt)
 * runs on the same four threads, so unbounded image work (finding 5: a hundred variant requests)
 * would queue every sign-in behind it.
 */
export class JobLimit {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  /** The most jobs ever running at once (since the last resetPeak). */
  peak = 0;
  /** Jobs finished, successfully or not. */
  completed = 0;

  constructor(readonly limit: number) {}

  get running() {
    return this.active;
  }

  get queued() {
    return this.waiting.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.active < this.limit) this.active += 1;
    // A finishing job hands its slot straight to the next in line (active stays as it is).
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.peak = Math.max(this.peak, this.active);
    try {
      return await job();
    } finally {
      this.completed += 1;
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }

  resetPeak() {
    this.peak = this.active;
  }
}

/** One image job at a time: of libuv's four worker threads, three stay free for sign-in's scrypt. */
export const IMAGE_JOB_CONCURRENCY = 1;
export const imageJobs = new JobLimit(IMAGE_JOB_CONCURRENCY);

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
  return imageJobs.run<StoredPicture>(async () => {
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
  });
}

export interface Variant {
  /** Output pixels (CSS size × dpr); undefined keeps the aspect ratio on that side. */
  width?: number;
  height?: number;
  fit: 'crop' | 'contain';
}

/**
 * The only sides (device pixels) a variant is rendered at: SPEC §7's 56 px avatar at dpr 1, 2 and 3,
 * then larger pictures up to the stored size. A fixed set keeps the variants of a picture few (each
 * rendered once, then kept): any side in between cannot make the server render anything new.
 */
export const VARIANT_SIDES = [56, 112, 168, 256, 512, STORED_MAX_SIDE] as const;

/** The fixed side a requested one is served at: the nearest at or above it (never blurrier), at most STORED_MAX_SIDE. */
export const fixedSide = (px: number): number => VARIANT_SIDES.find((side) => side >= px) ?? STORED_MAX_SIDE;

/**
 * The variant a query asks for, in device pixels (SPEC §7's 56×56 crop at dpr 2 is 112×112), each
 * side moved to its fixed size: width=100 is served 112 wide, 1024 at dpr 3 is served 1024 wide.
 */
export function variantOf(query: { width?: number; height?: number; fit?: 'crop' | 'contain'; dpr?: number }): Variant {
  const dpr = query.dpr ?? 1;
  return {
    width: query.width === undefined ? undefined : fixedSide(query.width * dpr),
    height: query.height === undefined ? undefined : fixedSide(query.height * dpr),
    fit: query.fit ?? 'contain',
  };
}

/** The variant's name within its image, as image_variants.variant holds it: e.g. `112x112:crop`. */
export const variantName = (v: Variant) => `${v.width ?? ''}x${v.height ?? ''}:${v.fit}`;
export const variantKey = (imageId: string, v: Variant) => `${imageId}:${variantName(v)}`;

/**
 * Renders a variant of a stored (already normalised) picture as WebP. crop fills the box exactly,
 * cut from the centre (enlarging a small picture so the box is always full); contain fits the
 * picture inside the box and never enlarges it. Runs as one of the imageJobs.
 */
export async function renderVariant(stored: Buffer, variant: Variant): Promise<Buffer> {
  if (variant.width === undefined && variant.height === undefined) return stored;
  const sharp = await loadSharp();
  const crop = variant.fit === 'crop';
  return imageJobs.run(() => {
    const image: Sharp = sharp(stored);
    return image
      .resize(
        variant.width,
        variant.height,
        crop ? { fit: 'cover', position: 'centre' } : { fit: 'inside', withoutEnlargement: true },
      )
      .webp({ quality: 82 })
      .toBuffer();
  });
}

/**
 * A small least-recently-used cache of rendered variants, bounded by entry count and by size
 * (big renders are not kept), in front of image_variants: list pages full of 112×112 avatars do
 * not read the database per request.
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
