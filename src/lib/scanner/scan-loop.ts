import { type CodeDebouncer, createCodeDebouncer } from './debounce.ts';
import { type CodeDetector, createDetector } from './detector.ts';
import type { FrameSource } from './frame.ts';
import { createSurface, drawToImageData, type Surface } from './frame.ts';
import { decodeSize, scanRegion } from './region.ts';

/** Never decode more often than this (10 per second is plenty for a hand-held badge). */
export const MIN_DECODE_INTERVAL_MS = 100;

/** Calls back on the next video frame (or display frame); returns a function that cancels it. */
export type FrameScheduler = (callback: () => void) => () => void;

export interface ScanLoopOptions {
  video: HTMLVideoElement;
  /** A new code (debounced: the same one is not repeated while it stays in view). */
  onCode: (code: string) => void;
  /** A decoder failure (e.g. the .wasm could not load offline); the loop keeps going. */
  onError?: (error: unknown) => void;
  detector?: CodeDetector | Promise<CodeDetector>;
  /** What to decode from the video: by default the overlay square, cropped. */
  grab?: (video: HTMLVideoElement) => FrameSource | undefined;
  schedule?: FrameScheduler;
  debouncer?: CodeDebouncer;
  minIntervalMs?: number;
  now?: () => number;
}

export interface ScanLoop {
  readonly paused: boolean;
  pause(): void;
  /** Resumes decoding; codes seen before the pause count as new again. */
  resume(): void;
  /** Ends the loop for good (the camera is the caller's: it stops the stream). */
  stop(): void;
}

/**
 * requestVideoFrameCallback runs once per new camera frame (nothing to decode between frames);
 * requestAnimationFrame where it is missing (Firefox before 132).
 */
export function videoFrameScheduler(video: HTMLVideoElement): FrameScheduler {
  return (callback) => {
    if (typeof video.requestVideoFrameCallback === 'function') {
      const handle = video.requestVideoFrameCallback(() => callback());
      return () => video.cancelVideoFrameCallback(handle);
    }
    const handle = requestAnimationFrame(() => callback());
    return () => cancelAnimationFrame(handle);
  };
}

/**
 * A grabber that draws the part of the frame inside the overlay square (as laid out on screen,
 * object-fit: cover) onto a reused canvas and returns its pixels. Cropping saves the decoder most
 * of the frame and keeps it from reading a code outside the marks.
 */
export function regionGrabber(): (video: HTMLVideoElement) => ImageData | undefined {
  let surface: Surface | undefined;
  return (video) => {
    if (!video.videoWidth || !video.videoHeight) return undefined;
    surface ??= createSurface();
    if (!surface) return undefined;
    const region = scanRegion(
      { width: video.videoWidth, height: video.videoHeight },
      { width: video.clientWidth, height: video.clientHeight },
    );
    if (region.width === 0 || region.height === 0) return undefined;
    return drawToImageData(surface, video, region, decodeSize(region));
  };
}

/**
 * Decodes the video at most every `minIntervalMs`, and never faster than half the decoder's own
 * speed (a 40 ms decode waits 80 ms): slow phones stay responsive instead of decoding every frame.
 * One decode at a time; new codes go through the debouncer to `onCode`.
 */
export function createScanLoop(options: ScanLoopOptions): ScanLoop {
  const { video, onCode, onError } = options;
  const schedule = options.schedule ?? videoFrameScheduler(video);
  const grab = options.grab ?? regionGrabber();
  const now = options.now ?? (() => performance.now());
  const minInterval = options.minIntervalMs ?? MIN_DECODE_INTERVAL_MS;
  const debouncer = options.debouncer ?? createCodeDebouncer({ now });
  const detectorPromise = Promise.resolve(options.detector ?? createDetector());
  let detector: CodeDetector | undefined;
  let paused = false;
  let stopped = false;
  let cancel: (() => void) | undefined;
  let busy = false;
  let nextAt = 0;

  const arm = () => {
    if (stopped || paused || busy || cancel) return;
    cancel = schedule(() => {
      cancel = undefined;
      void tick();
    });
  };

  async function tick() {
    if (stopped || paused) return;
    const started = now();
    if (started < nextAt || !detector) return arm();
    let frame: FrameSource | undefined;
    try {
      frame = grab(video);
    } catch (error) {
      onError?.(error);
    }
    if (!frame) return arm();
    busy = true;
    let codes: string[] = [];
    try {
      codes = await detector.detect(frame);
    } catch (error) {
      onError?.(error);
    } finally {
      busy = false;
    }
    nextAt = started + Math.max(minInterval, 2 * (now() - started));
    for (const code of codes) {
      // A pause or stop during the decode wins: nothing is reported after the user paused.
      if (stopped || paused) break;
      if (debouncer.accept(code)) onCode(code);
    }
    arm();
  }

  detectorPromise.then(
    (ready) => {
      detector = ready;
      arm();
    },
    (error) => onError?.(error),
  );

  return {
    get paused() {
      return paused;
    },
    pause() {
      paused = true;
      cancel?.();
      cancel = undefined;
    },
    resume() {
      if (stopped || !paused) return;
      paused = false;
      debouncer.reset();
      nextAt = 0;
      arm();
    },
    stop() {
      stopped = true;
      cancel?.();
      cancel = undefined;
    },
  };
}
