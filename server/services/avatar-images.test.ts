import { describe, expect, it } from 'vitest';
import { VariantCache, variantKey, variantOf } from './avatar-images.ts';

describe('variantOf', () => {
  it('multiplies by the device pixel ratio: SPEC §7 56×56 crop at dpr 2 is 112×112', () => {
    expect(variantOf({ width: 56, height: 56, fit: 'crop', dpr: 2 })).toEqual({ width: 112, height: 112, fit: 'crop' });
    expect(variantOf({ width: 100 })).toEqual({ width: 100, height: undefined, fit: 'contain' });
    expect(variantOf({})).toEqual({ width: undefined, height: undefined, fit: 'contain' });
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
