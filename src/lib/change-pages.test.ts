import { describe, expect, it } from 'vitest';
import { pullChangePages } from './change-pages.ts';

type Page = { rows: string[]; cursor: string; complete: boolean };

/** A server answering from a script of pages, recording the cursors it was asked with. */
function server(pages: Page[]) {
  const asked: (string | undefined)[] = [];
  const taken: string[] = [];
  const fetchPage = async (cursor: string | undefined) => {
    asked.push(cursor);
    const page = pages.shift();
    if (!page) throw new Error('asked once too often');
    return page;
  };
  const onPage = (page: Page) => void taken.push(...page.rows);
  return { asked, taken, fetchPage, onPage };
}

describe('pullChangePages', () => {
  it('asks with each page’s cursor until one is complete and returns the last cursor', async () => {
    const { asked, taken, fetchPage, onPage } = server([
      { rows: ['a', 'b'], cursor: 'c2', complete: false },
      { rows: ['c'], cursor: 'c3', complete: true },
    ]);
    expect(await pullChangePages('c0', fetchPage, onPage)).toBe('c3');
    expect(asked).toEqual(['c0', 'c2']);
    expect(taken).toEqual(['a', 'b', 'c']);
  });

  it('pauses before asking again when changes being written held a page back, then gives up for now', async () => {
    const waits: number[] = [];
    const held = { rows: [], cursor: 'c1', complete: false };
    const { asked, fetchPage, onPage } = server([{ rows: ['a'], cursor: 'c1', complete: false }, held, held, held, held]);
    const options = { pauses: [10, 20, 30], wait: async (ms: number) => void waits.push(ms) };
    expect(await pullChangePages(undefined, fetchPage, onPage, options)).toBe('c1');
    expect(asked).toEqual([undefined, 'c1', 'c1', 'c1', 'c1']);
    expect(waits).toEqual([10, 20, 30]);
  });

  it('goes on after a held-back page once the changes come, and stops at the page guard', async () => {
    const waits: number[] = [];
    const { taken, fetchPage, onPage } = server([
      { rows: [], cursor: 'c0', complete: false },
      { rows: ['a'], cursor: 'c1', complete: true },
    ]);
    await pullChangePages('c0', fetchPage, onPage, { wait: async (ms: number) => void waits.push(ms) });
    expect(taken).toEqual(['a']);
    expect(waits).toHaveLength(1);

    const endless = server(Array.from({ length: 5 }, (_, i) => ({ rows: [`r${i}`], cursor: `c${i}`, complete: false })));
    expect(await pullChangePages(undefined, endless.fetchPage, endless.onPage, { maxPages: 3 })).toBe('c2');
    expect(endless.asked).toHaveLength(3);
  });
});
