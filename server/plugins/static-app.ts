import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requestLanguage } from '../i18n/language.ts';
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
 *
 * Each page carries the build's import map inline (vite.config.ts, build.chunkImportMap): the
 * Content-Security-Policy of a page allows exactly those scripts by their hash.
 */
export async function registerStaticApp(app: FastifyInstance, distDir: string) {
  const hasBuild = existsSync(join(distDir, 'index.html'));
  const pages = hasBuild ? readdirSync(distDir).filter((file) => file.endsWith('.html')) : [];
  const scriptHashes = [...new Set(pages.flatMap((page) => inlineScriptHashes(readFileSync(join(distDir, page), 'utf8'))))];
  /** A page's CSP (security-headers.ts set it on request) with the pages' inline scripts allowed (every HTML file passes setHeaders, sendFile's too). */
  const allowPageScripts = (reply: FastifyReply) => {
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string' && scriptHashes.length > 0)
      reply.header('content-security-policy', allowScripts(csp, scriptHashes));
  };
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
        if (/\.html(?:\.br|\.gz)?$/.test(path)) allowPageScripts(reply);
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
  // vite.config.ts ROUTE_PAGES: `<name>.html` (English) and `<name>.<language>.html` are index.html
  // plus preload hints for `/<name>`'s chunks and its catalogues in that language.
  const routePages = new Set(pages.filter((file) => file !== 'index.html'));
  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    if (!isApi && hasBuild && (request.method === 'GET' || request.method === 'HEAD')) {
      const name = request.url.split('?')[0]?.replace(/^\/|\/$/g, '');
      // The app starts in the browser's language on a first visit (src/i18n/i18n.ts), as here.
      const page = [`${name}.${requestLanguage(request)}.html`, `${name}.html`].find((file) => routePages.has(file));
      if (page) reply.header('vary', 'accept-language');
      return reply
        .header('cache-control', 'no-cache')
        .type('text/html')
        .sendFile(page ?? 'index.html');
    }
    const values = { method: request.method, path: request.url.split('?')[0] ?? '' };
    return sendProblem(reply, 404, englishProblemText({ key: 'request.noRoute', values }), undefined, {
      key: 'request.noRoute',
      values,
    });
  });
}

/** CSP sources (`'sha256-…'`) for the inline scripts of an HTML page (the import map), by content. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)]
    .filter(([, attributes]) => !/\bsrc\s*=/i.test(attributes ?? ''))
    .map(
      ([, , body]) =>
        `'sha256-${createHash('sha256')
          .update(body ?? '')
          .digest('base64')}'`,
    );
}

/** `csp` with `sources` added to its script-src (a new script-src, from default-src's, when it has none). */
export function allowScripts(csp: string, sources: readonly string[]): string {
  const directives = csp.split(';').map((directive) => directive.trim());
  const index = directives.findIndex((directive) => /^script-src(?:\s|$)/i.test(directive));
  if (index >= 0) {
    directives[index] = [directives[index], ...sources].join(' ');
    return directives.join('; ');
  }
  const fallback = directives.find((directive) => /^default-src(?:\s|$)/i.test(directive));
  const base = fallback ? fallback.replace(/^default-src/i, 'script-src') : "script-src 'none'";
  return [...directives, [base, ...sources].join(' ')].join('; ');
}
