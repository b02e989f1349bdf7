import { describe, expect, it } from 'vitest';
import { decodeSize, MAX_DECODE_SIDE, overlaySquare, scanRegion } from './region.ts';

describe('overlay square', () => {
  it('is centred with 70 % of the shorter side', () => {
    expect(overlaySquare(400, 800)).toEqual({ x: 60, y: 260, width: 280, height: 280 });
  });
});

describe('scan region', () => {
  it('centres the square on the frame when the video is not laid out', () => {
    // 0.7 × 720 = 504, plus 10 % margin each side (50.4) → 604.8 rounded outwards.
    const region = scanRegion({ width: 1280, height: 720 });
    expect(region).toEqual({ x: 337, y: 57, width: 606, height: 606 });
  });

  it('maps the on-screen square through object-fit: cover (portrait phone, landscape camera)', () => {
    // 1280×720 frame in a 360×640 element: scale = 640/720, the frame's sides are cut off.
    const region = scanRegion({ width: 1280, height: 720 }, { width: 360, height: 640 }, { margin: 0 });
    const scale = 640 / 720;
    const side = (360 * 0.7) / scale; // 283.5 frame pixels
    expect(region.width).toBeGreaterThanOrEqual(Math.floor(side));
    expect(region.width).toBeLessThanOrEqual(Math.ceil(side) + 1);
    expect(region.height).toBe(region.width);
    // Centred on the frame's centre.
    expect(Math.abs(region.x + region.width / 2 - 640)).toBeLessThanOrEqual(1);
    expect(Math.abs(region.y + region.height / 2 - 360)).toBeLessThanOrEqual(1);
  });

  it('maps an element with the same aspect ratio by plain scaling', () => {
    const region = scanRegion({ width: 1280, height: 720 }, { width: 640, height: 360 }, { margin: 0 });
    expect(region).toEqual({ x: 388, y: 108, width: 504, height: 504 });
  });

  it('clamps the margin to the frame', () => {
    const region = scanRegion({ width: 100, height: 100 }, undefined, { fraction: 1, margin: 0.2 });
    expect(region).toEqual({ x: 0, y: 0, width: 100, height: 100 });
  });

  it('is empty for a frame without pixels (camera not started)', () => {
    expect(scanRegion({ width: 0, height: 0 })).toEqual({ x: 0, y: 0, width: 0, height: 0 });
  });
});

describe('decode size', () => {
  it('keeps small regions as they are', () => {
    expect(decodeSize({ x: 0, y: 0, width: 504, height: 504 })).toEqual({ width: 504, height: 504 });
  });

  it('scales large regions down to the maximum side', () => {
    expect(decodeSize({ x: 0, y: 0, width: 1600, height: 1200 })).toEqual({ width: MAX_DECODE_SIDE, height: 600 });
  });
});
