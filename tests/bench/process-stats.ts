import { readFileSync } from 'node:fs';

/** Resident set of a process in MB (Linux /proc). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** CPU seconds (user + system) the process has used so far (Linux /proc, clock ticks of 1/100 s). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/**
 * Runs `work` while watching a server process: wall seconds, the CPU seconds it used, and its peak
 * resident set above the idle one before (sampled every 20 ms), for the budgets of big downloads.
 */
export async function measureProcess<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; seconds: number; cpuSeconds: number; extraRssMb: number }> {
  const idle = rssMb(pid);
  let peak = idle;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 20);
  const cpuBefore = cpuSeconds(pid);
  const started = performance.now();
  let result: T;
  try {
    result = await work();
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  peak = Math.max(peak, rssMb(pid));
  return { result, seconds, cpuSeconds: cpuSeconds(pid) - cpuBefore, extraRssMb: peak - idle };
}
