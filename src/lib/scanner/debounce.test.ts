import { describe, expect, it } from 'vitest';
import { createCodeDebouncer, REPEAT_WINDOW_MS } from './debounce.ts';

function clock(start = 0) {
  let at = start;
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

describe('code debouncer', () => {
  it('reports a code once while it stays in view, and again after 2.5 s out of view', () => {
    const time = clock();
    const debouncer = createCodeDebouncer({ now: time.now });
    expect(debouncer.accept('A')).toBe(true);
    // Seen on every decode for 10 s: the window slides, nothing repeats.
    for (let i = 0; i < 100; i++) {
      time.advance(100);
      expect(debouncer.accept('A')).toBe(false);
    }
    time.advance(REPEAT_WINDOW_MS - 1);
    expect(debouncer.accept('A')).toBe(false);
    time.advance(REPEAT_WINDOW_MS);
    expect(debouncer.accept('A')).toBe(true);
  });

  it('reports a different code at once', () => {
    const time = clock();
    const debouncer = createCodeDebouncer({ now: time.now });
    expect(debouncer.accept('A')).toBe(true);
    time.advance(10);
    expect(debouncer.accept('B')).toBe(true);
  });

  it('does not bounce between two codes in view alternately', () => {
    const time = clock();
    const debouncer = createCodeDebouncer({ now: time.now });
    expect(debouncer.accept('A')).toBe(true);
    expect(debouncer.accept('B')).toBe(true);
    for (let i = 0; i < 10; i++) {
      time.advance(100);
      expect(debouncer.accept(i % 2 ? 'A' : 'B')).toBe(false);
    }
  });

  it('counts the same code as new after a reset (scanner resumed)', () => {
    const time = clock();
    const debouncer = createCodeDebouncer({ now: time.now });
    debouncer.accept('A');
    debouncer.reset();
    expect(debouncer.accept('A')).toBe(true);
  });

  it('honours a custom window', () => {
    const time = clock();
    const debouncer = createCodeDebouncer({ now: time.now, windowMs: 500 });
    debouncer.accept('A');
    time.advance(500);
    expect(debouncer.accept('A')).toBe(true);
  });
});
