import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first answer of /api/health. */
  startMs: number;
  stop(): Promise<void>;
  /** SIGKILL: no graceful close, as a crash or a pulled plug would end it. */
  kill(): Promise<void>;
}

/**
 * Starts the server bundle as `npm start` does (after its build step) and waits for its first
 * answer. Benchmarks use it, and end-to-end tests that must kill and restart a server of their own.
 */
export async function startServer(
  env: Record<string, string>,
  port: number,
  timeoutMs = 120_000,
  /** The bundle to run: the one `npm start` runs unless a bench bundled its own copy. */
  entry = 'dist-server/main.mjs',
): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${port}`;
  // A server left over on the port would answer the health check below in this one's place.
  const occupied = await fetch(`${url}/api/health`).then(
    () => true,
    () => false,
  );
  if (occupied) throw new Error(`port ${port} is already in use: stop the process listening there`);
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', entry], {
    // NODE_ENV explicit: an in-process Vite build leaves production in process.env, and production
    // wants its mail and payment set-up named (the callers that test production pass their own).
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (performance.now() - started > timeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`server did not answer within ${timeoutMs} ms`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const startMs = performance.now() - started;
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  };
  return { url, child, startMs, stop: () => end('SIGTERM'), kill: () => end('SIGKILL') };
}
