import { useEffect, useState } from 'react';

/**
 * The current time, refreshed every `intervalMs` (the live view moves on by itself). Reads
 * Date.now(), so tests set the clock from outside (Playwright's page.clock, vitest fake timers).
 */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
