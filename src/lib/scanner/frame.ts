/** What the decoder accepts: a frame region drawn to a canvas, its pixels, or a decoded picture. */
export type FrameSource = ImageData | ImageBitmap | HTMLCanvasElement | OffscreenCanvas | HTMLVideoElement;

export type Surface = {
  canvas: OffscreenCanvas | HTMLCanvasElement;
  context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
};

/**
 * A reusable 2D canvas kept in memory (willReadFrequently): getImageData on it costs ~2 ms for a
 * 1280×720 frame, where reading back a GPU canvas costs ten times that.
 */
export function createSurface(): Surface | undefined {
  const canvas: OffscreenCanvas | HTMLCanvasElement =
    typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1) : document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true }) as Surface['context'] | null;
  return context ? { canvas, context } : undefined;
}

function sizeOf(source: Exclude<FrameSource, ImageData>): { width: number; height: number } {
  if (typeof HTMLVideoElement === 'function' && source instanceof HTMLVideoElement) {
    return { width: source.videoWidth, height: source.videoHeight };
  }
  return { width: source.width, height: source.height };
}

/**
 * Draws `source` (or the part `crop` of it, scaled to `size`) on the surface and returns its
 * pixels: what the zxing decoder reads without another copy of its own.
 */
export function drawToImageData(
  surface: Surface,
  source: Exclude<FrameSource, ImageData>,
  crop?: { x: number; y: number; width: number; height: number },
  size?: { width: number; height: number },
): ImageData | undefined {
  const full = sizeOf(source);
  const region = crop ?? { x: 0, y: 0, ...full };
  const out = size ?? { width: region.width, height: region.height };
  if (!out.width || !out.height || !region.width || !region.height) return undefined;
  const { canvas, context } = surface;
  if (canvas.width !== out.width || canvas.height !== out.height) {
    canvas.width = out.width;
    canvas.height = out.height;
  }
  context.drawImage(source, region.x, region.y, region.width, region.height, 0, 0, out.width, out.height);
  return context.getImageData(0, 0, out.width, out.height);
}
