import { useEffect, useRef } from 'react';
import { EMPTY_WEDGE, wedgeKey } from './wedge.ts';

/** Keys typed into a field belong to that field (the PIN, the scanner's own code form). */
function typesIntoField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    target.isContentEditable
  );
}

/**
 * Codes typed by a USB barcode scanner anywhere on the page (wedge.ts) go to `onCode` while
 * `enabled`. The Enter that ends a code is kept from the focused element, so it never also presses
 * a button that happens to have the focus.
 */
export function useKeyboardWedge(onCode: (code: string) => void, enabled: boolean): void {
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;
  useEffect(() => {
    if (!enabled) return;
    let state = EMPTY_WEDGE;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.isComposing || event.ctrlKey || event.metaKey || event.altKey || typesIntoField(event.target)) return;
      const result = wedgeKey(state, event.key, performance.now());
      state = result.state;
      if (result.code === null) return;
      event.preventDefault();
      onCodeRef.current(result.code);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [enabled]);
}
