/*
 * The geometry behind the pan/zoom viewport, kept pure so it can be tested without a DOM.
 *
 * A view maps content units to viewport pixels: screen = content * k + (x, y). The content is the
 * plan's own coordinate space (e.g. a 1000 × 1300 floor plan); the viewport is the element's box.
 */

export interface View {
  x: number;
  y: number;
  k: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface Rect extends Point, Size {}

export interface Limits {
  minK: number;
  maxK: number;
  /** Pixels the content may be pulled past the viewport edge. */
  margin: number;
  /**
   * Pixels on the right kept for controls floating over the plan: the whole plan fits beside
   * them, and a zoomed plan's right edge can be pulled out from under them.
   */
  insetRight: number;
}

/** How far past the fitting scale one may zoom in. */
export const MAX_ZOOM_OVER_FIT = 10;

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** The part of the viewport not covered by the controls. */
function usableWidth(viewport: Size, insetRight: number): number {
  return Math.max(1, viewport.width - insetRight);
}

/** The scale at which the whole content just fits the viewport (beside the controls). */
export function fitScale(content: Size, viewport: Size, insetRight = 0): number {
  if (content.width <= 0 || content.height <= 0 || viewport.width <= 0 || viewport.height <= 0) return 1;
  return Math.min(usableWidth(viewport, insetRight) / content.width, viewport.height / content.height);
}

/** Zoom limits for a viewport: never smaller than the whole plan, at most MAX_ZOOM_OVER_FIT times closer. */
export function limitsFor(content: Size, viewport: Size, margin = 0, insetRight = 0): Limits {
  const fit = fitScale(content, viewport, insetRight);
  return { minK: fit, maxK: fit * MAX_ZOOM_OVER_FIT, margin, insetRight };
}

/** One axis: content that fits is centred; larger content may not leave a gap wider than the margin. */
function clampAxis(offset: number, contentPx: number, viewportPx: number, margin: number): number {
  if (contentPx <= viewportPx) return (viewportPx - contentPx) / 2;
  return clamp(offset, viewportPx - contentPx - margin, margin);
}

/** Keeps the scale within the limits and the plan on screen, so it can never be lost. */
export function clampView(view: View, content: Size, viewport: Size, limits: Limits): View {
  const k = clamp(view.k, limits.minK, limits.maxK);
  return {
    k,
    x: clampAxis(view.x, content.width * k, usableWidth(viewport, limits.insetRight), limits.margin),
    y: clampAxis(view.y, content.height * k, viewport.height, limits.margin),
  };
}

/** The whole content, centred (beside the controls). */
export function fitView(content: Size, viewport: Size, insetRight = 0): View {
  const k = fitScale(content, viewport, insetRight);
  return {
    k,
    x: (usableWidth(viewport, insetRight) - content.width * k) / 2,
    y: (viewport.height - content.height * k) / 2,
  };
}

/**
 * The opening view: the whole plan when that is already at least `scale`; otherwise `scale`
 * (readable labels) centred on `centre` (content units; the plan's middle by default). Not yet
 * kept within bounds: clampView does that.
 */
export function startView(content: Size, viewport: Size, insetRight: number, scale: number, centre?: Point): View {
  const fit = fitView(content, viewport, insetRight);
  if (!(scale > fit.k)) return fit;
  const middle = centreOf(viewport, insetRight);
  const at = centre ?? { x: content.width / 2, y: content.height / 2 };
  return { k: scale, x: middle.x - at.x * scale, y: middle.y - at.y * scale };
}

/**
 * The label tiers readable at scale `k`, as a space-separated list for a data attribute: a tier
 * shows from the scale given for it on (its text big enough on screen), in the order given.
 */
export function readableTiers(tiers: Readonly<Record<string, number>>, k: number): string {
  return Object.entries(tiers)
    .filter(([, from]) => k >= from * (1 - 1e-6))
    .map(([name]) => name)
    .join(' ');
}

/** The scale from which text of `fontSize` content units is at least `minPx` pixels on screen. */
export function readableFrom(fontSize: number, minPx = 11): number {
  return fontSize > 0 ? minPx / fontSize : Number.POSITIVE_INFINITY;
}

/** The middle of the part of the viewport not covered by the controls. */
export function centreOf(viewport: Size, insetRight = 0): Point {
  return { x: usableWidth(viewport, insetRight) / 2, y: viewport.height / 2 };
}

/** Content coordinates of a viewport point. */
export function toContent(view: View, point: Point): Point {
  return { x: (point.x - view.x) / view.k, y: (point.y - view.y) / view.k };
}

/**
 * Scales by `factor` around a viewport point: the content under that point stays under it (wheel
 * at the cursor, double tap at the finger, buttons at the centre). The scale is limited first so a
 * zoom at the limit does not drift.
 */
export function zoomAt(view: View, factor: number, point: Point, limits: Pick<Limits, 'minK' | 'maxK'>): View {
  const k = clamp(view.k * factor, limits.minK, limits.maxK);
  const anchor = toContent(view, point);
  return { k, x: point.x - anchor.x * k, y: point.y - anchor.y * k };
}

export function panBy(view: View, dx: number, dy: number): View {
  return { k: view.k, x: view.x + dx, y: view.y + dy };
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}

/**
 * A two-finger gesture, computed from where it started rather than frame by frame so rounding
 * never accumulates: the content under the starting midpoint follows the current midpoint, and
 * the scale follows the change in finger distance.
 */
export function pinchView(start: View, from: [Point, Point], to: [Point, Point], limits: Pick<Limits, 'minK' | 'maxK'>): View {
  const startDistance = distance(from[0], from[1]);
  const factor = startDistance > 0 ? distance(to[0], to[1]) / startDistance : 1;
  const k = clamp(start.k * factor, limits.minK, limits.maxK);
  const anchor = toContent(start, midpoint(from[0], from[1]));
  const mid = midpoint(to[0], to[1]);
  return { k, x: mid.x - anchor.x * k, y: mid.y - anchor.y * k };
}

/**
 * The view that centres a content rectangle, as close as `maxK` allows (a booth should not fill
 * the whole screen) and with `padding` pixels around it.
 */
export function viewForRect(
  rect: Rect,
  viewport: Size,
  limits: Pick<Limits, 'minK' | 'maxK' | 'insetRight'>,
  maxK: number,
  padding = 24,
): View {
  const w = Math.max(rect.width, 1);
  const h = Math.max(rect.height, 1);
  const width = usableWidth(viewport, limits.insetRight);
  const fit = Math.min((width - 2 * padding) / w, (viewport.height - 2 * padding) / h);
  const k = clamp(Math.min(fit, maxK), limits.minK, limits.maxK);
  const centre = centreOf(viewport, limits.insetRight);
  return { k, x: centre.x - (rect.x + rect.width / 2) * k, y: centre.y - (rect.y + rect.height / 2) * k };
}

/**
 * A point of an animated move between two views at progress t (0..1). The scale moves
 * geometrically so zooming feels even; the offsets follow linearly.
 */
export function interpolateView(a: View, b: View, t: number): View {
  return {
    k: a.k * (b.k / a.k) ** t,
    x: a.x + (b.x - a.x) * t,
    y: a.y + (b.y - a.y) * t,
  };
}

export function easeInOut(t: number): number {
  return t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
}

/** The SVG transform attribute of a view. */
export function toTransform(view: View): string {
  const r = (n: number) => Math.round(n * 1000) / 1000;
  return `matrix(${r(view.k)} 0 0 ${r(view.k)} ${r(view.x)} ${r(view.y)})`;
}

export function sameView(a: View, b: View, epsilon = 1e-3): boolean {
  return Math.abs(a.x - b.x) < epsilon && Math.abs(a.y - b.y) < epsilon && Math.abs(a.k - b.k) < epsilon * 1e-2;
}
