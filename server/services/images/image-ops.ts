import type { Sharp } from 'sharp';
import { STORED_MAX_SIDE, type StoredPicture, UnreadablePictureError, type Variant } from './avatar-images.ts';

/**
 * The picture work itself (sharp, libvips). It runs in the image worker process (image-worker.ts),
 * never in the server: the server asks through avatar-images.ts.
 */

/** Decompression-bomb guard: a few kilobytes of PNG can claim gigapixels. 50 MP covers phone cameras. */
const MAX_INPUT_PIXELS = 50_000_000;
const READABLE_FORMATS = new Set(['jpeg', 'png', 'webp']);

let sharpModule: Promise<typeof import('sharp')> | undefined;
function loadSharp() {
  sharpModule ??= import('sharp').then((m) => {
    // The server keeps the rendered variants; libvips' operation cache would only hold a second copy.
    m.default.cache(false);
    // One libvips thread: one picture at a time takes one core at most.
    m.default.concurrency(1);
    return m;
  });
  return sharpModule.then((m) => m.default);
}

/**
 * Normalises an upload: decodes it (JPEG, PNG or WebP by its bytes, whatever the header claimed),
 * turns it upright by its EXIF orientation, fits it into STORED_MAX_SIDE and re-encodes it as WebP.
 * Re-encoding keeps only pixels: EXIF (GPS position, camera serial), ICC and XMP are dropped.
 */
export async function normaliseNow(input: Buffer): Promise<StoredPicture> {
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

/**
 * Renders a variant of a stored (already normalised) picture as WebP. crop fills the box exactly,
 * cut from the centre (enlarging a small picture so the box is always full); contain fits the
 * picture inside the box and never enlarges it.
 */
export async function renderNow(stored: Buffer, variant: Variant): Promise<Buffer> {
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
