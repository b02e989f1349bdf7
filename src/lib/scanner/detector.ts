import { createSurface, drawToImageData, type FrameSource, type Surface } from './frame.ts';

export interface CodeDetector {
  /** 'native' is the browser's BarcodeDetector; 'zxing' the self-hosted WebAssembly ponyfill. */
  readonly kind: 'native' | 'zxing';
  /** Every QR code's text found in the source (empty when none). */
  detect(source: FrameSource): Promise<string[]>;
}

const isImageData = (source: FrameSource): source is ImageData => typeof ImageData === 'function' && source instanceof ImageData;

interface BarcodeDetectorLike {
  detect(source: FrameSource): Promise<Array<{ rawValue: string }>>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<readonly string[]>;
}

function wrap(kind: CodeDetector['kind'], detector: BarcodeDetectorLike): CodeDetector {
  let surface: Surface | undefined;
  return {
    kind,
    async detect(source) {
      // The ponyfill reads pixels from a fresh canvas of its own for anything but ImageData: a GPU
      // readback that costs 20+ ms per 720p frame. Our in-memory surface does it in about 2 ms.
      let input: FrameSource | undefined = source;
      if (kind === 'zxing' && !isImageData(source)) {
        surface ??= createSurface();
        input = surface ? drawToImageData(surface, source) : source;
        if (!input) return [];
      }
      const found = await detector.detect(input);
      return found.map((barcode) => barcode.rawValue).filter((text) => text.length > 0);
    },
  };
}

/**
 * The browser's own BarcodeDetector when it reads QR codes (Android Chrome, Safari, ChromeOS): no
 * download at all. Some browsers expose the class without any format, so the formats are checked.
 */
async function nativeDetector(): Promise<CodeDetector | undefined> {
  const Native = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (typeof Native?.getSupportedFormats !== 'function') return undefined;
  try {
    const formats = await Native.getSupportedFormats();
    return formats.includes('qr_code') ? wrap('native', new Native({ formats: ['qr_code'] })) : undefined;
  } catch {
    return undefined;
  }
}

const cache = new Map<string, Promise<CodeDetector>>();

/**
 * The detector to scan with, created once per kind and shared. `prefer: 'zxing'` skips the native
 * one (tests and benchmarks measure the ponyfill everywhere). The zxing module and its .wasm are
 * loaded here, on first use, never with the page.
 */
export function createDetector(options: { prefer?: 'auto' | 'zxing' } = {}): Promise<CodeDetector> {
  const prefer = options.prefer ?? 'auto';
  let detector = cache.get(prefer);
  if (!detector) {
    detector = (async () => {
      if (prefer === 'auto') {
        const native = await nativeDetector();
        if (native) return native;
      }
      const { createZxingDetector } = await import('./zxing.ts');
      return wrap('zxing', (await createZxingDetector()) as unknown as BarcodeDetectorLike);
    })();
    // A failed load (offline before the .wasm was cached) may succeed later: do not keep the failure.
    detector.catch(() => cache.delete(prefer));
    cache.set(prefer, detector);
  }
  return detector;
}

/** Decodes one frame with the shared detector: the QR codes' texts, empty when none is found. */
export async function decodeFrame(source: FrameSource, detector?: CodeDetector): Promise<string[]> {
  return (detector ?? (await createDetector())).detect(source);
}
