import { readFileSync } from 'node:fs';
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/** One request of the mix; `check` says why an answer that came back is still a failure (null: fine). */
export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  /** What the per-route summary groups it under (e.g. `GET /api/lead`). */
  route: string;
  headers: Record<string, string>;
  body?: string;
  /** Refusals the app expects and handles (e.g. 404 for "no team yet"): not errors. */
  accept?: readonly number[];
  /** Called with every answered request (status and body), e.g. to advance a device's cursor. */
  check?: (status: number, body: string) => string | null;
}

export interface StepResult {
  rate: number;
  sent: number;
  latenciesMs: number[];
  /** Latencies by the requests' route. */
  byRoute: Map<string, number[]>;
  errors: number;
  /** The first few failures, for the log. */
  errorSamples: string[];
}

/** A request not answered within this counts as an error (a phone's request would time out too). */
const TIMEOUT_MS = 10_000;
/** How often the scheduler wakes; requests due in between leave together, each timed from its due time. */
const TICK_MS = 2;

/**
 * Many devices: one connection each, up to this many at once (the venue's phones do not share
 * sockets). Requests beyond it wait in the agent's queue, and that wait counts in their latency.
 */
export function loadAgent(): http.Agent {
  return new http.Agent({ keepAlive: true, maxSockets: 2048, maxFreeSockets: 2048 });
}

/** An answer's body as text, decompressed as the server encoded it. */
function decode(bytes: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(bytes).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  return bytes.toString('utf8');
}

function send(agent: http.Agent, base: URL, request: LoadRequest): Promise<{ status: number; body: () => string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        method: request.method,
        path: request.path,
        headers: request.body
          ? { ...request.headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(request.body) }
          : request.headers,
        timeout: TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          // Decoded only when read (as a browser would, but the driver's CPU is the server's machine's too).
          const bytes = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, body: () => decode(bytes, res.headers['content-encoding']) });
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`timeout after ${TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(request.body);
  });
}

/**
 * Open loop: `rate` requests per second for `seconds`, each sent at its due time whether or not the
 * earlier ones were answered, and timed from that due time (a slow server cannot slow the driver
 * down and hide its own slowness). Waits for the stragglers (at most the timeout) before returning.
 */
export async function openLoopStep(
  agent: http.Agent,
  baseUrl: string,
  rate: number,
  seconds: number,
  next: () => LoadRequest,
): Promise<StepResult> {
  const base = new URL(baseUrl);
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latenciesMs: number[] = [];
  const byRoute = new Map<string, number[]>();
  const record = (route: string, ms: number) => {
    latenciesMs.push(ms);
    const list = byRoute.get(route) ?? [];
    list.push(ms);
    byRoute.set(route, list);
  };
  const errorSamples: string[] = [];
  let errors = 0;
  const inFlight = new Set<Promise<void>>();
  const fail = (why: string) => {
    errors += 1;
    if (errorSamples.length < 5) errorSamples.push(why);
  };
  const start = performance.now();
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    while (sent < total && start + sent * interval <= now) {
      const due = start + sent * interval;
      const request = next();
      const done = send(agent, base, request).then(
        ({ status, body }) => {
          record(request.route, performance.now() - due);
          let problem: string | null;
          try {
            problem =
              status >= 400 && !request.accept?.includes(status)
                ? `${status} ${body().slice(0, 200)}`
                : request.check
                  ? request.check(status, body())
                  : null;
          } catch (error) {
            problem = `unreadable answer: ${(error as Error).message}`;
          }
          if (problem) fail(`${request.method} ${request.path}: ${problem}`);
        },
        (error: Error) => {
          record(request.route, performance.now() - due);
          fail(`${request.method} ${request.path}: ${error.message}`);
        },
      );
      inFlight.add(done);
      done.finally(() => inFlight.delete(done));
      sent += 1;
    }
    await new Promise((resolve) => setTimeout(resolve, TICK_MS));
  }
  await Promise.all(inFlight);
  return { rate, sent, latenciesMs, byRoute, errors, errorSamples };
}

/** The value below which `p` of the sorted values lie (nearest rank). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] as number;
}

/** Busy and total clock ticks of the whole machine so far (Linux /proc/stat), for "how busy was it". */
export function machineTicks(): { busy: number; total: number } {
  const fields = (readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '').trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  // idle + iowait
  const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
  return { busy: total - idle, total };
}
