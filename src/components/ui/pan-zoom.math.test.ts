import { describe, expect, it } from 'vitest';
import {
  clampView,
  fitView,
  interpolateView,
  limitsFor,
  MAX_ZOOM_OVER_FIT,
  pinchView,
  readableFrom,
  readableTiers,
  startView,
  toContent,
  toTransform,
  viewForRect,
  zoomAt,
} from './pan-zoom.math.ts';

const content = { width: 1000, height: 500 };
const viewport = { width: 400, height: 400 };
const limits = limitsFor(content, viewport, 0);

describe('fit and limits', () => {
  it('fits the whole content, centred', () => {
    const view = fitView(content, viewport);
    expect(view.k).toBeCloseTo(0.4);
    expect(view.x).toBeCloseTo(0);
    // 500 × 0.4 = 200 px tall in a 400 px box: 100 px above and below.
    expect(view.y).toBeCloseTo(100);
  });

  it('allows zooming from the fitting scale to MAX_ZOOM_OVER_FIT times closer', () => {
    expect(limits.minK).toBeCloseTo(0.4);
    expect(limits.maxK).toBeCloseTo(0.4 * MAX_ZOOM_OVER_FIT);
  });
});

describe('room for the controls', () => {
  const inset = limitsFor(content, viewport, 0, 60);

  it('fits and centres the whole content beside them', () => {
    const view = fitView(content, viewport, 60);
    expect(view.k).toBeCloseTo(340 / 1000);
    expect(view.x).toBeCloseTo(0);
    expect(inset.minK).toBeCloseTo(0.34);
    expect(clampView(view, content, viewport, inset)).toEqual(view);
  });

  it("lets a zoomed plan's right edge come out from under them", () => {
    // 2000 px wide content: its right edge may stop at 340 px, left of the 60 px column.
    expect(clampView({ x: -5000, y: 0, k: 2 }, content, viewport, inset).x).toBe(-1660);
  });

  it('centres targets in the free part', () => {
    const view = viewForRect({ x: 500, y: 250, width: 10, height: 10 }, viewport, inset, 1);
    expect(view.x + 505 * view.k).toBeCloseTo(170);
  });
});

describe('zoomAt', () => {
  it('keeps the content under the zoom point in place', () => {
    const view = { x: -100, y: -50, k: 1 };
    const point = { x: 123, y: 77 };
    const before = toContent(view, point);
    const zoomed = zoomAt(view, 1.7, point, limits);
    expect(zoomed.k).toBeCloseTo(1.7);
    const after = toContent(zoomed, point);
    expect(after.x).toBeCloseTo(before.x);
    expect(after.y).toBeCloseTo(before.y);
  });

  it('stops at the limits without drifting', () => {
    const view = { x: 0, y: 0, k: limits.maxK };
    const zoomed = zoomAt(view, 2, { x: 200, y: 200 }, limits);
    expect(zoomed).toEqual(view);
    const out = zoomAt({ x: 0, y: 100, k: limits.minK }, 0.5, { x: 10, y: 10 }, limits);
    expect(out.k).toBe(limits.minK);
    expect(out.x).toBeCloseTo(0);
    expect(out.y).toBeCloseTo(100);
  });
});

describe('clampView', () => {
  it('limits the scale', () => {
    expect(clampView({ x: 0, y: 0, k: 100 }, content, viewport, limits).k).toBe(limits.maxK);
    expect(clampView({ x: 0, y: 0, k: 0.01 }, content, viewport, limits).k).toBe(limits.minK);
  });

  it('centres an axis where the content is smaller than the viewport', () => {
    const view = clampView({ x: 0, y: -999, k: 0.4 }, content, viewport, limits);
    expect(view.y).toBeCloseTo(100);
  });

  it('keeps larger content covering the viewport, so the plan cannot be lost', () => {
    // At k = 2 the content is 2000 × 1000 px.
    expect(clampView({ x: 500, y: 500, k: 2 }, content, viewport, limits)).toEqual({ x: 0, y: 0, k: 2 });
    expect(clampView({ x: -5000, y: -5000, k: 2 }, content, viewport, limits)).toEqual({ x: -1600, y: -600, k: 2 });
    expect(clampView({ x: -700, y: -300, k: 2 }, content, viewport, limits)).toEqual({ x: -700, y: -300, k: 2 });
  });

  it('lets the content go past the edge by the margin only', () => {
    const withMargin = limitsFor(content, viewport, 32);
    expect(clampView({ x: 500, y: -5000, k: 2 }, content, viewport, withMargin)).toEqual({ x: 32, y: -632, k: 2 });
  });
});

