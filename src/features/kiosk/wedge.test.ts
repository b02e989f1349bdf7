import { describe, expect, it } from 'vitest';
import { EMPTY_WEDGE, WEDGE_GAP_MS, type WedgeState, wedgeKey } from './wedge.ts';

/** Types `keys` one every `step` ms from `start`; returns the codes Enter produced. */
function type(keys: string[], step = 5, start = 1000, state: WedgeState = EMPTY_WEDGE) {
  const codes: string[] = [];
  let current = state;
  keys.forEach((key, index) => {
    const result = wedgeKey(current, key, start + index * step);
    current = result.state;
    if (result.code !== null) codes.push(result.code);
  });
  return { codes, state: current };
}

const TOKEN = 'eyJ2IjoxLCJraWQiOiJrMSJ9.c2lnbmF0dXJl';

describe('a keyboard-wedge scanner', () => {
  it('delivers what it typed when Enter ends it', () => {
    expect(type([...TOKEN, 'Enter']).codes).toEqual([TOKEN]);
  });

  it('ignores keys that type nothing (Shift for capitals) and delivers codes one after another', () => {
    const keys = [...TOKEN].flatMap((key) => (key === key.toUpperCase() && /[A-Z]/.test(key) ? ['Shift', key] : [key]));
    expect(type([...keys, 'Enter', ...'second-code-1', 'Enter']).codes).toEqual([TOKEN, 'second-code-1']);
  });

  it('drops what came before a long pause, and Enter alone or after a stray key is no code', () => {
    const { state } = type([...'stray']);
    const after = type([...TOKEN, 'Enter'], 5, 1000 + 5 * 5 + WEDGE_GAP_MS + 1, state);
    expect(after.codes).toEqual([TOKEN]);
    expect(type(['Enter']).codes).toEqual([]);
    expect(type(['x', 'Enter']).codes).toEqual([]);
  });

  it('clears on Escape', () => {
    expect(type([...TOKEN, 'Escape', 'Enter']).codes).toEqual([]);
  });
});
