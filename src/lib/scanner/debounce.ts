/** How long the same code is ignored after it was last seen (a badge held in view fires once). */
export const REPEAT_WINDOW_MS = 2500;

export interface CodeDebouncer {
  /** True when `code` should be reported now; false while the same code was seen within the window. */
  accept(code: string): boolean;
  /** Forgets every code: after a pause the badge in front of the camera counts again. */
  reset(): void;
}

/**
 * Remembers when each code was last seen. The window slides with every sighting, so a badge that
 * stays in front of the camera is reported once, not every 2.5 s; a different code is reported at
 * once. One entry per code (not only the last one), so two badges in view alternating frame by frame
 * do not fire in turn.
 */
export function createCodeDebouncer(options: { windowMs?: number; now?: () => number } = {}): CodeDebouncer {
  const windowMs = options.windowMs ?? REPEAT_WINDOW_MS;
  const now = options.now ?? (() => performance.now());
  const lastSeen = new Map<string, number>();
  return {
    accept(code) {
      const at = now();
      // Drop stale entries so a long session does not grow the map without bound.
      for (const [seen, when] of lastSeen) if (at - when >= windowMs) lastSeen.delete(seen);
      const recent = lastSeen.has(code);
      lastSeen.set(code, at);
      return !recent;
    },
    reset() {
      lastSeen.clear();
    },
  };
}
