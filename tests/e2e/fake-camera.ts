import { qrCodeSvg } from '../../src/lib/qr-code.ts';

/** Chromium's fake camera playing `video` (a Y4M file), with camera permission granted without a prompt. */
export function fakeCameraArgs(video: string): string[] {
  return ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`];
}

/**
 * A Y4M video (text header, then raw 4:2:0 frames) of a badge's QR code, for Chromium's fake camera:
 * 1280×720, grey background, white card, the app's own QR drawing at 6 px per module.
 */
export function badgeY4m(token: string): Buffer {
  const width = 1280;
  const height = 720;
  const moduleSize = 6;
  const qr = qrCodeSvg(token);
  const dark = new Uint8Array(qr.size * qr.size);
  for (const [, x, y, w] of qr.path.matchAll(/M(\d+) (\d+)h(\d+)/g)) {
    for (let i = 0; i < Number(w); i++) dark[Number(y) * qr.size + Number(x) + i] = 1;
  }
  const side = qr.size * moduleSize;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 128);
  for (let y = top - 20; y < top + side + 20; y++) luma.fill(235, y * width + left - 20, y * width + left + side + 20);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      if (dark[Math.floor(y / moduleSize) * qr.size + Math.floor(x / moduleSize)]) luma[(top + y) * width + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  // A few identical frames: Chromium loops the file.
  return Buffer.concat([Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`), frame, frame, frame]);
}
