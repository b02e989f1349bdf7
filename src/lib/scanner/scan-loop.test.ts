import { describe, expect, it } from 'vitest';
import type { CodeDetector } from './detector.ts';
import { createScanLoop } from './scan-loop.ts';

/** A fake video clock: frames are delivered by hand, decoding "takes" a set time on the fake clock. */
function harness(options: { decodeMs?: number; codes?: () => string[] } = {}) {
  let at = 0;
  let pending: (() => void) | undefined;
  let decodes = 0;
  const found: string[] = [];
  const detector: CodeDetector = {
    kind: 'zxing',
    async detect() {
      decodes++;
      at += options.decodeMs ?? 5;
      return options.codes?.() ?? ['A'];
    },
  };
  const loop = createScanLoop({
    video: {} as HTMLVideoElement,
    detector,
    grab: () => new Uint8Array(1) as unknown as ImageData,
    schedule: (callback) => {
      pending = callback;
      return () => {
        if (pending === callback) pending = undefined;
      };
    },
    now: () => at,
    onCode: (code) => found.push(code),
  });
  /** Delivers video frames every `everyMs` for `durationMs`, letting each decode settle. */
  async function frames(durationMs: number, everyMs = 33) {
    const end = at + durationMs;
    while (at < end) {
      const callback = pending;
      pending = undefined;
      callback?.();
      for (let i = 0; i < 5; i++) await Promise.resolve();
      at += everyMs;
    }
  }
  return { loop, found, frames, decodes: () => decodes, hasPending: () => pending !== undefined };
}

describe('scan loop', () => {
  it('decodes about every 100 ms, not on every frame, and reports a code once', async () => {
    const h = harness();
    await h.frames(0); // let the detector promise settle
    await h.frames(1000);
    expect(h.decodes()).toBeGreaterThanOrEqual(7);
    expect(h.decodes()).toBeLessThanOrEqual(11);
    expect(h.found).toEqual(['A']);
  });

  it('waits twice a slow decode before the next one', async () => {
    const h = harness({ decodeMs: 200 });
    await h.frames(0);
    await h.frames(3000);
    // Each cycle: 200 ms decoding + a wait until 400 ms after its start.
    expect(h.decodes()).toBeGreaterThanOrEqual(5);
    expect(h.decodes()).toBeLessThanOrEqual(9);
  });

  it('reports a different code at once', async () => {
    let code = 'A';
    const h = harness({ codes: () => [code] });
    await h.frames(0);
    await h.frames(300);
    code = 'B';
    await h.frames(300);
    expect(h.found).toEqual(['A', 'B']);
  });

  it('stops decoding while paused and reports the same code again after resume', async () => {
    const h = harness();
    await h.frames(0);
    await h.frames(300);
    h.loop.pause();
    expect(h.loop.paused).toBe(true);
    const decodes = h.decodes();
    await h.frames(1000);
    expect(h.decodes()).toBe(decodes);
    expect(h.hasPending()).toBe(false);
    h.loop.resume();
    await h.frames(300);
    expect(h.found).toEqual(['A', 'A']);
  });

  it('does nothing after stop', async () => {
    const h = harness();
    await h.frames(0);
    h.loop.stop();
    await h.frames(1000);
    expect(h.decodes()).toBe(0);
    expect(h.found).toEqual([]);
  });
});
