import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * What both plans share: the selection lives in the address, and the plan moves to its rectangle.
 * Asking again for the same selection ('Show on plan', the same search result) must move the plan
 * again, so each request makes a new target object.
 */
export function usePlanFocus<S>(resolve: (params: URLSearchParams) => S, rectOf: (selection: S) => Rect | null) {
  const [params, setParams] = useSearchParams();
  const selection = useMemo(() => resolve(params), [resolve, params]);
  const [focusRequest, setFocusRequest] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new focus request must produce a new target object
  const target = useMemo(() => rectOf(selection), [rectOf, selection, focusRequest]);

  const select = useCallback(
    (next: Record<string, string>) => {
      setParams(next, { replace: true });
      setFocusRequest((n) => n + 1);
    },
    [setParams],
  );
  const showAgain = useCallback(() => setFocusRequest((n) => n + 1), []);
  const clear = useCallback(() => setParams({}, { replace: true }), [setParams]);
  return { selection, target, focusRequest, select, showAgain, clear };
}
