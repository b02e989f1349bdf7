import { type CodeDetector, createDetector } from './detector.ts';

export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
/** Phone photos are 12+ megapixels; a badge code needs far fewer, and zxing's time grows with pixels. */
export const MAX_IMAGE_SIDE = 2048;

/**
 * Why a picture gave no code. IMAGE_MESSAGES are the errors' English messages (logs, tests); the
 * scanner shows the contacts catalogue's message for the failure, in the active language.
 */
export type ImageFailure = 'not-image' | 'too-large' | 'unreadable' | 'no-code';

export const IMAGE_MESSAGES: Record<ImageFailure, string> = {
  'not-image': 'This file is not a picture. Choose a photo or screenshot of the badge (JPEG, PNG or WebP).',
  'too-large': 'This picture is larger than 20 MB. Choose a smaller one.',
  unreadable: 'This picture could not be opened. Try another photo or a screenshot of the badge.',
  'no-code': 'No QR code was found in this picture. Take a sharp photo of the whole code, or enter the code by hand.',
};

export class ScanImageError extends Error {
  readonly failure: ImageFailure;
  constructor(failure: ImageFailure, options?: { cause?: unknown }) {
    super(IMAGE_MESSAGES[failure], options);
    this.name = 'ScanImageError';
    this.failure = failure;
  }
}

/** The checks that need no decoding; exported for tests. */
export function checkImageFile(file: Pick<Blob, 'type' | 'size'>): ImageFailure | undefined {
  // An empty type happens for some camera-roll files; let the decoder decide those.
  if (file.type && !file.type.startsWith('image/')) return 'not-image';
  if (file.size > MAX_IMAGE_BYTES) return 'too-large';
  return undefined;
}

async function shrink(bitmap: ImageBitmap): Promise<ImageBitmap> {
  const longest = Math.max(bitmap.width, bitmap.height);
  if (longest <= MAX_IMAGE_SIDE) return bitmap;
  const scale = MAX_IMAGE_SIDE / longest;
  const smaller = await createImageBitmap(bitmap, {
    resizeWidth: Math.round(bitmap.width * scale),
    resizeHeight: Math.round(bitmap.height * scale),
    resizeQuality: 'high',
  });
  bitmap.close();
  return smaller;
}

/**
 * The picture-upload fallback: decodes a photo or screenshot of a badge and returns the first QR
 * code's text. Throws ScanImageError with a message for the user.
 */
export async function decodeImageFile(file: Blob, detector?: CodeDetector): Promise<string> {
  const failure = checkImageFile(file);
  if (failure) throw new ScanImageError(failure);
  let bitmap: ImageBitmap;
  try {
    bitmap = await shrink(await createImageBitmap(file));
  } catch (error) {
    throw new ScanImageError('unreadable', { cause: error });
  }
  try {
    const codes = await (detector ?? (await createDetector())).detect(bitmap);
    const [code] = codes;
    if (!code) throw new ScanImageError('no-code');
    return code;
  } finally {
    bitmap.close();
  }
}
