import { type ChildProcess, spawn } from 'node:child_process';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Milliseconds from spawn to the first answer of /api/health. */
  startMs: number;
  stop(): Promise<void>;
}

/** Starts the server bundle as `npm start` does (after its build step) and waits for its first answer. */
export async function startServer(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist-server/main.mjs'], {
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const startMs = performance.now() - started;
  return {
    url,
    child,
    startMs,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
