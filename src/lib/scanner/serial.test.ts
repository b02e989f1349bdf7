import { describe, expect, it } from 'vitest';
import { serialize } from './serial.ts';

describe('serialize', () => {
  it('handles every code of a burst, one at a time and in order', async () => {
    const log: string[] = [];
    let running = 0;
    const handle = serialize(async (code: string) => {
      running += 1;
      expect(running).toBe(1);
      log.push(`start ${code}`);
      await new Promise((done) => setTimeout(done, 5));
      log.push(`end ${code}`);
      running -= 1;
    });
    await Promise.all(['a', 'b', 'c'].map(handle));
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('goes on after a failed run, which still rejects for its caller', async () => {
    const seen: string[] = [];
    const handle = serialize(async (code: string) => {
      if (code === 'bad') throw new Error('no');
      seen.push(code);
    });
    const results = await Promise.allSettled([handle('bad'), handle('good')]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled']);
    expect(seen).toEqual(['good']);
  });
});
