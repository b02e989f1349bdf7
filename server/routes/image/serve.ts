import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { images, imageVariants } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { renderVariant, type Variant, VariantCache, variantKey, variantName } from '../../services/avatar-images.ts';

/** One cache of rendered variants per process, shared by /api/image/{id} and the profile avatar route. */
export const variants = new VariantCache();

/** Variants being fetched or rendered right now, by key: a second request for one waits for the first. */
const inFlight = new Map<string, Promise<Buffer | undefined>>();

/**
 * A variant's bytes: from image_variants if it was rendered before (here or on another instance),
 * else rendered now (one image job) and kept there until its image is deleted. Undefined when the
 * image is gone.
 */
async function loadOrRender(db: Db, log: FastifyBaseLogger, imageId: string, variant: Variant) {
  const name = variantName(variant);
  const [kept] = await db
    .select({ data: imageVariants.data })
    .from(imageVariants)
    .where(and(eq(imageVariants.imageId, imageId), eq(imageVariants.variant, name)))
    .limit(1);
  if (kept) return kept.data;
  const [row] = await db.select({ data: images.data }).from(images).where(eq(images.id, imageId)).limit(1);
  if (!row) return undefined;
  const data = await renderVariant(row.data, variant);
  if (data !== row.data) {
    // Another instance may have kept the same variant meanwhile (same bytes), or the picture was just
    // deleted: this answer is still good, only keeping it is not.
    await db
      .insert(imageVariants)
      .values({ imageId, variant: name, data })
      .onConflictDoNothing()
      .catch((error: unknown) => log.warn({ err: error, imageId, variant: name }, 'image variant not kept'));
  }
  return data;
}

export const IMMUTABLE = 'private, max-age=31536000, immutable';
/** For a URL whose picture can change (a profile avatar asked for without its version). */
export const REVALIDATE = 'private, no-cache';

/** users.image of an uploaded avatar; the id is the images row. */
export const imageUrl = (id: string) => `/api/image/${id}`;
export function imageIdOf(url: string | null): string | null {
  const match = url?.match(/^\/api\/image\/([0-9a-f-]{36})$/i);
  return match?.[1] ?? null;
}

/**
 * Sends a variant of a stored image. The ETag is the image id plus the variant: an image row never
 * changes (a new picture is a new id), so a matching If-None-Match is answered 304 without reading
 * or rendering anything. The caller has already checked that the requester may see this image.
 */
export async function sendVariant(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  imageId: string,
  variant: Variant,
  cacheControl: string,
) {
  const key = variantKey(imageId, variant);
  const etag = `"${key.replaceAll(':', '-')}"`;
  reply.header('cache-control', cacheControl).header('etag', etag);
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return reply.code(304).send();

  let body = variants.get(key);
  if (!body) {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = loadOrRender(db, request.log, imageId, variant).finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    body = await pending;
    if (!body) throw notFound('Image');
    variants.set(key, body);
  }
  return reply.type('image/webp').send(body);
}
