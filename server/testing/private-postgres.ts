import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A PostgreSQL cluster of the test's own, in a temporary folder on a free port: a test may stop
 * it hard and start it again (a crash, a failover), which the shared server of the suite must
 * never be. Made with the installed server's initdb and pg_ctl; PostgreSQL refuses to run as
 * root, so under root they run as the `postgres` user.
 */
export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  /** `pg_ctl stop -m immediate`: every backend killed at once, nothing flushed (a crash, a failover). */
  stopHard(): Promise<void>;
  /** Starts it again and waits until it accepts connections (after crash recovery). */
  start(): Promise<void>;
  /** Stops it and deletes its folder. */
  destroy(): Promise<void>;
}

/** The installed server's programs (Debian: /usr/lib/postgresql/<version>/bin), or null. */
export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(root, version, 'bin');
    if (existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl'))) return bin;
  }
  return null;
}

/** uid and gid of the `postgres` user, from /etc/passwd. */
function postgresUser(): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  if (!uid || !gid) throw new Error('running as root, but there is no postgres user to run PostgreSQL as');
  return { uid: Number(uid), gid: Number(gid) };
}

/** A TCP port nothing listens on right now (for a server started as another process). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startPrivatePostgres(bin: string): Promise<PrivatePostgres> {
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? postgresUser() : undefined;
  const folder = mkdtempSync(join(tmpdir(), 'cf-private-pg-'));
  if (user) chownSync(folder, user.uid, user.gid);
  const data = join(folder, 'data');
  const exec = (program: string, args: string[]) => run(join(bin, program), args, { ...user, cwd: folder, timeout: 60_000 });

  await exec('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions']);
  const port = await freePort();
  // No fsync: a test's data need not survive the machine, only the server process.
  const settings = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = async () => {
    await exec('pg_ctl', ['-D', data, '-o', settings, '-l', join(folder, 'server.log'), '-w', '-t', '30', 'start']);
  };
  const stop = async (mode: 'immediate' | 'fast') => {
    await exec('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stopHard: () => stop('immediate'),
    start,
    async destroy() {
      await stop('immediate').catch(() => {});
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
