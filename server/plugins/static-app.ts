import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sendProblem } from './errors.ts';

/**
 * Serves the built PWA. Hashed assets are immutable; the shell, manifest and service worker are
 * revalidated on every load so an update reaches users. Unknown non-API GETs get index.html (the
 * client router shows its own 404).
 */
export async function registerStaticApp(app: FastifyInstance, distDir: string) {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      // @fastify/static 10 hands over the Fastify reply here (not a Node response).
      setHeaders(res, path) {
        const reply = res as unknown as FastifyReply;
        if (path.includes('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else reply.header('cache-control', 'no-cache');
        if (path.endsWith('.webmanifest')) reply.header('content-type', 'application/manifest+json');
      },
    });
  }
  if (hasBuild) {
    // '/' is a directory to @fastify/static (403): it is the app's start page.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  }
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return sendProblem(reply, 404, `No route for ${request.method} ${request.url.split('?')[0]}.`);
  });
}
