import { constants } from 'node:zlib';
import fastifyCompress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Per-request compression for the API's JSON only. Static files are compressed once at build time
 * and served as they are (static-app.ts), so compressing them again here would only burn CPU.
 */
const API_JSON: FastifyCompressOptions = {
  // Below ~1 KB the headers and the compressor's set-up cost more than the bytes saved: small
  // answers (GET /api/user/, most POSTs) leave the hook after a length check.
  threshold: 1024,
  encodings: ['br', 'gzip'],
  // Quality 4 is several times faster than the default 11 on a few KB of JSON and still beats gzip.
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  // application/json and application/problem+json; PDFs, images and streams pass through untouched.
  customTypes: /^application\/(?:[\w.-]+\+)?json(?:;|$)/,
};

/** Swagger UI's own JS/CSS are static files too (served by @fastify/static, not worth compressing per request). */
function isApiJsonRoute(url: string): boolean {
  return url.startsWith('/api/') && !url.startsWith('/api/docs/static');
}

/**
 * Registers @fastify/compress so that only /api routes get its hooks. With `global: false` the plugin
 * would still add an onRequest hook to every route (to decorate `reply.compress`); setting each
 * route's `compress` option before the plugin sees it gives API routes the JSON settings and every
 * other route (static files, the app shell, the sandbox page) no hook at all. Request bodies are not
 * decompressed (globalDecompression follows `global`), so the body limit keeps meaning bytes read.
 * Must run before any route is registered: onRoute only sees routes added after it.
 */
export async function registerCompression(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    // A route that chose its own compression keeps it.
    if (route.compress === undefined) route.compress = isApiJsonRoute(route.url) ? API_JSON : false;
  });
  await app.register(fastifyCompress, { ...API_JSON, global: false });
}