describe('pinchView', () => {
  it('zooms by the change in finger distance around the midpoint', () => {
    const start = { x: -200, y: -100, k: 1 };
    const from: [{ x: number; y: number }, { x: number; y: number }] = [
      { x: 150, y: 200 },
      { x: 250, y: 200 },
    ];
    const to: typeof from = [
      { x: 100, y: 200 },
      { x: 300, y: 200 },
    ];
    const view = pinchView(start, from, to, limits);
    expect(view.k).toBeCloseTo(2);
    const mid = { x: 200, y: 200 };
    expect(toContent(view, mid).x).toBeCloseTo(toContent(start, mid).x);
    expect(toContent(view, mid).y).toBeCloseTo(toContent(start, mid).y);
  });

  it('pans with the midpoint when the fingers move together', () => {
    const start = { x: -200, y: -100, k: 1 };
    const view = pinchView(
      start,
      [
        { x: 100, y: 100 },
        { x: 200, y: 100 },
      ],
      [
        { x: 130, y: 80 },
        { x: 230, y: 80 },
      ],
      limits,
    );
    expect(view).toEqual({ x: -170, y: -120, k: 1 });
  });

  it('respects the zoom limits', () => {
    const view = pinchView(
      { x: 0, y: 0, k: 1 },
      [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
      ],
      [
        { x: 0, y: 0 },
        { x: 1000, y: 0 },
      ],
      limits,
    );
    expect(view.k).toBe(limits.maxK);
  });
});

describe('viewForRect', () => {
  it('centres the rectangle, no closer than the given scale', () => {
    const rect = { x: 500, y: 250, width: 40, height: 30 };
    const view = viewForRect(rect, viewport, limits, 1.6);
    expect(view.k).toBe(1.6);
    expect(view.x + (rect.x + rect.width / 2) * view.k).toBeCloseTo(200);
    expect(view.y + (rect.y + rect.height / 2) * view.k).toBeCloseTo(200);
  });

  it('fits a large rectangle with padding', () => {
    const view = viewForRect({ x: 0, y: 0, width: 700, height: 100 }, viewport, limits, 4, 20);
    expect(view.k).toBeCloseTo(360 / 700);
  });
});

describe('animation helpers', () => {
  it('interpolates from one view to another', () => {
    const a = { x: 0, y: 0, k: 1 };
    const b = { x: 100, y: -50, k: 4 };
    expect(interpolateView(a, b, 0)).toEqual(a);
    expect(interpolateView(a, b, 1)).toEqual(b);
    expect(interpolateView(a, b, 0.5).k).toBeCloseTo(2);
  });

  it('writes the view as one SVG matrix', () => {
    expect(toTransform({ x: 10.12345, y: -3, k: 1.5 })).toBe('matrix(1.5 0 0 1.5 10.123 -3)');
  });
});

describe('the opening view and readable labels', () => {
  it('opens on the whole plan when that is already readable', () => {
    expect(startView(content, viewport, 0, 0.3)).toEqual(fitView(content, viewport));
  });

  it('otherwise opens at the readable scale, centred on the given point (or the middle)', () => {
    const view = startView(content, viewport, 0, 0.8, { x: 250, y: 100 });
    expect(view.k).toBe(0.8);
    // Content point (250, 100) sits in the viewport's middle (200, 200).
    expect(view.x + 250 * view.k).toBeCloseTo(200);
    expect(view.y + 100 * view.k).toBeCloseTo(200);
    const middle = startView(content, viewport, 40, 0.8);
    expect(middle.x + 500 * 0.8).toBeCloseTo(180);
    expect(middle.y + 250 * 0.8).toBeCloseTo(200);
    // Kept on screen once clamped: no gap at the left edge.
    const clamped = clampView(startView(content, viewport, 0, 0.8, { x: 0, y: 0 }), content, viewport, limits);
    expect(clamped.x).toBeCloseTo(0);
  });

  it('shows a tier of labels from the scale at which its text reaches the minimum size', () => {
    expect(readableFrom(16)).toBeCloseTo(0.6875);
    expect(readableFrom(22, 11)).toBeCloseTo(0.5);
    expect(readableFrom(0)).toBe(Number.POSITIVE_INFINITY);
    const tiers = { hall: readableFrom(22), room: readableFrom(16), facility: readableFrom(11) };
    expect(readableTiers(tiers, 0.3)).toBe('');
    expect(readableTiers(tiers, 0.5)).toBe('hall');
    expect(readableTiers(tiers, 0.7)).toBe('hall room');
    expect(readableTiers(tiers, 1)).toBe('hall room facility');
  });
});
