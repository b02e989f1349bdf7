import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, expect, type Page, test } from '@playwright/test';
import { CHROMIUM_ARGS } from '../../playwright.config.ts';
import {
  type Badge,
  fetchBadge,
  preparePage,
  routeScannerWasm,
  type ScannerBundle,
  scannerBundleSource,
} from '../bench/scanner-decode.ts';
import { badgeY4m, fakeCameraArgs } from './fake-camera.ts';

/*
 * The shared scanning module (src/lib/scanner) in Chromium on the real app's origin, with its CSP.
 * The module alone (detector, picture upload, camera helpers), bundled with esbuild
 * (tests/bench/scanner-decode.ts) and evaluated in the sign-in page with the build's hashed zxing
 * .wasm. The scanner inside the app's own build (/contacts) is tested through the camera in
 * lead-sync.spec.ts: only that catches what the app's bundler does to the decoder.
 */

type ScannerWindow = { __scanner: ScannerBundle };

let badge: Badge;
test.beforeAll(async ({ baseURL }) => {
  badge = await fetchBadge(baseURL as string);
});

test('decodes a 1280×720 frame of a real badge with the self-hosted zxing .wasm, nothing from other origins', async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL as string).origin;
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await routeScannerWasm(page);
  await page.goto('/sign-in');
  await preparePage(page, badge.token);

  const result = await page.evaluate(async () => {
    const scanner = (globalThis as unknown as ScannerWindow).__scanner;
    const canvas = document.getElementById('badge-frame') as HTMLCanvasElement;
    const detector = await scanner.createDetector({ prefer: 'zxing' });
    const frame = await scanner.decodeFrame(canvas, detector);
    // The overlay square, cropped as the scan loop does.
    const region = scanner.scanRegion({ width: canvas.width, height: canvas.height });
    const context = canvas.getContext('2d') as CanvasRenderingContext2D;
    const cropped = await detector.detect(context.getImageData(region.x, region.y, region.width, region.height));
    // The picture-upload fallback: the frame as a PNG file, then a picture without any code.
    const png = await new Promise<Blob>((resolve) => canvas.toBlob((blob) => resolve(blob as Blob), 'image/png'));
    const picture = await scanner.decodeImageFile(png, detector);
    const blank = document.createElement('canvas');
    blank.width = 400;
    blank.height = 300;
    const blankPng = await new Promise<Blob>((resolve) => blank.toBlob((blob) => resolve(blob as Blob), 'image/png'));
    const noCode = await scanner.decodeImageFile(blankPng, detector).then(
      () => 'decoded',
      (error: Error) => error.message,
    );
    return { kind: detector.kind, frame, cropped, picture, noCode };
  });

  expect(result.kind).toBe('zxing');
  expect(result.frame).toEqual([badge.token]);
  expect(result.cropped).toEqual([badge.token]);
  expect(result.picture).toBe(badge.token);
  expect(result.noCode).toBe(
    'No QR code was found in this picture. Take a sharp photo of the whole code, or enter the code by hand.',
  );
  const wasm = requested.filter((url) => new URL(url).pathname.endsWith('.wasm'));
  expect(wasm.length).toBeGreaterThan(0);
  for (const url of wasm) expect(new URL(url).origin).toBe(origin);
  const foreign = requested.filter((url) => !/^(data|blob):/.test(url) && new URL(url).origin !== origin);
  expect(foreign).toEqual([]);
});

async function scanWithCamera(page: Page): Promise<{ code: string; torch: boolean; cameras: number; ended: boolean }> {
  return page.evaluate(async () => {
    const scanner = (globalThis as unknown as ScannerWindow).__scanner;
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.style.cssText = 'width:640px;height:360px;object-fit:cover';
    document.body.append(video);
    const stream = await scanner.openCamera({ facingMode: 'environment' });
    video.srcObject = stream;
    await video.play();
    const cameras = (await scanner.listCameras()).length;
    const code = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no code from the camera within 20 s')), 20_000);
      const loop = scanner.createScanLoop({
        video,
        detector: scanner.createDetector({ prefer: 'zxing' }),
        onCode: (found) => {
          clearTimeout(timer);
          loop.stop();
          resolve(found);
        },
      });
    });
    const torch = scanner.torchSupported(stream);
    scanner.stopStream(stream);
    const ended = stream.getTracks().every((track) => track.readyState === 'ended');
    return { code, torch, cameras, ended };
  });
}

test("reads a badge through getUserMedia from Chromium's fake camera", async ({ baseURL }) => {
  const dir = mkdtempSync(join(tmpdir(), 'cf-scanner-'));
  const video = join(dir, 'badge.y4m');
  writeFileSync(video, badgeY4m(badge.token));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...fakeCameraArgs(video)],
  });
  try {
    const context = await browser.newContext({ baseURL, permissions: ['camera'], serviceWorkers: 'block' });
    await routeScannerWasm(context);
    const page = await context.newPage();
    await page.goto('/sign-in');
    await page.evaluate(await scannerBundleSource());
    const result = await scanWithCamera(page);
    expect(result.code).toBe(badge.token);
    expect(result.cameras).toBeGreaterThanOrEqual(1);
    // The fake camera has no torch: the button would stay hidden.
    expect(result.torch).toBe(false);
    expect(result.ended).toBe(true);
    await context.close();
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
