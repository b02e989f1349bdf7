import { describe, expect, it } from 'vitest';
import { checkImageFile, decodeImageFile, IMAGE_MESSAGES, MAX_IMAGE_BYTES } from './image-file.ts';

describe('picture upload checks', () => {
  it('accepts pictures and files without a type', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: 1000 })).toBeUndefined();
    expect(checkImageFile({ type: '', size: 1000 })).toBeUndefined();
  });

  it('refuses other files and oversized pictures', () => {
    expect(checkImageFile({ type: 'application/pdf', size: 1000 })).toBe('not-image');
    expect(checkImageFile({ type: 'image/png', size: MAX_IMAGE_BYTES + 1 })).toBe('too-large');
  });

  it('says why before decoding anything', async () => {
    const pdf = new Blob(['%PDF'], { type: 'application/pdf' });
    await expect(decodeImageFile(pdf)).rejects.toMatchObject({ failure: 'not-image', message: IMAGE_MESSAGES['not-image'] });
  });
});
