import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.ts';
import { images } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { renderVariant, type Variant, VariantCache, variantKey, variantName } from './avatar-images.ts';
import { ImageDiskCache } from './image-cache.ts';

/** One cache of rendered variants per process, shared by /api/image/{id} and the profile avatar route. */
export const variants = new VariantCache();
/** Behind it, every stored picture and rendered variant on disk (buildApp says where). */
export const imageFiles = new ImageDiskCache();

/**
 * Where pictures are kept on disk: in the data dir (the embedded database's folder, or DATA_DIR
 * beside PostgreSQL), or a temporary folder for a database that lives in memory (tests).
 */
export function keepImagesFor(
  config: { DATA_DIR: string; DATABASE_URL?: string },
  database: { dataDir?: string },
  log: FastifyBaseLogger,
) {
  const dataDir = database.dataDir ?? (config.DATABASE_URL ? config.DATA_DIR : undefined);
  imageFiles.keepIn(dataDir === undefined ? undefined : join(dataDir, 'image-cache'));
  imageFiles.log = log;
}

/** Work on a picture running right now, by key: a second request for the same waits for the first. */
const inFlight = new Map<string, Promise<Buffer | undefined>>();
function once(key: string, work: () => Promise<Buffer | undefined>): Promise<Buffer | undefined> {
  let pending = inFlight.get(key);
  if (!pending) {
    pending = work().finally(() => inFlight.delete(key));
    inFlight.set(key, pending);
  }
  return pending;
}

/** The stored picture: from disk, or read from `images` once and kept on disk. Undefined when it is gone. */
function storedPicture(db: Db, imageId: string) {
  return once(`${imageId}:source`, async () => {
    const kept = await imageFiles.get(imageId, 'source');
    if (kept) return kept;
    const [row] = await db.select({ data: images.data }).from(images).where(eq(images.id, imageId)).limit(1);
    if (!row) return undefined;
    await imageFiles.put(imageId, 'source', row.data);
    return row.data;
  });
}

/** A variant's file name: `112x112-crop`, `112x-contain`. */
const fileOf = (variant: Variant) => variantName(variant).replace(':', '-');

/**
 * A variant's bytes: from disk if it was rendered before, else rendered now (one image job) and
 * kept on disk until its image is replaced or deleted. Undefined when the image is gone.
 */
function loadOrRender(db: Db, imageId: string, variant: Variant) {
  if (variant.width === undefined && variant.height === undefined) return storedPicture(db, imageId);
  return once(variantKey(imageId, variant), async () => {
    const file = fileOf(variant);
    const kept = await imageFiles.get(imageId, file);
    if (kept) return kept;
    const source = await storedPicture(db, imageId);
    if (!source) return undefined;
    const data = await renderVariant(source, variant);
    await imageFiles.put(imageId, file, data);
    return data;
  });
}

/** Forgets every kept copy of an image (after it was replaced or deleted). */
export async function forgetImage(imageId: string) {
  variants.forget(imageId);
  await imageFiles.forget(imageId);
}

export const IMMUTABLE = 'private, max-age=31536000, immutable';
/** For a URL whose picture can change (a profile avatar asked for without its version). */
export const REVALIDATE = 'private, no-cache';

/** users.image of an uploaded avatar; the id is the images row. */
export const imageUrl = (id: string) => `/api/image/${id}`;
/** The short version a profile's avatar URL carries: it changes with the picture, so that URL may be cached for good. */
export const avatarVersion = (imageId: string) => imageId.slice(0, 8);
/** How other users reach someone's current avatar (never by image id: those are owner-only). */
export const profileImageUrl = (userId: string, imageId: string) =>
  `/api/user/profile/${userId}/image?v=${avatarVersion(imageId)}`;
/** The avatar URL others may load (the public profile image route), as the lead lists show it. */
export function publicImageOf(userId: string, image: string | null): string | null {
  const imageId = imageIdOf(image);
  return imageId ? profileImageUrl(userId, imageId) : null;
}
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
    body = await loadOrRender(db, imageId, variant);
    if (!body) throw notFound('Image');
    variants.set(key, body);
  }
  return reply.type('image/webp').send(body);
}
