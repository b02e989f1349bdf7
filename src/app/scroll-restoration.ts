import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * Scroll positions by history entry, as browsers keep them for real pages: a new page starts at
 * the top (or at its #fragment), back and forward return to where the user was, also after a
 * reload (kept in sessionStorage).
 */
const STORAGE_KEY = 'scroll-positions';
const KEPT_POSITIONS = 100;

const positions = new Map<string, number>(readPositions());
let shownKey: string | null = null;

function readPositions(): [string, number][] {
  try {
    const saved: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(saved)
      ? saved.filter((e): e is [string, number] => typeof e?.[0] === 'string' && Number.isFinite(e[1]))
      : [];
  } catch {
    return [];
  }
}

/** Remembers where the page on screen is scrolled to; called before each navigation and on leaving the app. */
export function saveScrollPosition(): void {
  if (shownKey === null) return;
  positions.delete(shownKey);
  positions.set(shownKey, window.scrollY);
  if (positions.size > KEPT_POSITIONS) positions.delete(positions.keys().next().value as string);
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify([...positions]));
  } catch {
    // Private mode or full storage: positions last for this page's life only.
  }
}

/** `navigation`: the id of the navigation on screen (each one scrolls, even to the same history entry). */
export function useScrollRestoration(navigation: number): void {
  const location = useLocation();
  const type = useNavigationType();

  useLayoutEffect(() => {
    window.history.scrollRestoration = 'manual';
    window.addEventListener('pagehide', saveScrollPosition);
    return () => window.removeEventListener('pagehide', saveScrollPosition);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each navigation is the trigger, with the location it brought
  useLayoutEffect(() => {
    shownKey = location.key;
    const saved = type === 'POP' ? positions.get(location.key) : undefined;
    if (saved !== undefined) {
      window.scrollTo(0, saved);
      return;
    }
    const target = location.hash ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [navigation]);
}
