import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { englishProblemText } from '../i18n/problems.ts';
import { sendProblem } from './errors.ts';

/**
 * Serves the built PWA. Hashed assets are immutable; the shell, manifest and service worker are
 * revalidated on every load so an update reaches users. Unknown non-API GETs get index.html (the
 * client router shows its own 404).
 *
 * The build leaves a .br and a .gz beside every compressible file (vite.config.ts); preCompressed
 * picks the best one the client accepts (Content-Encoding, Vary: Accept-Encoding, also for
 * sendFile, so '/' and the SPA fallback too) and falls back to the original. No per-request
 * compression of static files.
 */
export async function registerStaticApp(app: FastifyInstance, distDir: string) {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true,
      index: false,
      preCompressed: true,
      // @fastify/static 10 hands over the Fastify reply here (not a Node response). `path` is the
      // file actually sent, so it may end in .br/.gz; the plugin sets the original's content type
      // itself then (from the same mime table that maps .webmanifest to application/manifest+json).
      setHeaders(res, path) {
        const reply = res as unknown as FastifyReply;
        // Only Vite's content-hashed output lives in assets/; judged relative to the root so a
        // checkout path containing '/assets/' cannot make index.html immutable.
        if (relative(distDir, path).startsWith(`assets${sep}`))
          reply.header('cache-control', 'public, max-age=31536000, immutable');
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
  // vite.config.ts ROUTE_PAGES: `<name>.html` is index.html plus preload hints for `/<name>`'s chunks.
  const routePages = new Set(
    hasBuild ? readdirSync(distDir).filter((file) => file.endsWith('.html') && file !== 'index.html') : [],
  );
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      const page = `${request.url.split('?')[0]?.replace(/^\/|\/$/g, '')}.html`;
      const shell = routePages.has(page) ? page : 'index.html';
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile(shell);
    }
    const values = { method: request.method, path: request.url.split('?')[0] ?? '' };
    return sendProblem(reply, 404, englishProblemText({ key: 'request.noRoute', values }), undefined, {
      key: 'request.noRoute',
      values,
    });
  });
}
