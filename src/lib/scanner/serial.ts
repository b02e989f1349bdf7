/**
 * Runs a scan handler for one code at a time, in the order the codes arrived: a burst (a keyboard
 * wedge typing codes, two badges in view) waits its turn instead of being dropped, and two scans
 * never write to the device's database at once. A failing run does not stop the ones after it.
 */
export function serialize<T>(handler: (code: T) => Promise<void>): (code: T) => Promise<void> {
  let tail: Promise<void> = Promise.resolve();
  return (code) => {
    const run = tail.then(() => handler(code));
    tail = run.catch(() => undefined);
    return run;
  };
}
