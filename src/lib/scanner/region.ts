/** A rectangle in pixels. */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Side of the overlay square as a share of the shorter side of the visible video. */
export const REGION_FRACTION = 0.7;
/** Extra border decoded around the square, so a badge slightly past the corner marks still reads. */
export const REGION_MARGIN = 0.1;
/** Longest side handed to the decoder: more pixels only cost time for a badge-sized code. */
export const MAX_DECODE_SIDE = 800;

/** The overlay square in the element's own coordinates (CSS pixels), centred. */
export function overlaySquare(elementWidth: number, elementHeight: number, fraction = REGION_FRACTION): Rect {
  const side = Math.min(elementWidth, elementHeight) * fraction;
  return { x: (elementWidth - side) / 2, y: (elementHeight - side) / 2, width: side, height: side };
}

/**
 * Maps the overlay square drawn over a `<video style="object-fit: cover">` of the given element size
 * to the video's own pixels: the part of the frame the user sees inside the corner marks, plus a
 * margin, clamped to the frame. Without an element size (video not laid out) the square is centred
 * on the frame itself.
 */
export function scanRegion(
  video: { width: number; height: number },
  element?: { width: number; height: number },
  options: { fraction?: number; margin?: number } = {},
): Rect {
  const fraction = options.fraction ?? REGION_FRACTION;
  const margin = options.margin ?? REGION_MARGIN;
  const { width: vw, height: vh } = video;
  if (vw <= 0 || vh <= 0) return { x: 0, y: 0, width: 0, height: 0 };
  let square: Rect;
  if (element && element.width > 0 && element.height > 0) {
    // object-fit: cover scales the frame so it covers the element and centres it; invert that.
    const scale = Math.max(element.width / vw, element.height / vh);
    const offsetX = (element.width - vw * scale) / 2;
    const offsetY = (element.height - vh * scale) / 2;
    const shown = overlaySquare(element.width, element.height, fraction);
    square = {
      x: (shown.x - offsetX) / scale,
      y: (shown.y - offsetY) / scale,
      width: shown.width / scale,
      height: shown.height / scale,
    };
  } else {
    square = overlaySquare(vw, vh, fraction);
  }
  const grow = square.width * margin;
  const x = Math.max(0, Math.floor(square.x - grow));
  const y = Math.max(0, Math.floor(square.y - grow));
  const right = Math.min(vw, Math.ceil(square.x + square.width + grow));
  const bottom = Math.min(vh, Math.ceil(square.y + square.height + grow));
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
}

/** The size the region is drawn at for the decoder: as is, or scaled down to MAX_DECODE_SIDE. */
export function decodeSize(region: Rect, maxSide = MAX_DECODE_SIDE): { width: number; height: number } {
  const longest = Math.max(region.width, region.height);
  const scale = longest > maxSide ? maxSide / longest : 1;
  return { width: Math.max(1, Math.round(region.width * scale)), height: Math.max(1, Math.round(region.height * scale)) };
}
