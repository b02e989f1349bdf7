import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const gzipAsync = promisify(gzip);

/**
 * Public reference data (agenda, exhibitors) is the same for everyone and changes rarely, but every
 * device asks for it on start and the service worker revalidates it: serialize it once, hash it
 * once, compress it once (the agenda is ~200 KB of JSON, ~10 % of that gzipped, on a hall's weak
 * network), and answer from memory. A change in the database shows within the cache's lifetime.
 */

/** Browsers and shared caches may reuse an answer for five minutes, then revalidate with the ETag. */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=300';
/** How long this instance keeps the serialized answer before reading the database again. */
export const SERVER_CACHE_MS = 60_000;

export interface SerializedJson {
  body: string;
  /** Weak: the same content serialized the same way, not a byte-range guarantee. From the content, so every instance agrees. */
  etag: string;
  gzipped: Buffer;
}

export async function serialize(data: unknown): Promise<SerializedJson> {
  const body = JSON.stringify(data);
  const hash = createHash('sha256').update(body).digest('base64url').slice(0, 27);
  // Off the event loop: compressing 200 KB takes a few milliseconds, once per cache lifetime.
  return { body, etag: `W/"${hash}"`, gzipped: await gzipAsync(body) };
}

/** Public data that organizers change: a change drops this process's cached copies at once. */
export type PublicTopic = 'agenda' | 'exhibitors';
const generations = new Map<PublicTopic, number>();

/**
 * Call after a change of `topic` has committed (an agenda import, an exhibitor import): the next
 * request reads the database again, so its ETag changes and revalidating devices get the new copy.
 * Other instances follow within SERVER_CACHE_MS.
 */
export function publicJsonChanged(topic: PublicTopic): void {
  generations.set(topic, (generations.get(topic) ?? 0) + 1);
}

/**
 * Memoizes `load` for `ttlMs` (or until `topic` changes). Concurrent callers share one load (a
 * cold start under load reads the database once); a failed load is forgotten so the next request
 * tries again.
 */
export function cachedJson(
  load: () => Promise<unknown>,
  ttlMs = SERVER_CACHE_MS,
  topic?: PublicTopic,
): () => Promise<SerializedJson> {
  let entry: { value: Promise<SerializedJson>; expiresAt: number; generation: number } | null = null;
  const generation = () => (topic ? (generations.get(topic) ?? 0) : 0);
  return () => {
    const now = Date.now();
    if (entry && entry.expiresAt > now && entry.generation === generation()) return entry.value;
    // The generation as the load starts: a change committed during the load makes it stale at once.
    const current = { generation: generation(), expiresAt: now + ttlMs, value: load().then(serialize) };
    const { value } = current;
    entry = current;
    value.catch(() => {
      if (entry === current) entry = null;
    });
    return value;
  };
}

/** True when If-None-Match names this entity tag; weak comparison (RFC 9110 §13.1.2), `*` matches. */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

/** True when Accept-Encoding allows gzip (named or `*`, and not refused with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false;
  let accepted = false;
  for (const part of header.toLowerCase().split(',')) {
    const [coding = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.find((param) => param.startsWith('q='));
    const allowed = q === undefined || Number(q.slice(2)) > 0;
    // An explicit gzip entry decides over the wildcard.
    if (coding === 'gzip') return allowed;
    accepted = allowed;
  }
  return accepted;
}

/** Answers with the cached JSON (gzipped when the client takes it), or 304 when the client already holds it. */
export function sendPublicJson(request: FastifyRequest, reply: FastifyReply, json: SerializedJson) {
  // The weak ETag stays the same for both encodings: they are the same content.
  reply.header('cache-control', PUBLIC_CACHE_CONTROL).header('etag', json.etag).header('vary', 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], json.etag)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(json.gzipped);
  // A string with a JSON content type is sent as it is: no second serialization per request.
  return reply.send(json.body);
}
