// Loaded only through createDetector's dynamic import: no page pays for zxing until it scans.
import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
// Self-hosted, content-hashed and precached by the service worker: scanning works offline and never
// asks a CDN (the library's default) for the .wasm.
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

let prepared: Promise<unknown> | undefined;

/** A QR-only ponyfill detector; the .wasm download and compilation start at once. */
export async function createZxingDetector(): Promise<BarcodeDetector> {
  prepared ??= prepareZXingModule({
    overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    fireImmediately: true,
  });
  await prepared;
  return new BarcodeDetector({ formats: ['qr_code'] });
}

export { wasmUrl };
