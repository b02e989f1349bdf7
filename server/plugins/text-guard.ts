import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  HookHandlerDoneFunction,
  preHandlerHookHandler,
  RouteOptions,
} from 'fastify';
import { HttpProblem } from './errors.ts';

export const UNSTORABLE_TEXT_MESSAGE =
  'This text holds a character that cannot be stored: a NUL (U+0000) or a broken Unicode sequence.';

/** A surrogate code unit without its pair (with the u flag a lone one is a code point of its own). */
const LONE_SURROGATE = /\p{Surrogate}/u;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** The path of the first string PostgreSQL could not store in a parsed request part ('' for the part itself), or undefined. */
export function unstorableTextPath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return unstorable(value) ? path : undefined;
  if (!value || typeof value !== 'object') return undefined;
  const join = (key: string | number) => (path ? `${path}.${key}` : String(key));
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = unstorableTextPath(value[i], join(i));
      if (found !== undefined) return found;
    }
    return undefined;
  }
  // Bytes (an avatar upload's body) are not text.
  if (ArrayBuffer.isView(value)) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const found = unstorableTextPath(item, join(key));
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Whether a route takes text from the caller: path parameters, a query schema or a body. */
function takesText(route: RouteOptions): boolean {
  const methods = ([] as string[]).concat(route.method);
  const bodyless = methods.every((method) => method === 'GET' || method === 'HEAD');
  return /[:*]/.test(route.url) || Boolean(route.schema?.querystring) || !bodyless;
}

function refuseUnstorableText(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) {
  const parts = [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ] as const;
  for (const [part, value] of parts) {
    const path = unstorableTextPath(value);
    if (path === undefined) continue;
    // Paths as the validation errors give them: dotted, the part's name for the part itself.
    done(new HttpProblem(400, `The request ${part} is invalid.`, [{ path: path || part, message: UNSTORABLE_TEXT_MESSAGE }]));
    return;
  }
  done();
}

/**
 * Refuses, with a 400, text PostgreSQL cannot store anywhere in a request (path parameters, query,
 * JSON body): U+0000, which text and jsonb cannot hold, and unpaired surrogates, which jsonb refuses.
 * Such text got past the routes' schemas and failed in the database as a 500 (the fuzz found it in
 * path parameters, e.g. /api/pass/voucher/%00, and in survey answers). A preHandler, so it runs
 * after validation: a route's own schema answers first, with its own message (single-line fields
 * refuse every control character). Added per route, only where the caller can send text: the hot
 * bodyless GETs (the user, the agenda, static files) pay nothing for it.
 */
export function registerTextGuard(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    if (!takesText(route)) return;
    route.preHandler = [refuseUnstorableText, ...([] as preHandlerHookHandler[]).concat(route.preHandler ?? [])];
  });
}
