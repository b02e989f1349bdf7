import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

/** Strict CSP: no inline script, nothing from other origins. */
const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  // wasm-unsafe-eval: the badge scanner compiles its self-hosted zxing .wasm; no inline script ever.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  // react-hot-toast injects its stylesheet at run time; styles cannot run code.
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'"],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * Runs helmet once against a recording response and returns the headers it set. Our policy uses
 * no per-request nonces, so the headers are the same for every response: computing them once keeps
 * helmet's rules without its per-request cost (about 40 % of a small JSON answer's time).
 */
export function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    // The camera (badge scanner) and self-hosted assets need no cross-origin isolation.
    crossOriginEmbedderPolicy: false,
  });
  let failure: unknown;
  middleware({} as IncomingMessage, res, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure;
  return headers;
}

/**
 * JSON answers are never rendered as documents, so they get the short set OWASP recommends for
 * REST APIs: nothing may load or frame them, no sniffing. Half the bytes of the document set,
 * on the hottest path.
 */
export function apiHeaders(full: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cross-origin-resource-policy': 'same-origin',
    'strict-transport-security': full['strict-transport-security'] ?? 'max-age=31536000; includeSubDomains',
  };
}

export function registerSecurityHeaders(app: FastifyInstance) {
  const documentHeaders = helmetHeaders();
  const jsonHeaders = apiHeaders(documentHeaders);
  app.addHook('onRequest', (request, reply, done) => {
    // /api/docs is an HTML page (Swagger UI, which sets its own CSP): it keeps the document set.
    const isJsonApi = request.url.startsWith('/api/') && !request.url.startsWith('/api/docs');
    reply.headers(isJsonApi ? jsonHeaders : documentHeaders);
    done();
  });
}
