import { and, eq, ne } from 'drizzle-orm';
import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { z as zm } from 'zod/mini';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, imageVariantQuerySchema } from '#shared/contracts/account.ts';
import { userSchema } from '#shared/contracts/index.ts';
import { images, users } from '../../db/schema/index.ts';
import { HttpProblem, notFound } from '../../plugins/errors.ts';
import { normalisePicture, UNREADABLE_PICTURE, UnreadablePictureError, variantOf } from '../../services/images/avatar-images.ts';
import {
  avatarVersion,
  forgetImage,
  IMMUTABLE,
  imageFiles,
  imageIdOf,
  imageUrl,
  REVALIDATE,
  sendVariant,
} from '../../services/images/image-serving.ts';
import { authOf } from '../../types.ts';
import { toUserDto } from './dto.ts';

export const AVATAR_TOO_LARGE = `The picture is too large: please choose one of at most ${AVATAR_MAX_BYTES / 1024 / 1024} MB.`;
export const AVATAR_WRONG_TYPE = 'Please upload a JPEG, PNG or WebP picture.';

const mediaType = (header: string | undefined) => header?.split(';')[0]?.trim().toLowerCase() ?? '';
const isAvatarType = (type: string): boolean => (AVATAR_TYPES as readonly string[]).includes(type);

/**
 * The avatar: POST /api/user/avatar (raw JPEG, PNG or WebP body), DELETE /api/user/avatar, and
 * GET /api/user/profile/{uuid}/image (anyone's current avatar, for lead lists and profile cards).
 * Not wrapped in fastify-plugin: the image body parser and the error mapping stay in this scope.
 */
export const avatarRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.addContentTypeParser([...AVATAR_TYPES], { parseAs: 'buffer', bodyLimit: AVATAR_MAX_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  // Fastify's own 413 says only "Request body is too large": say what the limit is. Everything
  // else goes on to the app's problem+json handler.
  app.setErrorHandler((error: FastifyError) => {
    if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') throw new HttpProblem(413, AVATAR_TOO_LARGE);
    throw error;
  });

  app.post(
    '/avatar',
    {
      bodyLimit: AVATAR_MAX_BYTES,
      // Both before the body is read: who may upload first, then a JSON or form body never reaches a parser here.
      onRequest: [
        app.authenticate,
        async (request) => {
          if (!isAvatarType(mediaType(request.headers['content-type']))) throw new HttpProblem(415, AVATAR_WRONG_TYPE);
        },
      ],
      schema: { tags: ['user'], response: { 200: userSchema } },
    },
    async (request) => {
      const { body } = request;
      const unreadable = () => new HttpProblem(400, UNREADABLE_PICTURE, [{ path: 'body', message: UNREADABLE_PICTURE }]);
      if (!Buffer.isBuffer(body) || body.length === 0) throw unreadable();
      const picture = await normalisePicture(body).catch((error: unknown) => {
        throw error instanceof UnreadablePictureError ? unreadable() : error;
      });
      const userId = authOf(request).userId;
      const { user, imageId, replaced } = await db.transaction(async (tx) => {
        // Row lock: two uploads at once by the same user cannot both keep their picture.
        await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
        const [image] = await tx
          .insert(images)
          .values({ userId, ...picture })
          .returning({ id: images.id });
        if (!image) throw new Error('image insert returned nothing');
        const replaced = await tx
          .delete(images)
          .where(and(eq(images.userId, userId), ne(images.id, image.id)))
          .returning({ id: images.id });
        const [user] = await tx
          .update(users)
          .set({ image: imageUrl(image.id), updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning();
        return { user, imageId: image.id, replaced };
      });
      if (!user) throw notFound('User');
      // On disk at once: its variants are rendered from there, never read back from the database.
      await imageFiles.put(imageId, 'source', picture.data);
      for (const old of replaced) await forgetImage(old.id);
      app.sessions.userChanged(user);
      return toUserDto(user);
    },
  );

  app.delete(
    '/avatar',
    { onRequest: app.authenticate, schema: { tags: ['user'], response: { 200: userSchema } } },
    async (request) => {
      const userId = authOf(request).userId;
      const { user, removed } = await db.transaction(async (tx) => {
        const removed = await tx.delete(images).where(eq(images.userId, userId)).returning({ id: images.id });
        const [user] = await tx.update(users).set({ image: null, updatedAt: new Date() }).where(eq(users.id, userId)).returning();
        return { user, removed };
      });
      if (!user) throw notFound('User');
      for (const old of removed) await forgetImage(old.id);
      app.sessions.userChanged(user);
      return toUserDto(user);
    },
  );

  app.get(
    '/profile/:uuid/image',
    {
      onRequest: app.authenticate,
      schema: {
        tags: ['user'],
        params: z.object({ uuid: z.uuid() }),
        querystring: zm.extend(imageVariantQuerySchema, { v: zm.optional(zm.string().check(zm.maxLength(36))) }),
      },
    },
    async (request, reply) => {
      const { uuid } = request.params;
      const [owner] = await db.select({ image: users.image }).from(users).where(eq(users.id, uuid)).limit(1);
      const imageId = imageIdOf(owner?.image ?? null);
      // Only the picture users.image points at, and only if it is that user's own.
      const [current] = imageId
        ? await db
            .select({ id: images.id })
            .from(images)
            .where(and(eq(images.id, imageId), eq(images.userId, uuid)))
            .limit(1)
        : [];
      if (!current) throw notFound('Avatar');
      const { v, ...query } = request.query;
      // Only the versioned URL (the one GET /api/user/profile/{uuid} hands out) is immutable.
      const cacheControl = v && v === avatarVersion(current.id) ? IMMUTABLE : REVALIDATE;
      return sendVariant(db, request, reply, current.id, variantOf(query), cacheControl);
    },
  );
};
