import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { imageVariantQuerySchema } from '#shared/contracts/account.ts';
import { images } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { variantOf } from '../../services/images/avatar-images.ts';
import { IMMUTABLE, sendVariant } from '../../services/images/image-serving.ts';
import { authOf } from '../../types.ts';

/**
 * GET /api/image/{id}?width&height&fit&dpr: a variant of one of the signed-in user's own pictures.
 * Works from <img> (the auth plugin accepts the HttpOnly cookie on GET). Only the owner's images:
 * anyone else's id is a 404 like a missing one; other people's avatars go through
 * /api/user/profile/{uuid}/image, which never takes an image id.
 */
export const imageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/:id',
    {
      onRequest: app.authenticate,
      schema: { tags: ['user'], params: z.object({ id: z.uuid() }), querystring: imageVariantQuerySchema },
    },
    async (request, reply) => {
      const [own] = await db
        .select({ id: images.id })
        .from(images)
        .where(and(eq(images.id, request.params.id), eq(images.userId, authOf(request).userId)))
        .limit(1);
      if (!own) throw notFound('Image');
      // The id changes whenever the picture does, so the browser may keep a variant for good.
      return sendVariant(db, request, reply, own.id, variantOf(request.query), IMMUTABLE);
    },
  );
};
