import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { removeBackupEndpoint, writeBackupEndpoint } from '../../db/backup.ts';
import type { Database } from '../../db/client.ts';
import { HttpProblem, notFound } from '../../plugins/errors.ts';

/**
 * POST /api/admin/backup: the running server's snapshot of its embedded database, for
 * `npm run db:backup` (only the process that has PGlite open can copy it consistently). Two guards:
 * the caller is on this host, and it sends the token the server wrote, readable by the server's own
 * user only, into DATA_DIR/backup-endpoint.json. Registered only for PGlite opened from a data dir.
 */
export const backupRoutes: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  const { dataDir, snapshot } = database;
  if (!dataDir || !snapshot) return;
  // A new token on every start: a token read from an old backup or an old file opens nothing.
  const token = randomBytes(32).toString('base64url');
  const expected = sha256(token);

  app.addHook('onListen', async function (this: FastifyInstance) {
    writeBackupEndpoint(dataDir, { pid: process.pid, url: localUrl(this.addresses()), token });
  });
  app.addHook('onClose', async () => removeBackupEndpoint(dataDir));

  const guard = async (request: FastifyRequest) => {
    // 404 to anyone elsewhere: from outside, the route does not exist.
    if (!fromThisHost(request)) throw notFound();
    const sent = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? '';
    if (!timingSafeEqual(sha256(sent), expected)) {
      throw new HttpProblem(403, `Send the token from ${dataDir}/backup-endpoint.json (npm run db:backup does).`);
    }
  };

  // Registered under /api/admin: BACKUP_PATH is where the CLI calls it.
  app.post('/backup', { onRequest: guard, schema: { hide: true } }, async (request, reply) => {
    const started = performance.now();
    const file = await snapshot();
    request.log.info({ bytes: file.size, ms: Math.round(performance.now() - started) }, 'database snapshot taken for a backup');
    return reply
      .header('content-type', 'application/gzip')
      .header('cache-control', 'no-store')
      .send(Buffer.from(await file.arrayBuffer()));
  });
};

const sha256 = (text: string) => createHash('sha256').update(text).digest();

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * Connected from this machine, not through a proxy: over loopback, or to one of our own addresses
 * from that same address. A proxy on this host would pass the first test, so forwarded requests are
 * refused outright; the token stays the real guard.
 */
function fromThisHost(request: FastifyRequest): boolean {
  if (request.headers['x-forwarded-for'] !== undefined || request.headers.forwarded !== undefined) return false;
  const { remoteAddress, localAddress } = request.raw.socket;
  if (!remoteAddress) return false;
  return LOOPBACK.test(remoteAddress) || remoteAddress === localAddress;
}

/** The URL this host reaches the server at: a loopback address when the server listens on one or on all. */
function localUrl(addresses: (AddressInfo | string)[]): string {
  const loopback = (a: { address: string; family: string }) => {
    if (a.address === '0.0.0.0') return '127.0.0.1';
    if (a.address === '::') return '::1';
    return a.address;
  };
  // Strings are pipe or socket paths: not reachable over HTTP by address.
  const chosen = addresses.filter((a) => typeof a !== 'string').map((a) => ({ ...a, host: loopback(a) }));
  const best =
    chosen.find((a) => LOOPBACK.test(a.host) && a.family === 'IPv4') ?? chosen.find((a) => LOOPBACK.test(a.host)) ?? chosen[0];
  if (!best) throw new Error('the server listens nowhere');
  return `http://${best.host.includes(':') ? `[${best.host}]` : best.host}:${best.port}`;
}
