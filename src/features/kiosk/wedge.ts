import { PASS_TOKEN_MAX_LENGTH } from '../../shared/pass-token.ts';

/*
 * A USB barcode scanner acting as a keyboard ("keyboard wedge") types the code and then
 * Enter, a few milliseconds per key. The kiosk listens to the whole page, so the code arrives
 * wherever the focus is; this is the pure part: keys in, a code out on Enter.
 */

/**
 * A longer pause starts a new code: what was typed before it (a stray key) is dropped. Generous:
 * a scanner types a code in well under a second, but a busy tablet can hold its keys back for
 * more than one (1.5 s measured under load), and a code cut in two would be refused.
 */
export const WEDGE_GAP_MS = 5000;
/** Shorter input ending in Enter is not a code (a single key pressed, then Enter). */
export const WEDGE_MIN_LENGTH = 8;

export interface WedgeState {
  text: string;
  lastAt: number;
}

export const EMPTY_WEDGE: WedgeState = { text: '', lastAt: Number.NEGATIVE_INFINITY };

/**
 * One key (KeyboardEvent.key) at `now` (ms): printable characters collect, Enter ends the code,
 * Escape clears, other keys (Shift, arrows) are ignored. `code` is set when Enter ended a code.
 */
export function wedgeKey(state: WedgeState, key: string, now: number): { state: WedgeState; code: string | null } {
  const text = now - state.lastAt > WEDGE_GAP_MS ? '' : state.text;
  if (key === 'Enter') {
    const code = text.trim();
    return { state: EMPTY_WEDGE, code: code.length >= WEDGE_MIN_LENGTH ? code : null };
  }
  if (key === 'Escape') return { state: EMPTY_WEDGE, code: null };
  if (key.length !== 1) return { state: { text, lastAt: state.lastAt }, code: null };
  // Bounded: anything longer than a badge is refused as not a badge whatever follows.
  return { state: { text: (text + key).slice(0, PASS_TOKEN_MAX_LENGTH + 1), lastAt: now }, code: null };
}
