import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { patchUserBodySchema, profileSchema, userLanguageBodySchema, userSchema } from '#shared/contracts/index.ts';
import { users } from '../../db/schema/index.ts';
import { notFound } from '../../plugins/errors.ts';
import { imageIdOf, profileImageUrl } from '../../services/images/image-serving.ts';
import { authOf } from '../../types.ts';
import { accountDataRoutes } from './account-data.ts';
import { avatarRoutes } from './avatar.ts';
import { toUserDto } from './dto.ts';
import { passwordRoutes } from './password.ts';

/** The signed-in user (GET, PATCH /api/user/), public profile cards, and the avatar and password sub-routes. */
export const meRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  // Prepared once: every device asks for its user on start, and the session cache misses on the first ask.
  const userById = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('userId')))
    .limit(1)
    .prepare('me_user_by_id');

  app.get('/', { onRequest: app.authenticate, schema: { tags: ['user'], response: { 200: userSchema } } }, async (request) => {
    const userId = authOf(request).userId;
    let row = app.sessions.user(userId);
    if (!row) {
      [row] = await userById.execute({ userId });
      if (!row) throw notFound('User');
      app.sessions.setUser(row);
    }
    return toUserDto(row);
  });

  /**
   * Names are trimmed and may not be blank (nameSchema); company may be emptied; absent fields stay
   * as they are and unknown ones are dropped by the schema. Answers the updated user.
   */
  app.patch(
    '/',
    { onRequest: app.authenticate, schema: { tags: ['user'], body: patchUserBodySchema, response: { 200: userSchema } } },
    async (request) => {
      const [row] = await db
        .update(users)
        .set({ ...request.body, updatedAt: new Date() })
        .where(eq(users.id, authOf(request).userId))
        .returning();
      if (!row) throw notFound('User');
      app.sessions.userChanged(row);
      return toUserDto(row);
    },
  );

  /**
   * The account's language (docs/behaviour.md §16): its mails and PDFs are written in it from now on. Its own
   * route rather than a PATCH field, so the app can switch it from the language menu alone.
   */
  app.put(
    '/language',
    {
      onRequest: app.authenticate,
      schema: { tags: ['user'], body: userLanguageBodySchema, response: { 204: z.null() } },
    },
    async (request, reply) => {
      const [row] = await db
        .update(users)
        .set({ language: request.body.language, languageChosen: true, updatedAt: new Date() })
        .where(eq(users.id, authOf(request).userId))
        .returning();
      if (!row) throw notFound('User');
      app.sessions.userChanged(row);
      return reply.code(204).send(null);
    },
  );

  /**
   * Public profile card (name and avatar) of any user, for lead lists and avatars. The avatar is
   * the profile's image route with a version (never the owner-only /api/image/{id}).
   */
  app.get(
    '/profile/:uuid',
    {
      onRequest: app.authenticate,
      schema: { tags: ['user'], params: z.object({ uuid: z.uuid() }), response: { 200: profileSchema } },
    },
    async (request) => {
      const [row] = await db
        .select({ uuid: users.id, firstName: users.firstName, lastName: users.lastName, image: users.image })
        .from(users)
        .where(eq(users.id, request.params.uuid))
        .limit(1);
      if (!row) throw notFound('Profile');
      const imageId = imageIdOf(row.image);
      return { ...row, image: imageId ? profileImageUrl(row.uuid, imageId) : null };
    },
  );

  await app.register(avatarRoutes);
  await app.register(passwordRoutes);
  await app.register(accountDataRoutes);
};
