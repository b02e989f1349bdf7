import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fixedSide, ImageWorker, JobLimit, VARIANT_SIDES, VariantCache, variantKey, variantOf } from './avatar-images.ts';

describe('variantOf', () => {
  it('multiplies by the device pixel ratio: 56×56 crop at dpr 2 is 112×112', () => {
    expect(variantOf({ width: 56, height: 56, fit: 'crop', dpr: 2 })).toEqual({ width: 112, height: 112, fit: 'crop' });
    expect(variantOf({ width: 112 })).toEqual({ width: 112, height: undefined, fit: 'contain' });
    expect(variantOf({})).toEqual({ width: undefined, height: undefined, fit: 'contain' });
  });

  it('moves every side to the fixed size at or above it, at most the stored 1024 px', () => {
    expect(variantOf({ width: 100 })).toEqual({ width: 112, height: undefined, fit: 'contain' });
    expect(variantOf({ width: 1, height: 57, fit: 'crop' })).toEqual({ width: 56, height: 112, fit: 'crop' });
    expect(variantOf({ width: 1024, height: 1000, fit: 'crop', dpr: 3 })).toEqual({ width: 1024, height: 1024, fit: 'crop' });
    expect(VARIANT_SIDES.map(fixedSide)).toEqual([...VARIANT_SIDES]);
  });
});

describe('JobLimit', () => {
  it('runs at most its limit at once, the rest in order, and counts them', async () => {
    const limit = new JobLimit(2);
    const order: number[] = [];
    const gates = Array.from({ length: 5 }, () => {
      let resolve = () => {};
      const promise = new Promise<void>((r) => {
        resolve = r;
      });
      return { promise, resolve };
    });
    const jobs = gates.map((gate, i) =>
      limit.run(async () => {
        order.push(i);
        await gate.promise;
        if (i === 3) throw new Error('job 3 fails');
        return i;
      }),
    );
    await Promise.resolve();
    expect({ running: limit.running, queued: limit.queued, order }).toEqual({ running: 2, queued: 3, order: [0, 1] });
    for (const gate of gates) gate.resolve();
    const results = await Promise.allSettled(jobs);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect({ running: limit.running, queued: limit.queued, peak: limit.peak, completed: limit.completed }).toEqual({
      running: 0,
      queued: 0,
      peak: 2,
      completed: 5,
    });
  });
});

describe('VariantCache', () => {
  const bytes = (n: number) => Buffer.alloc(n, 1);

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = new VariantCache(2);
    cache.set('a:1', bytes(1));
    cache.set('b:1', bytes(1));
    expect(cache.get('a:1')).toBeDefined(); // a is now the most recent
    cache.set('c:1', bytes(1));
    expect(cache.get('b:1')).toBeUndefined();
    expect(cache.get('a:1')).toBeDefined();
    expect(cache.get('c:1')).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it('does not keep big renders, and forgets every variant of an image', () => {
    const cache = new VariantCache(10, 100);
    cache.set('big:1', bytes(101));
    expect(cache.get('big:1')).toBeUndefined();
    const v = { width: 112, height: 112, fit: 'crop' as const };
    cache.set(variantKey('img1', v), bytes(10));
    cache.set(variantKey('img1', { fit: 'contain' }), bytes(10));
    cache.set(variantKey('img10', v), bytes(10));
    cache.forget('img1');
    expect(cache.size).toBe(1);
    expect(cache.get(variantKey('img10', v))).toBeDefined();
  });
});

describe('ImageWorker', () => {
  it('ends a worker whose job takes too long, fails that job, and answers the next from a new worker', async () => {
    const picture = await sharp({
      create: { width: 1024, height: 1024, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } },
    })
      .webp()
      .toBuffer();
    const worker = new ImageWorker();
    worker.jobTimeoutMs = 1;
    await expect(
      worker.run({ op: 'render', input: picture, variant: { width: 1024, height: 1024, fit: 'crop' } }),
    ).rejects.toThrow(/took over 1 ms/);
    worker.jobTimeoutMs = 30_000;
    const done = await worker.run({ op: 'render', input: picture, variant: { width: 56, height: 56, fit: 'crop' } });
    expect((await sharp(done.data).metadata()).width).toBe(56);
  }, 30_000);
});
